import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { TConfig } from '../config.js';

/**
 * Security headers for every response (@fastify/helmet). The Content-Security-Policy is one the
 * built web app satisfies: scripts only from this origin (Vite emits no inline script), no
 * framing, no plugins. Styles allow inline because wavesurfer.js styles its shadow DOM with a
 * <style> element. HSTS is sent only when the public address is https.
 */
export function helmetOptions(config: Pick<TConfig, 'publicUrl' | 'sentryDsn'>): FastifyHelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  const reportOrigin = config.sentryDsn ? new URL(config.sentryDsn).origin : null;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Recording previews play from blob: addresses before the upload.
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...(reportOrigin ? [reportOrigin] : [])],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Links in this product carry secrets in their query (reset tokens, sign-in keys): never
    // send them to another site.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}
