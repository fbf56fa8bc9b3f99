// Before any schema module is evaluated (see the file).
import './app/zod-config';
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startI18n } from './app/i18n';
import { installChunkReload, installUserChangeReload } from './app/reloads';
import { Root } from './app/root';
import { createAppRouter } from './app/router';
import { embeddedGuruId, mountEmbed } from './features/embed';
import { takeReferralFromAddress } from './features/partners/referral-params';
import { PAGES } from './pages';

const container = document.getElementById('root');
const embeddedGuru = embeddedGuruId(window.location.pathname);
if (embeddedGuru) startEmbed(embeddedGuru);
else startApp();

/** A guru inside its owner's website (/embed/guru/:id): its own small root, none of the app around it. */
function startEmbed(guruId: string) {
  if (container) void mountEmbed(container, guruId);
}

function startApp() {
  installChunkReload();
  installUserChangeReload();
  // Before the router reads the address: a ?ref= code is taken out of it and recorded.
  takeReferralFromAddress();
  const router = createAppRouter(PAGES);
  // Their own chunks, after the first page: what runs on route changes costs the landing page nothing. The clean-up
  // (SPEC §9) is there long before anyone can navigate; page views (SPEC §7) are fire-and-forget anyway.
  void import('./app/route-change')
    .then(({ installRouteChangeCleanup }) => installRouteChangeCleanup(router))
    .catch(() => undefined);
  void import('./app/page-views').then(({ trackPageViews }) => trackPageViews(router)).catch(() => undefined);

  // The interface's language first (a Hindi reader's catalog is its own chunk), so no page shows English first.
  void startI18n().then(() => {
    if (!container) return;
    createRoot(container).render(
      <StrictMode>
        <Root router={router} />
      </StrictMode>,
    );
  });
}
