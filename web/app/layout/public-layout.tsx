import { Anchor, Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { useHomeTheme } from '../home-theme';
import { useT } from '../i18n';
import { useCloseOnRouteChange } from '../route-change-events';
import { useSession } from '../session';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';

const PublicMenu = lazy(async () => ({ default: (await import('./public-menu')).PublicMenu }));

// Catalog keys (common/i18n/en.json), read in the page's language.
const HEADER_LINKS = [
  { to: '/explore-course', key: 'public.exploreCourses' },
  { to: '/pricing', key: 'public.pricing' },
  { to: '/about-us', key: 'public.aboutUs' },
  { to: '/contact-us', key: 'public.contactUs' },
];

const FOOTER_LINKS = [
  { to: '/referral-program', key: 'public.referralProgram' },
  { to: '/refund-and-cancellation', key: 'public.refund' },
  { to: '/privacy-policy', key: 'public.privacy' },
  { to: '/terms-and-conditions', key: 'public.terms' },
];

/** Public pages in the spec's "home" theme: a light landing look with header and footer links. */
export function PublicLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  useCloseOnRouteChange(close);
  // Mounted from the first opening on, so later closings keep their transition.
  const [menuWanted, setMenuWanted] = useState(false);
  const session = useSession();
  const t = useT();
  useHomeTheme();
  const headerLinks = HEADER_LINKS.map((link) => ({ to: link.to, label: t(link.key) }));
  const authButtons = session ? null : (
    <>
      <Button component={Link} to="/login" variant="default" onClick={close}>
        {t('public.login')}
      </Button>
      <Button component={Link} to="/sign-up" onClick={close}>
        {t('public.signUp')}
      </Button>
    </>
  );
  return (
    <Box data-theme="home">
      <a className="skip-link" href="#main">
        {t('public.skip')}
      </a>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid #e9ecef' }}>
        <Container size="lg">
          <Group justify="space-between">
            <Logo />
            <Group gap="lg" visibleFrom="sm" component="nav" aria-label={t('public.nav.main')}>
              {headerLinks.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} c="inherit">
                  {link.label}
                </Anchor>
              ))}
              {authButtons}
              <LanguageMenu />
            </Group>
            <Burger
              opened={opened}
              onClick={() => {
                setMenuWanted(true);
                toggle();
              }}
              hiddenFrom="sm"
              aria-label={t('public.openMenu')}
            />
          </Group>
        </Container>
      </Box>
      {menuWanted && (
        <Suspense fallback={null}>
          <PublicMenu opened={opened} onClose={close} links={headerLinks} authButtons={authButtons} />
        </Suspense>
      )}
      <Box component="main" id="main" py="xl">
        <Outlet />
      </Box>
      <Box component="footer" py="lg" style={{ borderTop: '1px solid #e9ecef' }}>
        <Container size="lg">
          <Group justify="space-between" gap="sm">
            {/* The server's year and the reader's differ for a few hours at New Year (time zones): the drawn one stays. */}
            <Text size="sm" c="dimmed" suppressHydrationWarning>
              {t('public.copyright', { year: String(new Date().getFullYear()) })}
            </Text>
            <Group gap="md" component="nav" aria-label={t('public.nav.legal')}>
              {FOOTER_LINKS.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
                  {t(link.key)}
                </Anchor>
              ))}
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
