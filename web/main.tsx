// Before any schema module is evaluated (see the file).
import './app/zod-config';
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installChunkReload, installUserChangeReload } from './app/reloads';
import { Root } from './app/root';
import { installRouteChangeCleanup } from './app/route-change';
import { createAppRouter } from './app/router';
import { takeReferralFromAddress } from './features/partners/referral-params';
import { PAGES } from './pages';

installChunkReload();
installUserChangeReload();
// Before the router reads the address: a ?ref= code is taken out of it and recorded.
takeReferralFromAddress();
const router = createAppRouter(PAGES);
installRouteChangeCleanup(router);
// Its own chunk, after the first page: page views must cost the landing page nothing (SPEC §7).
void import('./app/page-views').then(({ trackPageViews }) => trackPageViews(router)).catch(() => undefined);

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Root router={router} />
    </StrictMode>,
  );
}
