import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
import { routePreload } from './build/route-preload';
import { EARLY_RESPONSES_GLOBAL, RECORDING_PAGE_EXPAND } from './src/api/early-responses';
import { SESSION_STORAGE_KEYS } from './src/app/session-keys';

// The server serves dist/ with an SPA fallback and the API at the same origin under /api/v1.
export default defineConfig({
  plugins: [
    react(),
    // The pages people most often open cold (a results link in an email, the Record button).
    routePreload(
      {
        '/evaluate/:recordingId': {
          page: 'src/features/results/recording-page.tsx',
          data: ['/api/v1/me', `/api/v1/recordings/:recordingId?expand=${RECORDING_PAGE_EXPAND}`],
        },
        '/record': { page: 'src/features/intake/record-page.tsx', data: ['/api/v1/me'] },
      },
      { storageKeys: SESSION_STORAGE_KEYS, global: EARLY_RESPONSES_GLOBAL },
    ),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are built for error-report uploads but never referenced from the files nor served.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: app releases do not invalidate the framework in browser caches.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
            // zod-jitless rides in the zod chunk so the setting is made before any chunk that uses
            // zod runs (a lazily split chunk may parse at load, before main.tsx's own body runs).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]app[\\/]zod-jitless\.ts$/ },
          ],
        },
      },
    },
  },
});
