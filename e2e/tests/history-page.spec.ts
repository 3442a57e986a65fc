import type { Page } from '@playwright/test';
import { expect, test, signIn, uniqueEmail, NORTHWIND_CODE, DEMO_PASSWORD, signInByApi } from './helpers';
import { makeAnalysedRecordings, signUpSpeaker } from './history-helpers';
import { SPEAKER, uniqueTitle } from './intake-helpers';

// 001 section 2 (History page) and section 6 (coach-side history). The speaker may have other
// recordings from other specs, so each check plots exactly the three made here.

test.describe.configure({ mode: 'serial' });

let titles: string[] = [];
let ids: string[] = [];
let deliveryTable = '';

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(90_000);
  ({ titles, ids } = await makeAnalysedRecordings(baseURL!, SPEAKER, uniqueTitle('History')));
});

const points = (page: Page) => page.getByTestId('line-chart-point');
const table = (page: Page) => page.getByTestId('line-chart-table');
const chartTitle = (page: Page) => page.locator('#history-chart-title');

/** Deselect everything, then select the three recordings of this spec. */
async function plotOnlyOurs(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Recordings' }).click();
  const toggle = page.getByRole('button', { name: /^(Select All|Deselect All)$/ });
  if ((await toggle.textContent()) === 'Select All') await toggle.click();
  await page.getByRole('button', { name: 'Deselect All' }).click();
  await expect(page.getByText('Select at least one recording to plot.')).toBeVisible();
  await expect(points(page)).toHaveCount(0);
  for (const t of titles) await page.getByRole('checkbox', { name: t }).check();
  await expect(points(page)).toHaveCount(3);
}

test('a speaker plots a dial and a vibe across their recordings', async ({ page }) => {
  await signIn(page, SPEAKER);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL('/history');
  await expect(page).toHaveTitle('Rostrum - History');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();

  // Every recording is selected at first and plotted in date order.
  const boxes = page.getByRole('checkbox');
  await expect(boxes.first()).toBeChecked();
  const total = await boxes.count();
  expect(total).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < total; i++) await expect(boxes.nth(i)).toBeChecked();
  await expect(points(page)).toHaveCount(total);
  await expect(page.getByRole('button', { name: 'Deselect All' })).toBeVisible();

  // Select All / Deselect All toggles the whole selection.
  await page.getByRole('button', { name: 'Deselect All' }).click();
  for (let i = 0; i < total; i++) await expect(boxes.nth(i)).not.toBeChecked();
  await page.getByRole('button', { name: 'Select All' }).click();
  for (let i = 0; i < total; i++) await expect(boxes.nth(i)).toBeChecked();

  // Vocal Delivery over the three recordings of this spec, with the ideal zone.
  await plotOnlyOurs(page);
  await expect(chartTitle(page)).toHaveText('Vocal Delivery');
  await expect(page.getByTestId('line-chart-band')).toHaveCount(1);
  const rows = table(page).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(rows.nth(i).locator('th')).toContainText(titles[i]!);
  await expect(table(page).locator('thead')).toContainText('Vocal Delivery');
  deliveryTable = (await table(page).locator('tbody').textContent()) ?? '';

  // Y ticks at 0, 20, ..., 100 percent of the 0-10 range.
  await expect(page.locator('.line-chart__tick-label')).toHaveText(['0', '2', '4', '6', '8', '10']);

  // A tooltip per point, on hover and on focus.
  await points(page).nth(0).hover();
  await expect(page.getByTestId('line-chart-tooltip')).toContainText(titles[0]!);
  await expect(page.getByTestId('line-chart-tooltip')).toContainText('Vocal Delivery:');
  await points(page).nth(2).focus();
  await expect(page.getByTestId('line-chart-tooltip')).toContainText(titles[2]!);

  // Another dial from Plot Dials.
  await page.getByRole('tab', { name: 'Plot Dials' }).click();
  await expect(page.getByRole('radio', { name: 'Vocal Delivery' })).toBeChecked();
  await page.getByRole('radio', { name: 'Pace (syllables per second)' }).check();
  await expect(chartTitle(page)).toHaveText('Pace (syllables per second)');
  await expect(points(page)).toHaveCount(3);

  // A vibe replots on 0-10, without an ideal zone.
  await page.getByRole('tab', { name: 'Plot Vibes' }).click();
  await expect(page.getByRole('group', { name: 'Positive vibes' }).getByRole('radio')).toHaveCount(9);
  await expect(page.getByRole('group', { name: 'Negative vibes' }).getByRole('radio')).toHaveCount(11);
  await page.getByRole('radio', { name: 'Confident' }).check();
  await expect(chartTitle(page)).toHaveText('Confident');
  await expect(table(page).locator('thead')).toContainText('Confident');
  await expect(points(page)).toHaveCount(3);
  await expect(page.getByTestId('line-chart-band')).toHaveCount(0);

  // Deselecting a recording removes its point.
  await page.getByRole('tab', { name: 'Recordings' }).click();
  await page.getByRole('checkbox', { name: titles[1] }).uncheck();
  await expect(points(page)).toHaveCount(2);
  await expect(table(page)).not.toContainText(titles[1]!);
  await expect(page.getByRole('button', { name: 'Select All' })).toBeVisible();

  // A title on the chart opens the recording.
  await page.getByRole('link', { name: titles[0] }).click();
  await expect(page).toHaveURL(`/evaluate/${ids[0]}`);
});

test('a coach picks the speaker and sees the same chart', async ({ page }) => {
  await signInByApi(page, 'coach@northwind.example', DEMO_PASSWORD, '/history');
  await expect(page.locator('.empty-state__title')).toHaveText('Choose a speaker');
  const picker = page.getByLabel('Speaker');
  await expect(picker).toBeEnabled();
  await picker.selectOption({ label: 'Sam Speaker' });
  await expect(page).toHaveURL(/\/history\?userId=/);
  await plotOnlyOurs(page);
  await expect(chartTitle(page)).toHaveText('Vocal Delivery');
  await expect(table(page).locator('tbody')).toHaveText(deliveryTable);
});

test('an account with no recordings sees the empty state', async ({ page, baseURL }) => {
  const email = uniqueEmail('history-empty');
  await signUpSpeaker(baseURL!, email, 'history-pass-1', NORTHWIND_CODE);
  await signInByApi(page, email, 'history-pass-1', '/history');
  await expect(page.getByText('No recordings for this user.')).toBeVisible();
  await expect(points(page)).toHaveCount(0);
});
