import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, signInByApi } from './helpers';
import { SPEAKER, expectResults, media, openTab, uniqueTitle } from './intake-helpers';

// Upload URL (spec 001 sections 2, 5 and 8). The server fetches the file itself; only public
// addresses are allowed, plus 127.0.0.1 through the test server's URL_FETCH_ALLOW_HOSTS.

let server: http.Server;
let base = '';
const requests: string[] = [];

test.beforeAll(async () => {
  const wav = fs.readFileSync(media('speech.wav'));
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': wav.length });
    res.end(wav);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a URL on an allowed host is downloaded and analysed', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByApi(page, SPEAKER);
  await openTab(page, 'Upload URL');
  const title = uniqueTitle('From a link');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('textbox', { name: 'URL' }).fill(`${base}/talks/meeting.wav`);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectResults(page);
  expect(requests).toContain('/talks/meeting.wav');

  // The recording picker finds it by title.
  await page.getByRole('button', { name: 'Switch recording' }).click();
  await page.getByRole('combobox', { name: 'Search recordings' }).fill(title);
  // Scoped to the picker's list: the page's other selects (the share link's expiry) have options too.
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: new RegExp(title) })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Search recordings' })).toHaveCount(0);
});

test('private addresses are refused by the server; Zoom share links by the page', async ({ page }) => {
  await signInByApi(page, SPEAKER);
  await openTab(page, 'Upload URL');
  await page.getByLabel('Title').fill(uniqueTitle('Private address'));
  const refused = 'That address cannot be fetched: only public http(s) addresses are allowed.';
  for (const url of ['http://10.0.0.1/talk.mp3', 'http://169.254.169.254/latest/meta-data/talk.wav']) {
    await page.getByRole('textbox', { name: 'URL' }).fill(url);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(refused)).toBeVisible();
    // 001 section 8: the spec's sentence on a 400 too, the server's reason after it.
    await expect(page.getByRole('alert').filter({ hasText: 'URL Upload Error' })).toContainText(
      'Error processing the URL. Please ensure the URL you entered is correct. You may also wish to reload the page then resubmit the URL.',
    );
    await expect(page).toHaveURL(/\/record/);
  }

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/recordings')) posts.push(r.url());
  });
  await page.getByRole('textbox', { name: 'URL' }).fill('https://us02web.zoom.us/rec/share/AbCdEf123');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(
      'Zoom Share Links are not supported. To process a Zoom video, please either use our Zoom integration or download the video then upload it via the Upload File tab.',
    ),
  ).toBeVisible();
  expect(posts).toEqual([]);

  await page.getByRole('textbox', { name: 'URL' }).fill('ftp://example.com/talk.mp3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter the address of an audio or video file (http:// or https://).')).toBeVisible();
});
