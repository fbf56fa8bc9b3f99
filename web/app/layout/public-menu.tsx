import { Anchor, Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n';
import { LanguageMenu } from './language-menu';

interface Props {
  opened: boolean;
  onClose: () => void;
  links: readonly { to: string; label: string }[];
  /** Login and Sign Up for a visitor, nothing for a logged-in user. */
  authButtons: ReactNode;
}

/**
 * The public header's menu on phones. Its own module, loaded when the burger is first opened: a drawer
 * brings focus trapping and scroll locking that no visitor on a wide screen needs on first load.
 */
export function PublicMenu({ opened, onClose, links, authButtons }: Props) {
  const t = useT();
  return (
    <Drawer
      closeButtonProps={{ 'aria-label': t('public.close') }}
      opened={opened}
      onClose={onClose}
      title={t('public.menu')}
      hiddenFrom="sm"
      position="right"
    >
      <Stack>
        {links.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} onClick={onClose}>
            {link.label}
          </Anchor>
        ))}
        {authButtons}
        <LanguageMenu />
      </Stack>
    </Drawer>
  );
}
