import { Progress } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { decideRoute, deniedNotice } from '../../../common/guard';
import { titleKey } from '../../../common/i18n/catalog';
import { MSG } from '../../../common/messages';
import { pageTitle } from '../../../common/routes';
import { NotFoundPage } from '../../components/not-found-page';
import { useAccountSwitching } from '../account-switch';
import { api } from '../api';
import { t, useT } from '../i18n';
import { useSession } from '../session';
import { connectSocket, disconnectSocket, onSocketEvent, SERVER_DISCONNECT } from '../socket';
import { clearStorage } from '../storage';
import { toast } from '../toast';

/** Shows the route-loading bar only when loading takes longer than 200 ms, so fast loads do not flicker. */
const LOADING_DELAY_MS = 200;

function useDelayedLoading(): boolean {
  const navigation = useNavigation();
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (navigation.state !== 'loading') {
      setShow(false);
      return;
    }
    const timer = setTimeout(() => setShow(true), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigation.state]);
  return show;
}

/** The guard of SPEC §6 for every route, the page title, and the socket of a logged-in tab. */
export function RootLayout() {
  const location = useLocation();
  const session = useSession();
  const loading = useDelayedLoading();
  const switching = useAccountSwitching();
  const decision = decideRoute(
    location.pathname,
    location.search,
    session
      ? {
          userType: session.userType,
          trialEnded: session.trialEnded,
          subscriptionEnded: session.subscriptionEnded,
        }
      : null,
  );

  // The tab's title in the reader's language: worked out on each render, and useT renders again when it changes.
  const translate = useT();
  const title = pageTitle(location.pathname, (name) => translate(titleKey(name)));
  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    if (decision.kind !== 'tampered') return;
    toast('danger', MSG.tampered);
    disconnectSocket();
    clearStorage();
  }, [decision.kind]);

  // A socket the server ended means the session may be gone: one call finds out, and a 401 there logs the
  // tab out with the server's message (api.ts), instead of the page waiting for its next request.
  useEffect(() => onSocketEvent(SERVER_DISCONNECT, () => void api('/auth/me').catch(() => undefined)), []);

  const token = session?.jwtToken;
  useEffect(() => {
    if (!token || !session) return;
    connectSocket({ jwtToken: token, userId: session.userId, fullName: session.fullName });
  }, [token, session]);

  if (decision.kind === 'tampered') return <Navigate to="/login" replace />;
  if (decision.kind === 'redirect') {
    // A page of other roles: the page they land on says why (DeniedNotice in the app layout).
    const notice = deniedNotice(location.pathname, session?.userType);
    return <Navigate to={decision.to} replace state={notice ? { deniedNotice: notice } : undefined} />;
  }
  return (
    <>
      {(loading || switching) && (
        <Progress
          value={100}
          animated
          size="xs"
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 1000 }}
          aria-label={t('shell.loadingPage')}
        />
      )}
      {switching ? null : decision.kind === 'not-found' ? <NotFoundPage /> : <Outlet />}
    </>
  );
}
