import type { Page } from '@playwright/test';
import { expect, test, DEMO_PASSWORD, signInByApi } from './helpers';
import { SPEAKER, expectResults, uniqueTitle } from './intake-helpers';

// Uploading while recording (issue 19): the Record tab sends the take to a live capture every few
// seconds while the fake microphone plays, so at Stop only the last seconds remain; a dropped
// connection during the recording loses nothing.

const PATCH_URL = /\/api\/v1\/uploads\/[^/?]+$/;

/** Times (ms) at which the server accepted a tus PATCH of the live upload (204). */
function watchPatches(page: Page): number[] {
  const accepted: number[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'PATCH' && PATCH_URL.test(r.url()) && r.status() === 204) accepted.push(Date.now());
  });
  return accepted;
}

async function startRecording(page: Page) {
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/record');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByText('Recording', { exact: true })).toBeVisible({ timeout: 8_000 });
}

/** mm:ss.t of the recorder's timer and the take's badge, in seconds. */
const seconds = (timer: string) => {
  const [m, s] = timer.split(':');
  return Number(m) * 60 + Number(s);
};

/** Stops, names and saves the take; returns its length as the save form shows it. */
async function stopAndSave(page: Page, title: string): Promise<number> {
  await page.getByRole('button', { name: 'Stop' }).click();
  const form = page.getByRole('form', { name: 'Save your recording' });
  await expect(form).toBeVisible();
  const length = seconds((await form.locator('.recording-preview__badge').textContent()) ?? '');
  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return length;
}

/** The recording's duration as the server measured it from the bytes it received. */
async function serverDuration(page: Page): Promise<number> {
  const recordingId = page.url().split('/').pop();
  return page.evaluate(async (id) => {
    const auth = `Bearer ${localStorage.getItem('rostrum.orgCode')}-${localStorage.getItem('rostrum.apiKey')}`;
    const res = await fetch(`/api/v1/recordings/${id}`, { headers: { Authorization: auth } });
    return ((await res.json()) as { data: { duration: number } }).data.duration;
  }, recordingId);
}

test('the take uploads while it is recorded; after Stop and Save the results come', async ({ page }) => {
  // About 45 s on an idle machine; the analysis takes longer when other work shares the cores.
  test.setTimeout(150_000);
  const patches = watchPatches(page);
  await startRecording(page);
  await expect(page.getByTestId('live-status')).toHaveText('Saving as you speak', { timeout: 8_000 });
  await expect(page.getByTestId('record-timer')).toHaveText(/^00:1[5-9]\.\d$/, { timeout: 25_000 });
  const beforeStop = patches.length;
  // A PATCH every few seconds while recording, accepted before Stop, not one at the end.
  expect(beforeStop).toBeGreaterThanOrEqual(3);
  const length = await stopAndSave(page, uniqueTitle('Live take'));
  expect(patches.length).toBeGreaterThan(beforeStop);
  await expectResults(page);
  expect(Math.abs((await serverDuration(page)) - length)).toBeLessThan(1.5);
});

test('a connection dropped for 8 s while recording loses nothing', async ({ page, context }) => {
  // About 45 s on an idle machine; the analysis takes longer when other work shares the cores.
  test.setTimeout(150_000);
  const patches = watchPatches(page);
  await startRecording(page);
  await expect(page.getByTestId('record-timer')).toHaveText(/^00:0[4-9]\.\d$/, { timeout: 10_000 });
  await context.setOffline(true);
  await expect(page.getByTestId('live-status')).toHaveText('Offline: kept on this device for now', { timeout: 8_000 });
  await page.waitForTimeout(8_000);
  const sentWhileOffline = patches.length;
  await context.setOffline(false);
  await expect(page.getByTestId('live-status')).toHaveText('Saving as you speak', { timeout: 10_000 });
  // The bytes held during the outage went up after it, while still recording.
  expect(patches.length).toBeGreaterThan(sentWhileOffline);
  await expect(page.getByTestId('record-timer')).toHaveText(/^00:(19|2\d)\.\d$/, { timeout: 15_000 });
  const length = await stopAndSave(page, uniqueTitle('Offline take'));
  await expectResults(page);
  expect(Math.abs((await serverDuration(page)) - length)).toBeLessThan(1.5);
});
