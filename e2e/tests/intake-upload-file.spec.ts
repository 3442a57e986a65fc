import fs from 'node:fs';
import { expect, test, signInByApi } from './helpers';
import { PROCESSING, SPEAKER, media, openTab, uniqueTitle } from './intake-helpers';

// Upload File (spec 001 sections 2, 5 and 8): a resumable tus upload with a real progress bar.

const CHUNK = 256 * 1024;

test('a dropped connection stops the upload; Retry Upload continues where it stopped', async ({ page }) => {
  test.setTimeout(90_000);
  const file = media('speech-large.wav');
  const size = fs.statSync(file).size;
  // Test hook: small chunks, so the 3 MB file takes a dozen PATCH requests.
  await page.addInitScript((chunk) => window.localStorage.setItem('rostrum.uploadChunkSize', String(chunk)), CHUNK);

  let offline = false;
  let retried = false;
  const patches: { offset: number; bytes: number; afterRetry: boolean }[] = [];
  await page.route('**/api/v1/uploads/*', async (route) => {
    const req = route.request();
    if (req.method() === 'PATCH' && !retried && patches.length >= 2) offline = true;
    if (offline && (req.method() === 'PATCH' || req.method() === 'HEAD')) return route.abort('internetdisconnected');
    if (req.method() === 'PATCH') {
      patches.push({ offset: Number(req.headers()['upload-offset']), bytes: req.postDataBuffer()?.length ?? 0, afterRetry: retried });
    }
    return route.continue();
  });

  await signInByApi(page, SPEAKER);
  await openTab(page, 'Upload File');
  await expect(page.getByText('Many formats accepted. Max 200 MB, 15min')).toBeVisible();
  const title = uniqueTitle('Resumed upload');
  await page.getByLabel('Title').fill(title);
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByText('speech-large.wav')).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  await expect(
    page.getByText(
      'Error uploading your file. Please retry your upload. If you attempted to upload a file larger than 200 MB, please use a smaller file.',
    ),
  ).toBeVisible({ timeout: 20_000 });
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', /^(1[0-9]|[1-9])$/);
  expect(patches.length).toBe(2);

  offline = false;
  retried = true;
  await page.getByRole('button', { name: 'Retry Upload' }).click();
  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 30_000 });

  // Continued, not restarted: the first PATCH after the retry starts at the server's offset,
  // and every byte of the file was sent exactly once.
  const after = patches.filter((p) => p.afterRetry);
  expect(after[0]?.offset).toBe(2 * CHUNK);
  expect(patches.reduce((n, p) => n + p.bytes, 0)).toBe(size);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(PROCESSING).or(page.getByTestId('take-summary-score'))).toBeVisible();
});

test('a text file named .mp3 is refused by the server and no recording remains', async ({ page }) => {
  await signInByApi(page, SPEAKER);
  await openTab(page, 'Upload File');
  const title = uniqueTitle('Not really audio');
  await page.getByLabel('Title').fill(title);
  await page.locator('input[type=file]').setInputFiles(media('not-audio.mp3'));
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(
    page.getByText('You have submitted a file with an invalid filetype. Only audio and video files may be uploaded.'),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/record/);
  await page.goto('/evaluate');
  await expect(page.getByRole('list', { name: 'Recordings' }).or(page.getByText('You have no recordings yet.'))).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
});

test('the chooser refuses a non-media extension before uploading', async ({ page }) => {
  await signInByApi(page, SPEAKER);
  await openTab(page, 'Upload File');
  await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(
    page.getByText('You have submitted a file with an invalid filetype. Only audio and video files may be uploaded.'),
  ).toBeVisible();
});

test('a file under 5 seconds is refused with the Record tab message and never uploaded', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && /\/api\/v1\/(recordings|uploads)$/.test(req.url())) sent.push(req.url());
  });
  await signInByApi(page, SPEAKER);
  await openTab(page, 'Upload File');
  await page.getByLabel('Title').fill(uniqueTitle('Too short'));
  await page.locator('input[type=file]').setInputFiles(media('speech-3s.wav'));
  await expect(page.getByRole('alert')).toHaveText(
    'Your recording is only 3 seconds long. Recordings shorter than 5 seconds long cannot be submitted.',
  );
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page).toHaveURL(/\/record/);
  expect(sent).toEqual([]);
});

test('Retry Upload is offered when creating the recording fails, and creates it', async ({ page }) => {
  test.setTimeout(60_000);
  let creates = 0;
  await page.route('**/api/v1/recordings', (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    creates += 1;
    return creates === 1 ? route.abort('internetdisconnected') : route.continue();
  });
  await signInByApi(page, SPEAKER);
  await openTab(page, 'Upload File');
  const title = uniqueTitle('Retried create');
  await page.getByLabel('Title').fill(title);
  await page.locator('input[type=file]').setInputFiles(media('speech.wav'));
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(
    page.getByText(
      'Error uploading your file. Please retry your upload. If you attempted to upload a file larger than 200 MB, please use a smaller file.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Retry Upload' }).click();
  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(creates).toBe(2);
});

test('a failed recording can be deleted from its page', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByApi(page, SPEAKER);
  await openTab(page, 'Upload File');
  const title = uniqueTitle('Silent take');
  await page.getByLabel('Title').fill(title);
  await page.locator('input[type=file]').setInputFiles(media('silence-8s.wav'));
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const failed = page.locator('.recording-failed');
  await expect(failed).toBeVisible({ timeout: 90_000 });
  await failed.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this recording?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL('/evaluate');
  await expect(page.getByRole('list', { name: 'Recordings' }).or(page.getByText('You have no recordings yet.'))).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
});

test('a conversational video upload hides its video by default', async ({ page }) => {
  test.setTimeout(150_000);
  await signInByApi(page, SPEAKER);
  await openTab(page, 'Upload File');
  await page.getByLabel('Title').fill(uniqueTitle('Team conversation'));
  await page.getByRole('radio', { name: 'Multi-Speaker' }).check({ force: true });
  await page.locator('input[type=file]').setInputFiles(media('speech.mp4'));
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Show video' })).toBeVisible({ timeout: 120_000 });
  await expect(page.locator('video.media-card__video')).toBeHidden();
});
