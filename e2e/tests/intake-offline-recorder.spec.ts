import { expect, shootSizes, test, DEMO_PASSWORD, signInByApi, expectNoSeriousViolations } from './helpers';
import { SPEAKER, uniqueTitle } from './intake-helpers';

// The installable recorder (issue 41): the manifest is linked and served, the service worker
// caches the app shell, and a take recorded and saved with no connection is kept on the device
// (IndexedDB), survives a reload while offline, and uploads itself when the connection returns.

const OFFLINE = 'You are offline. Your take is kept on this device and will upload when you are back online.';

test.use({ viewport: { width: 390, height: 844 } });

test('the manifest is linked and served with its icons', async ({ page, request }) => {
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/record');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as { name: string; start_url: string; display: string; icons: { src: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: 'Rostrum Recorder', start_url: '/record', display: 'standalone' });
  expect(manifest.icons.map((i) => i.purpose)).toContain('maskable');
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  const sw = await request.get('/sw.js');
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('a take saved offline is kept on the device, survives a reload and uploads itself once online', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/record');
  await expect(page.getByRole('button', { name: 'Record', exact: true })).toBeVisible();
  // The worker controls the page once it has cached the shell (clientsClaim: no reload needed).
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30_000 });

  await context.setOffline(true);
  await expect(page.getByText('You are offline. You can still record', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByText('Recording', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('live-status')).toHaveText('Offline: kept on this device for now');
  await expect(page.getByTestId('record-timer')).toHaveText(/^00:0[6-9]\.\d$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  const form = page.getByRole('form', { name: 'Save your recording' });
  await expect(form).toBeVisible();
  const title = uniqueTitle('Offline take');
  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText(OFFLINE)).toBeVisible();
  const take = page.getByTestId('waiting-take');
  await expect(take).toHaveCount(1);
  await expect(take).toContainText(title);
  await expect(take.getByTestId('waiting-take-state')).toHaveText('Waiting to upload');
  await expect(form).toHaveCount(0);
  await shootSizes(page, 'offline-waiting-take', { sizes: [[390, 844]] });
  await expectNoSeriousViolations(page);

  // Offline, the service worker serves the shell: the page and the kept take are still there.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Record. Review. Improve.' })).toBeVisible();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(take).toHaveCount(1);
  await expect(take).toContainText(title);
  await expect(take.getByTestId('waiting-take-state')).toHaveText('Waiting to upload');

  await context.setOffline(false);
  await expect(take.getByTestId('waiting-take-state')).toHaveText('Uploaded', { timeout: 30_000 });
  await shootSizes(page, 'offline-uploaded', { sizes: [[390, 844]] });
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
  const link = take.getByRole('link', { name: 'See results' });
  const href = (await link.getAttribute('href')) ?? '';
  const recordingId = /^\/evaluate\/([0-9a-f-]{36})/.exec(href)?.[1];
  expect(recordingId).toBeTruthy();

  // The server has every byte: the recording is past uploading, with the take's title.
  const recording = () =>
    page.evaluate(async (id) => {
      const auth = `Bearer ${localStorage.getItem('rostrum.orgCode')}-${localStorage.getItem('rostrum.apiKey')}`;
      const res = await fetch(`/api/v1/recordings/${id}`, { headers: { Authorization: auth } });
      return ((await res.json()) as { data: { title: string; state: string } }).data;
    }, recordingId);
  expect((await recording()).title).toBe(title);
  await expect.poll(async () => (await recording()).state, { timeout: 30_000 }).not.toBe('uploading');

  // Uploaded: nothing is left on the device.
  const waitingCount = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('rostrum-takes');
        open.onsuccess = () => {
          const req = open.result.transaction('waiting').objectStore('waiting').count();
          req.onsuccess = () => resolve(req.result);
        };
      }),
  );
  expect(waitingCount).toBe(0);
  await link.click();
  // The helpers' fixture then checks that nothing but failed requests was logged.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
