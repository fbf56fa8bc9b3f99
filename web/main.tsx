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
import { createAppRouter } from './app/router';
import { PAGES } from './pages';

installChunkReload();
installUserChangeReload();
const router = createAppRouter(PAGES);

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Root router={router} />
    </StrictMode>,
  );
}
