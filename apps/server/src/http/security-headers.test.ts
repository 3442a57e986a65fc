import type { TConfig } from '../config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/harness.js';
import { helmetOptions } from './security-headers.js';

let plain: TTestApp;
let https: TTestApp;
beforeAll(async () => {
  plain = await startTestApp();
  https = await startTestApp({ config: { publicUrl: 'https://rostrum.example', corsAllowedOrigins: ['https://lms.example'] } });
});
afterAll(async () => {
  await plain?.close();
  await https?.close();
});

const health = (t: TTestApp, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/v1/health', headers });

describe('security headers', () => {
  it('sends a Content-Security-Policy without inline script and no framing, nosniff and a strict referrer policy', async () => {
    for (const res of [await health(plain), await plain.app.inject({ method: 'GET', url: '/api/v1/nothing-here' })]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // The installable recorder's service worker and manifest.
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('allows Stripe.js, its frames and its API only when card payment is configured', () => {
    const directives = (stripe: boolean) => {
      const csp = helmetOptions({
        publicUrl: 'https://rostrum.example',
        ...(stripe ? { stripe: { secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1' } } : {}),
      }).contentSecurityPolicy;
      return (csp as { directives: Record<string, string[]> }).directives;
    };
    expect(directives(false).scriptSrc).toEqual(["'self'"]);
    expect(directives(false).frameSrc).toBeUndefined();
    expect(directives(true).scriptSrc).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(directives(true).frameSrc).toContain('https://hooks.stripe.com');
    expect(directives(true).connectSrc).toContain('https://api.stripe.com');
    expect(directives(true).frameAncestors).toEqual(["'none'"]);
  });

  it('lets media play from the bucket only when playback goes by presigned bucket addresses', () => {
    const mediaSrc = (s3?: Partial<NonNullable<TConfig['s3']>>) => {
      const bucket = { bucket: 'media', region: 'eu-west-1', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: true, presign: true };
      const csp = helmetOptions({ publicUrl: 'https://rostrum.example', s3: s3 && { ...bucket, ...s3 } }).contentSecurityPolicy;
      return (csp as { directives: Record<string, string[]> }).directives.mediaSrc;
    };
    expect(mediaSrc()).toEqual(["'self'", 'blob:']);
    expect(mediaSrc({ endpoint: 'https://minio.example:9000/' })).toEqual(["'self'", 'blob:', 'https://minio.example:9000']);
    expect(mediaSrc({ forcePathStyle: false })).toEqual(["'self'", 'blob:', 'https://media.s3.eu-west-1.amazonaws.com']);
    expect(mediaSrc({ endpoint: 'https://minio.example', presign: false })).toEqual(["'self'", 'blob:']);
  });

  it('sends HSTS only when the public address is https', async () => {
    expect((await health(plain)).headers['strict-transport-security']).toBeUndefined();
    expect((await health(https)).headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });
});

describe('CORS', () => {
  it('sends no CORS headers unless an allowed origin is configured', async () => {
    const res = await health(plain, { origin: 'https://evil.example' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await plain.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/me',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("answers a bare OPTIONS without the plugin's text/plain 400 when origins are configured", async () => {
    const res = await https.app.inject({ method: 'OPTIONS', url: '/api/v1/me', headers: { origin: 'https://lms.example' } });
    expect(res.statusCode).toBeLessThan(400);
  });

  it('allows exactly the configured origins', async () => {
    expect((await health(https, { origin: 'https://lms.example' })).headers['access-control-allow-origin']).toBe('https://lms.example');
    expect((await health(https, { origin: 'https://evil.example' })).headers['access-control-allow-origin']).toBeUndefined();
  });
});
