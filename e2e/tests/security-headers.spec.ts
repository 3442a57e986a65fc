import { collectedReports } from '../error-collector';
import { expect, notification, test } from './helpers';

// Every page runs under the server's Content-Security-Policy (no inline script, no eval): a
// violation is a console error, which the shared `test` fixture fails on. These specs also check
// the headers themselves and that error notifications reach the error-reporting service.

test('pages carry the security headers and run under the Content-Security-Policy', async ({ page }) => {
  const res = await page.goto('/');
  const headers = res!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation: (v: string) => void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      ),
    );
  });
  for (const path of ['/', '/sign-in', '/sign-up', '/password/forgot']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test('an error notification is reported to the error-reporting service, cut to 200 characters', async ({ page }) => {
  const code = crypto.randomUUID();
  await page.goto(`/unsubscribe/${code}`);
  await page.getByRole('button', { name: 'Disable all email notifications' }).click();
  await expect(notification(page)).toContainText('Unable to Unsubscribe');
  const reported = async () =>
    (await collectedReports()).filter((r) => r.includes('Unable to Unsubscribe') && r.includes('"environment":"e2e"'));
  await expect.poll(async () => (await reported()).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const report = (await reported())[0]!;
  const message = /"message":"([^"]*)"/.exec(report)?.[1] ?? '';
  expect(message.startsWith('Unable to Unsubscribe: Please try unsubscribing')).toBe(true);
  expect(message.length).toBeLessThanOrEqual(200);
  // The address carried the code; reports keep paths but never the page's query secrets.
  expect(report).not.toMatch(/"authorization"|Bearer /i);
});

test('the app page is revalidated, its scripts arrive compressed and cached for good, and no source map is public', async ({
  page,
  request,
}) => {
  const scripts: { url: string; headers: Record<string, string> }[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push({ url: r.url(), headers: r.headers() });
  });
  const res = await page.goto('/');
  expect(res!.headers()['cache-control']).toBe('no-cache');
  await expect(page.locator('main')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) {
    expect(new URL(s.url).pathname, s.url).toMatch(/^\/assets\//);
    expect(s.headers['cache-control'], s.url).toBe('public, max-age=31536000, immutable');
  }
  // The largest scripts are well over 1 kB: Chromium accepts brotli, so they come as brotli.
  expect(scripts.filter((s) => s.headers['content-encoding'] === 'br').length).toBeGreaterThan(0);
  const first = new URL(scripts[0]!.url).pathname;
  expect((await request.get(`${first}.map`)).status()).toBe(404);
  expect(await (await request.get(first)).text()).not.toContain('sourceMappingURL');
});
