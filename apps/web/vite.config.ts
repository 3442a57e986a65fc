import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

// The server serves dist/ with an SPA fallback and the API at the same origin under /api/v1.
export default defineConfig({
  plugins: [react(), precompress()],
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
