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

installChunkReload();
installUserChangeReload();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
