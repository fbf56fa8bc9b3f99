import { AppShell, Burger, Group, LoadingOverlay, ScrollArea, useMantineTheme } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Outlet, useLocation, useMatches } from 'react-router';
import { endedPage } from '../../../common/guard';
import { isUserType } from '../../../common/roles';
import { ROUTES_WHEN_ENDED, type RouteMeta } from '../../../common/routes';
import { useT } from '../i18n';
import { useCloseOnRouteChange } from '../route-change-events';
import { useSession } from '../session';
import { LS } from '../storage';
import { DeniedNotice } from './denied-notice';
import { EndedBar } from './ended-bar';
import { Logo } from './logo';
import { SideNav } from './side-nav';
import { useImagesReady } from './use-images-ready';
import { useMessageIndicators } from './use-message-indicators';
import { useReviewNotifications } from './use-review-notifications';

/**
 * The logged-in shell: side navigation (collapsible, remembered), header on phones, loader, and the
 * confirmation modals (only logged-in pages ask to confirm, so public pages never load the modal code).
 */
export function AppLayout() {
  const session = useSession();
  const t = useT();
  const location = useLocation();
  const matches = useMatches();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  useCloseOnRouteChange(closeMobile);
  const [sideNav, setSideNav] = useLocalStorage<'expanded' | 'collapsed'>({
    key: LS.sideNav,
    defaultValue: 'expanded',
  });
  // Collapsing is a desktop choice: the phone menu opens as a drawer and always shows the names.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`) ?? true;
  const imagesReady = useImagesReady(session?.userId);
  // Once the trial or subscription has ended the server refuses the unread lists: do not ask for them.
  useMessageIndicators(
    session?.userId,
    session && isUserType(session.userType) && endedPage(session) === null ? session.userType : undefined,
  );
  useReviewNotifications(session?.userType === 'teacher' || session?.userType === 'institute');
  const meta = matches.at(-1)?.handle as RouteMeta | undefined;
  if (!session || !isUserType(session.userType)) return null;

  const ended = endedPage(session) !== null;
  // With the trial or subscription over only a few pages remain: the full navigation would lead nowhere.
  const hideNav =
    !meta?.sideNav || (ended && (ROUTES_WHEN_ENDED as readonly string[]).includes(location.pathname));
  const collapsed = sideNav === 'collapsed' && wide;

  return (
    <ModalsProvider labels={{ confirm: t('shell.confirm'), cancel: t('shell.cancel') }}>
      <AppShell
        header={{ height: { base: 56, sm: hideNav ? 56 : 0 } }}
        navbar={
          hideNav
            ? undefined
            : { width: collapsed ? 80 : 270, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }
        }
        padding="md"
      >
        <AppShell.Header hiddenFrom={hideNav ? undefined : 'sm'}>
          <Group h="100%" px="md" justify="space-between">
            <Group>
              {!hideNav && (
                <Burger
                  opened={mobileOpened}
                  onClick={toggleMobile}
                  size="sm"
                  aria-label={t('shell.toggleNav')}
                />
              )}
              <Logo to={location.pathname} />
            </Group>
            {hideNav && ended && <EndedBar />}
          </Group>
        </AppShell.Header>
        {!hideNav && (
          <AppShell.Navbar p="sm" component="nav" aria-label={t('shell.sideNav')}>
            <ScrollArea style={{ flex: 1 }} type="auto">
              <SideNav
                session={session}
                userType={session.userType}
                activeName={meta?.name ?? ''}
                collapsed={collapsed}
                onToggleCollapsed={() => setSideNav(collapsed ? 'expanded' : 'collapsed')}
                onNavigate={closeMobile}
              />
            </ScrollArea>
          </AppShell.Navbar>
        )}
        <AppShell.Main id="main">
          <LoadingOverlay
            visible={!imagesReady}
            zIndex={300}
            overlayProps={{ blur: 1 }}
            aria-label={t('shell.loading')}
          />
          <DeniedNotice />
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
