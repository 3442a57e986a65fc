import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress';
import { routePreload } from './build/route-preload';
import { EARLY_RESPONSES_GLOBAL, RECORDING_PAGE_EXPAND } from './src/api/early-responses';
import { SESSION_STORAGE_KEYS } from './src/app/session-keys';

// tokens.css, base.css and shared.css ride in the ui chunk (main.tsx imports them before any of its
// modules, so they come first in it): the ui chunk's style sheet, with each component's own CSS, is
// linked before the entry's, and a component's rules must come after the base and shared rules they
// override (:focus-visible, .icon-tile).
const UI_MODULES =
  /node_modules[\\/]lucide-react[\\/]|apps[\\/]web[\\/]src[\\/](app|api|components)[\\/]|apps[\\/]web[\\/]src[\\/]styles[\\/](tokens|base|shared)\.css$/;
/** Shared components that bring a large library of their own stay with the pages that use them. */
const NOT_UI_MODULES = /src[\\/]components[\\/](waveform|line-chart)[\\/]/;
const RESULTS_MODULES =
  /apps[\\/]web[\\/]src[\\/](features[\\/](results|feedback)|components[\\/]waveform)[\\/]|node_modules[\\/]wavesurfer\.js[\\/]/;

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
      // Inter's Latin letters, which every page shows (the other subsets load only when used).
      [/inter-latin-wght-normal-[\w-]+\.woff2$/],
    ),
    // The installable recorder (issue 41): the manifest and a service worker that precaches the
    // app shell (it links the manifest from index.html itself). Navigations fall back to the cached index.html, never under /api/; no API answer
    // and no media is cached (no runtime caching at all). src/features/intake/offline registers it.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/record',
        name: 'Rostrum Recorder',
        short_name: 'Rostrum',
        description: 'Record your speech on this device, even offline; it uploads for analysis when you are back online.',
        start_url: '/record',
        scope: '/',
        display: 'standalone',
        // tokens.css: --color-primary-800 and --color-grey-50.
        theme_color: '#312e81',
        background_color: '#f6f7fa',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Inter's Latin letters only (the other subsets load from the network when a page needs them).
        globPatterns: ['**/*.{js,css,html,svg,png}', 'assets/inter-latin-wght-normal-*.woff2'],
        globIgnores: ['**/*.map'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        // A new release's shell takes over from the next load; the page is never reloaded for it.
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // As for the app's files: no map is referenced (nor served).
        sourcemap: false,
      },
    }),
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
            // A cold page used to wait for forty-odd chunks of a few hundred bytes each (an icon, a
            // button), six at a time over HTTP/1.1. The shell's shared parts are one chunk, and the
            // results page (with its waveform and feedback) is another.
            { name: 'ui', test: (id) => UI_MODULES.test(id) && !NOT_UI_MODULES.test(id) },
            { name: 'results', test: RESULTS_MODULES },
          ],
        },
      },
    },
  },
});
