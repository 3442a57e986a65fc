import { expect, test, DEMO_PASSWORD, signInByApi } from './helpers';
import { SPEAKER, expectResults, uniqueTitle } from './intake-helpers';
import type { Page } from '@playwright/test';

// Nothing lost (issue 38): a take whose audio reached the server but that was never saved (the
// tab closed or reloaded before Save, the browser crashed or the phone slept mid-take) is offered
// on the record page and on the speaker's landing page as "You have an unsaved take from {time}:"
// with Save it and Discard, until it is saved or discarded.

interface TTake {
  captureId: string;
  startedAt: string;
  stopped: boolean;
}

/** GET live-captures as the signed-in user of the page. */
function unsavedTakes(page: Page): Promise<TTake[]> {
  return page.evaluate(async () => {
    const auth = `Bearer ${localStorage.getItem('rostrum.orgCode')}-${localStorage.getItem('rostrum.apiKey')}`;
    const res = await fetch('/api/v1/live-captures', { headers: { Authorization: auth } });
    return ((await res.json()) as { data: TTake[] }).data;
  });
}

/** Starts from no unsaved take of the speaker (another spec may have left one). */
async function discardAll(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const auth = `Bearer ${localStorage.getItem('rostrum.orgCode')}-${localStorage.getItem('rostrum.apiKey')}`;
    const res = await fetch('/api/v1/live-captures', { headers: { Authorization: auth } });
    for (const t of ((await res.json()) as { data: TTake[] }).data)
      await fetch(`/api/v1/live-captures/${t.captureId}`, { method: 'DELETE', headers: { Authorization: auth } });
  });
}

/** The take's start as the app writes dates and times (components/date-format.ts). */
function appTime(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (at) =>
      new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
        new Date(at),
      ),
    iso,
  );
}

/** Records about `seconds` seconds on the Record tab (the upload runs meanwhile). */
async function recordFor(page: Page, seconds: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('live-status')).toHaveText('Saving as you speak', { timeout: 15_000 });
  await expect(page.getByTestId('record-timer')).toHaveText(seconds, { timeout: 20_000 });
}

/** Records and stops; returns once the server has the whole take (its stop arrived). */
async function recordAndStop(page: Page): Promise<TTake> {
  await recordFor(page, /^00:(0[8-9]|1\d)\.\d$/);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('form', { name: 'Save your recording' })).toBeVisible();
  await expect.poll(async () => (await unsavedTakes(page)).map((t) => t.stopped), { timeout: 15_000 }).toEqual([true]);
  return (await unsavedTakes(page))[0]!;
}

test.beforeEach(async ({ page }) => {
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/record');
  await discardAll(page);
  await page.reload();
});

test('a take stopped and left before Save is offered after a reload; Save it saves it and the results come', async ({ page }) => {
  test.setTimeout(150_000);
  const take = await recordAndStop(page);
  await page.reload();

  const notice = page.getByTestId('unsaved-take');
  await expect(notice).toHaveCount(1);
  await expect(notice.locator('p')).toHaveText(`You have an unsaved take from ${await appTime(page, take.startedAt)}:`);
  await expect(notice.getByRole('button', { name: 'Discard' })).toBeVisible();
  await notice.getByRole('button', { name: 'Save it' }).click();

  const form = page.getByRole('form', { name: 'Save your recording' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Title')).toBeFocused();
  await expect(page.getByTestId('unsaved-take')).toHaveCount(0);
  const title = uniqueTitle('Unsaved take');
  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectResults(page);

  // Saved: nothing is offered any more.
  expect(await unsavedTakes(page)).toEqual([]);
  await page.goto('/record');
  await expect(page.getByRole('button', { name: 'Record', exact: true })).toBeVisible();
  await expect(page.getByTestId('unsaved-take')).toHaveCount(0);
});

test('a take cut off mid-recording in another browser is offered on the landing page and saved from what reached the server', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // The phone: recording, then gone without a stop (its browser and what it kept go with it).
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const phonePage = await phone.newPage();
  await signInByApi(phonePage, SPEAKER, DEMO_PASSWORD, '/record');
  await recordFor(phonePage, /^00:(09|1\d)\.\d$/);
  await phone.close();

  // The speaker's landing page (Northwind has Assignments off: Results).
  await page.goto('/evaluate');
  const notice = page.getByTestId('unsaved-take');
  await expect(notice).toHaveCount(1);
  const [take] = await unsavedTakes(page);
  expect(take!.stopped).toBe(false);
  await expect(notice.locator('p')).toHaveText(`You have an unsaved take from ${await appTime(page, take!.startedAt)}:`);
  await notice.getByRole('button', { name: 'Save it' }).click();
  await page.waitForURL(new RegExp(`/record\\?take=${take!.captureId}$`));
  const form = page.getByRole('form', { name: 'Save your recording' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Title')).toBeFocused();
  const title = uniqueTitle('Cut off take');
  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectResults(page);
  expect(await unsavedTakes(page)).toEqual([]);
  await page.goto('/evaluate');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByTestId('unsaved-take')).toHaveCount(0);
});

test('Discard asks first, then the take and the notice go', async ({ page }) => {
  test.setTimeout(90_000);
  const take = await recordAndStop(page);
  await page.reload();
  const notice = page.getByTestId('unsaved-take');
  await expect(notice.locator('p')).toHaveText(`You have an unsaved take from ${await appTime(page, take.startedAt)}:`);

  await notice.getByRole('button', { name: 'Discard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard this recording?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(notice).toHaveCount(1);
  expect(await unsavedTakes(page)).toHaveLength(1);

  await notice.getByRole('button', { name: 'Discard' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('unsaved-take')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Record', exact: true })).toBeVisible();
  expect(await unsavedTakes(page)).toEqual([]);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Record', exact: true })).toBeVisible();
  await expect(page.getByTestId('unsaved-take')).toHaveCount(0);
  await expect(page.getByTestId('kept-take')).toHaveCount(0);
});
