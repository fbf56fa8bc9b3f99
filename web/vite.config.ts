import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompiledCatalogs } from './build/precompiled-catalogs';
import { precompress } from './build/precompress';

const webRoot = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  root: webRoot,
  plugins: [precompiledCatalogs(), react(), precompress()],
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // .vite/manifest.json: scripts/page-weight.ts follows each page's chunks through it (never served: a dot folder).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      // Referral links (/r/<code>) are the server's: it counts the click and sets the attribution cookie.
      '/r/': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
