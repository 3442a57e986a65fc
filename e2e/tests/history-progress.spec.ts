import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, signInByApi, uniqueEmail, NORTHWIND_CODE, DEMO_PASSWORD, shot, SHOTS } from './helpers';
import { apiPost, apiSignIn, makeAnalysedRecordings, signUpSpeaker } from './history-helpers';
import { SPEAKER, uniqueTitle } from './intake-helpers';

// Issue 20: the history page's Progress view. Several dials at once, each with its ideal zone and
// a trend, and the group median where privacy levels allow it. Northwind's Sales Team shares
// among speakers (speaker level 2): with three more speakers it has a median. A new group at
// speaker level 4 ("sharing disabled") has none.

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'progress-pass-1';
/** Six analyses before the first test: room for a busy machine. */
const ANALYSIS_MS = 150_000;
const DEFAULT_DIALS = [
  'Vocal Delivery',
  'Pace (syllables per second)',
  'Pausing (pause-to-talk ratio %)',
  'Clarity',
  'Strength of Opening',
];

let titles: string[] = [];

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(600_000);
  // Three other speakers of the Sales Team, one analysed recording each, then the demo speaker's three.
  for (let i = 0; i < 3; i++) {
    const email = uniqueEmail(`progress-peer-${i}`);
    await signUpSpeaker(baseURL!, email, PASSWORD, NORTHWIND_CODE);
    await makeAnalysedRecordingsAs(baseURL!, email, `Peer talk ${i}`, 1);
  }
  ({ titles } = await makeAnalysedRecordings(baseURL!, SPEAKER, uniqueTitle('Progress'), 3, undefined, ANALYSIS_MS));
});

/** makeAnalysedRecordings with a password other than the demo one. */
async function makeAnalysedRecordingsAs(baseURL: string, email: string, prefix: string, count: number) {
  return makeAnalysedRecordings(baseURL, email, prefix, count, PASSWORD, ANALYSIS_MS);
}

const charts = (page: Page) => page.getByTestId('progress-chart');

/** Only the recordings of this spec on the charts. */
async function plotOnlyOurs(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Recordings' }).click();
  const toggle = page.getByRole('button', { name: /^(Select All|Deselect All)$/ });
  if ((await toggle.textContent()) === 'Select All') await toggle.click();
  await page.getByRole('button', { name: 'Deselect All' }).click();
  for (const t of titles) await page.getByRole('checkbox', { name: t }).check();
}

async function noSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a speaker sees several dials with their ideal zones, trends and the group median', async ({ page }) => {
  test.setTimeout(90_000);
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/history');
  // The one-score chart stays the default view.
  await expect(page.locator('#history-chart-title')).toHaveText('Vocal Delivery');
  await page.getByRole('radio', { name: 'Progress' }).check();
  await expect(page).toHaveURL(/view=progress/);
  await plotOnlyOurs(page);

  // The five default dials, each a chart of the three recordings with its ideal zone.
  await expect(charts(page)).toHaveCount(5);
  await expect(charts(page).locator('h3')).toHaveText(DEFAULT_DIALS);
  for (let i = 0; i < 5; i++) {
    const chart = charts(page).nth(i);
    await expect(chart.getByTestId('line-chart-point')).toHaveCount(3);
    await expect(chart.getByTestId('line-chart-band')).toHaveCount(1);
    // Three recordings with an ideal zone: a trend in words (with an icon), and what it means.
    await expect(chart.getByTestId('progress-trend')).toHaveText(/^(Improving|Steady|Slipping)$/);
    await expect(chart).toContainText(/(toward|away from|No clear change against) the ideal zone over the last 3 recordings/);
    // The Sales Team's other speakers (three or more) give a median: a dashed line, named in the table.
    await expect(chart.getByTestId('line-chart-reference')).toHaveCount(1);
    await expect(chart).toContainText(/Group median \d+(\.\d)?%? \(\d+ speakers\)/);
    await expect(chart.getByTestId('line-chart-table').locator('caption')).toContainText('Group median:');
  }
  await expect(page.locator('.history-legend')).toContainText('Group median (Sales Team)');

  // Two recordings: no trend yet.
  await page.getByRole('checkbox', { name: titles[2] }).uncheck();
  await expect(charts(page).first().getByTestId('line-chart-point')).toHaveCount(2);
  await expect(page.getByTestId('progress-trend')).toHaveCount(0);
  await expect(charts(page).first()).toContainText('A trend shows from 3 recordings');
  await page.getByRole('checkbox', { name: titles[2] }).check();

  // More dials at once from Plot Dials (checkboxes here); the vibes are not offered.
  await expect(page.getByRole('tab', { name: 'Plot Vibes' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Plot Dials' }).click();
  await expect(page.getByRole('checkbox', { name: 'Vocal Delivery' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Variety of Pitch' }).check();
  await page.getByRole('checkbox', { name: 'Clarity' }).uncheck();
  await expect(charts(page)).toHaveCount(5);
  await expect(charts(page).locator('h3')).toHaveText([
    'Vocal Delivery',
    'Pace (syllables per second)',
    'Pausing (pause-to-talk ratio %)',
    'Strength of Opening',
    'Variety of Pitch',
  ]);
  await page.getByRole('checkbox', { name: 'Clarity' }).check();
  await page.getByRole('checkbox', { name: 'Variety of Pitch' }).uncheck();
  await page.getByRole('tab', { name: 'Recordings' }).click();

  await noSeriousAxeViolations(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(charts(page)).toHaveCount(5);
    await shot(page, { path: path.join(SHOTS, `history-progress-${width}.png`), fullPage: true });
  }

  // Back to one score: the spec's chart, as before.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('radio', { name: 'One score' }).check();
  await expect(page.locator('#history-chart-title')).toHaveText('Vocal Delivery');
  await expect(page.getByTestId('line-chart-reference')).toHaveCount(0);
});

test("a coach sees the median of the group they coach beside a member's dials", async ({ page }) => {
  await signInByApi(page, 'coach@northwind.example', DEMO_PASSWORD, '/history?view=progress');
  await page.getByLabel('Speaker').selectOption({ label: 'Sam Speaker' });
  await expect(page).toHaveURL(/userId=.*view=progress|view=progress.*userId=/);
  await plotOnlyOurs(page);
  await expect(charts(page)).toHaveCount(5);
  await expect(page.getByTestId('line-chart-reference')).toHaveCount(5);
});

test('a group whose speakers share nothing (level 4) shows no median', async ({ page, baseURL }) => {
  test.setTimeout(ANALYSIS_MS + 30_000);
  const admin = await apiSignIn(baseURL!, 'admin@northwind.example');
  const group = await apiPost<{ inviteCode: string }>(baseURL!, admin.token, 'groups', {
    name: `Private ${Date.now().toString(36)}`,
    managerPrivacyLevel: 1,
    speakerPrivacyLevel: 4,
    freeDuration: { years: 1 },
  });
  const email = uniqueEmail('progress-private');
  await signUpSpeaker(baseURL!, email, PASSWORD, group.inviteCode);
  await makeAnalysedRecordingsAs(baseURL!, email, 'Private talk', 1);
  await signInByApi(page, email, PASSWORD, '/history?view=progress');
  await expect(charts(page)).toHaveCount(5);
  await expect(page.getByTestId('history-median-note')).toHaveText(
    "The group median is not shown: the group's privacy levels keep speakers' scores private.",
  );
  await expect(page.getByTestId('line-chart-reference')).toHaveCount(0);
  await expect(page.getByTestId('progress-trend')).toHaveCount(0);
  // The header's History link goes back to the default one-score view.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL('/history');
  await expect(page.locator('#history-chart-title')).toHaveText('Vocal Delivery');
  await expect(page.getByRole('radio', { name: 'One score' })).toBeChecked();
});
