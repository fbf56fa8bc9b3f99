import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../i18n';

export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  const t = useT();
  return (
    <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }} aria-label={t('shell.logoHome')}>
      <Group gap={8}>
        <ThemeIcon size="lg" radius="md" variant="filled">
          <IconSchool size={20} />
        </ThemeIcon>
        {!compact && (
          <Text fw={800} size="lg">
            {t('brand.name')}
          </Text>
        )}
      </Group>
    </Link>
  );
}
