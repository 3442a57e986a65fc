import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { TConfig } from '../config.js';
import { presignedMediaOrigin } from '../storage/s3-media-storage.js';

/**
 * Security headers for every response (@fastify/helmet). The Content-Security-Policy is one the
 * built web app satisfies: scripts only from this origin (Vite emits no inline script), no
 * framing, no plugins. Styles allow inline because wavesurfer.js styles its shadow DOM with a
 * <style> element. HSTS is sent only when the public address is https.
 */
export function helmetOptions(config: Pick<TConfig, 'publicUrl' | 'sentryDsn' | 'stripe' | 's3'>): FastifyHelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  const reportOrigin = config.sentryDsn ? new URL(config.sentryDsn).origin : null;
  // Card payments: Stripe.js and its Payment Element (iframes, 3-D Secure pages), as Stripe documents.
  const stripe = !!config.stripe;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Recording previews play from blob: addresses before the upload; with media in a bucket,
        // playback is redirected to presigned addresses there.
        mediaSrc: ["'self'", 'blob:', ...(config.s3?.presign ? [presignedMediaOrigin(config.s3)] : [])],
        connectSrc: ["'self'", ...(reportOrigin ? [reportOrigin] : []), ...(stripe ? ['https://api.stripe.com'] : [])],
        ...(stripe ? { frameSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        // The installable recorder: its service worker (/sw.js) and web app manifest, from this origin.
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
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

/**
 * The one exception to "no framing": the LTI launch pages a learning platform shows in its
 * iframe (modules/lti/lti-pages.ts). They get their own policy, framed by the registered
 * platform's origins only; no script but one with this response's nonce, forms only to `formAction`.
 */
export function ltiPageCsp(opts: { frameAncestors: string[]; formAction: string[]; scriptNonce?: string }): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    opts.scriptNonce ? `script-src 'nonce-${opts.scriptNonce}'` : "script-src 'none'",
    "base-uri 'none'",
    `form-action ${opts.formAction.join(' ') || "'none'"}`,
    `frame-ancestors ${opts.frameAncestors.join(' ') || "'none'"}`,
  ].join('; ');
}
