import { expect, test, DEMO_PASSWORD, signInByApi } from './helpers';
import { SPEAKER, expectResults, uniqueTitle } from './intake-helpers';

// A browser take survives a reload (issue 19): while recording, the Record tab keeps the take on
// the device (IndexedDB); after a reload mid-recording it offers the take (as the unsaved take
// the server also has), Save it opens the save form, and Save resumes the capture's upload where
// the server has it. The take is offered to the user who recorded it only.

const NOTICE = /^You have an unsaved take from .+:$/;
const OTHER_SPEAKER = 'speaker@summit.example';

test('a reload mid-recording loses nothing: the take is offered, kept, saved and analysed', async ({ page }) => {
  // About 40 s on an idle machine; the analysis takes longer when other work shares the cores.
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/record');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByText('Recording', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('live-status')).toHaveText('Saving as you speak', { timeout: 8_000 });
  await expect(page.getByTestId('record-timer')).toHaveText(/^00:(09|1\d)\.\d$/, { timeout: 20_000 });
  await page.reload();

  const offer = page.getByTestId('unsaved-take');
  await expect(offer).toHaveCount(1);
  await expect(offer.locator('p')).toHaveText(NOTICE);
  // Offered once: the device copy is that same take.
  await expect(page.getByTestId('kept-take')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Record', exact: true })).toHaveCount(0);

  // Another user signing in on this browser is not offered it.
  await signInByApi(page, OTHER_SPEAKER, DEMO_PASSWORD, '/record');
  await expect(page.getByRole('button', { name: 'Record', exact: true })).toBeVisible();
  await expect(page.getByTestId('kept-take')).toHaveCount(0);
  await expect(page.getByTestId('unsaved-take')).toHaveCount(0);

  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/record');
  // From here the kept capture's upload resumes (HEAD, PATCH): no new upload is created.
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/(uploads|live-captures)/.test(r.url())) uploads.push(r.method());
  });
  await offer.getByRole('button', { name: 'Save it' }).click();
  const form = page.getByRole('form', { name: 'Save your recording' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Title')).toBeFocused();
  const badge = (await form.locator('.recording-preview__badge').textContent()) ?? '';
  // The kept length is that of the last second kept (the reload cut the one being recorded).
  expect(badge).toMatch(/^00:(0[7-9]|1\d)\.\d$/);
  const title = uniqueTitle('Kept take');
  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectResults(page);
  expect(uploads).toContain('HEAD');
  expect(uploads).not.toContain('POST');
  // The server measured the kept bytes: the take's length within a second or two.
  const duration = await page.evaluate(async (id) => {
    const auth = `Bearer ${localStorage.getItem('rostrum.orgCode')}-${localStorage.getItem('rostrum.apiKey')}`;
    const res = await fetch(`/api/v1/recordings/${id}`, { headers: { Authorization: auth } });
    return ((await res.json()) as { data: { duration: number } }).data.duration;
  }, page.url().split('/').pop());
  const [m, sec] = badge.split(':');
  expect(Math.abs(duration - (Number(m) * 60 + Number(sec)))).toBeLessThan(2);

  // Saved with every byte: the device copy is gone.
  await page.goto('/record');
  await expect(page.getByRole('button', { name: 'Record', exact: true })).toBeVisible();
  await expect(page.getByTestId('kept-take')).toHaveCount(0);
  await expect(page.getByTestId('unsaved-take')).toHaveCount(0);
  expect(errors).toEqual([]);
});
