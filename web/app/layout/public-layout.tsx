import { Anchor, Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { useHomeTheme } from '../home-theme';
import { useCloseOnRouteChange } from '../route-change-events';
import { useSession } from '../session';
import { Logo } from './logo';

const PublicMenu = lazy(async () => ({ default: (await import('./public-menu')).PublicMenu }));

const HEADER_LINKS = [
  { to: '/explore-course', label: 'Explore Courses' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/about-us', label: 'About Us' },
  { to: '/contact-us', label: 'Contact Us' },
];

const FOOTER_LINKS = [
  { to: '/referral-program', label: 'Referral Program' },
  { to: '/refund-and-cancellation', label: 'Refund and Cancellation' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
];

/** Public pages in the spec's "home" theme: a light landing look with header and footer links. */
export function PublicLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  useCloseOnRouteChange(close);
  // Mounted from the first opening on, so later closings keep their transition.
  const [menuWanted, setMenuWanted] = useState(false);
  const session = useSession();
  useHomeTheme();
  const authButtons = session ? null : (
    <>
      <Button component={Link} to="/login" variant="default" onClick={close}>
        Login
      </Button>
      <Button component={Link} to="/sign-up" onClick={close}>
        Sign Up
      </Button>
    </>
  );
  return (
    <Box data-theme="home">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid #e9ecef' }}>
        <Container size="lg">
          <Group justify="space-between">
            <Logo />
            <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Main">
              {HEADER_LINKS.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} c="inherit">
                  {link.label}
                </Anchor>
              ))}
              {authButtons}
            </Group>
            <Burger
              opened={opened}
              onClick={() => {
                setMenuWanted(true);
                toggle();
              }}
              hiddenFrom="sm"
              aria-label="Open menu"
            />
          </Group>
        </Container>
      </Box>
      {menuWanted && (
        <Suspense fallback={null}>
          <PublicMenu opened={opened} onClose={close} links={HEADER_LINKS} authButtons={authButtons} />
        </Suspense>
      )}
      <Box component="main" id="main" py="xl">
        <Outlet />
      </Box>
      <Box component="footer" py="lg" style={{ borderTop: '1px solid #e9ecef' }}>
        <Container size="lg">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} Gurukul
            </Text>
            <Group gap="md" component="nav" aria-label="Legal">
              {FOOTER_LINKS.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
                  {link.label}
                </Anchor>
              ))}
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
