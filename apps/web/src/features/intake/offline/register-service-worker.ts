// The installable recorder's service worker (built by vite-plugin-pwa: vite.config.ts) caches the
// app shell so /record opens without a connection. Production builds only: in development Vite
// serves modules that change on every edit. The worker takes over at once when first installed
// (clientsClaim) but never reloads the page: a new release's shell is used from the next load,
// so nothing interrupts a take being recorded.

export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // No worker (a private window, a blocked script): the app works online as before.
    });
  };
  // After the page's own files: the worker's precache downloads do not compete with them.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
