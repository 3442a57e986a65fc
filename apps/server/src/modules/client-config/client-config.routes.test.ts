import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';

// The web app reads the operator's free-trial thanks page here (001 section 2: "After a URL
// upload, free-trial users are sent to an external thanks page"); none: the app's own.
let plain: TTestApp;
let withThanks: TTestApp;
beforeAll(async () => {
  plain = await startTestApp();
  withThanks = await startTestApp({ config: { freeTrialThanksUrl: 'https://example.com/thanks' } });
});
afterAll(async () => {
  await plain?.close();
  await withThanks?.close();
});

describe('GET client-config', () => {
  it('gives the free-trial thanks page, or null when the operator set none', async () => {
    const none = await plain.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(none.statusCode).toBe(200);
    expect(none.json().data.freeTrialThanksUrl).toBeNull();
    const set = await withThanks.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(set.json().data.freeTrialThanksUrl).toBe('https://example.com/thanks');
  });
});
