import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, DEMO_PASSWORD, signInByApi, shot, SHOTS } from './helpers';
import { SPEAKER, apiSignIn, talkWav, uploadRecording, waitForResults } from './results-helpers';

// Compare takes (issue 20): two analysed takes of one talk, picked on My Recordings or reached
// from the later take's "Compare with previous take", side by side: the change words judged
// against the ideal band, the overlaid vibe radars with their legend, and one player per take
// (starting one pauses the other). The second take is the same talk played faster, so its pace
// and pausing differ from the first.

const suffix = Date.now().toString(36).slice(-5);
const FIRST = `Compare talk ${suffix}`;
const SECOND = `Compare talk ${suffix} (2)`;
const CHANGE_WORDS = /in the ideal band|closer to ideal|further from ideal|no change|not available/;
let firstId = '';
let secondId = '';

/** The talk at 1.3 times its tempo (pitch kept): a second take that sounds different. */
function fasterTalkWav(): string {
  const src = talkWav();
  const out = path.join(path.dirname(src), 'compare-talk-faster.wav');
  if (!fs.existsSync(out)) execFileSync('sox', [src, out, 'tempo', '1.3']);
  return out;
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  const token = await apiSignIn(baseURL!, SPEAKER);
  firstId = await uploadRecording(baseURL!, token, talkWav(), { title: FIRST });
  await waitForResults(baseURL!, token, firstId, 150_000);
  secondId = await uploadRecording(baseURL!, token, fasterTalkWav(), { title: SECOND });
  await waitForResults(baseURL!, token, secondId, 150_000);
});

const players = (page: Page) => page.getByTestId('waveform');

/** No serious or critical accessibility violation on the page as it is. */
async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectComparePage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Compare takes' })).toBeVisible();
  const takes = page.getByRole('region', { name: 'Takes' }).getByRole('article');
  await expect(takes).toHaveCount(2);
  // Earliest first, whatever the address order.
  await expect(takes.nth(0).getByRole('heading', { level: 2 })).toHaveText(FIRST);
  await expect(takes.nth(1).getByRole('heading', { level: 2 })).toHaveText(SECOND);
  const table = page.getByTestId('compare-table');
  await expect(table.getByRole('rowheader')).toHaveCount(11);
  // Every score of the later take carries its change in words.
  const changes = table.getByTestId('compare-change');
  await expect(changes).toHaveCount(11);
  for (const text of await changes.allTextContents()) expect(text).toMatch(CHANGE_WORDS);
  await expect(page.getByTestId('compare-row-pace').getByTestId('compare-change')).toHaveText(CHANGE_WORDS);
  // Both radars overlay the two takes and name them in a legend.
  for (const kind of ['positiveVibes', 'negativeVibes']) {
    const card = page.getByTestId(`compare-${kind}`);
    await expect(card.getByTestId('radar-shape')).toHaveCount(2);
    const legend = card.getByTestId('radar-legend').getByRole('listitem');
    await expect(legend).toHaveText([`Take 1: ${FIRST}`, `Take 2: ${SECOND}`]);
  }
  await expect(players(page)).toHaveCount(2);
}

test('two takes picked on My Recordings are compared side by side; one player at a time', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/manage?tab=recordings');
  const table = page.getByRole('table', { name: 'My Recordings' });
  await expect(table.getByRole('link', { name: SECOND, exact: true })).toBeVisible();
  const compare = page.getByTestId('compare-selected');
  // Outside two to four: disabled, with the hint.
  await expect(compare).toBeDisabled();
  await expect(page.getByText('Select 2 to 4 analysed recordings to compare them.')).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${SECOND} to compare` }).check();
  await expect(compare).toBeDisabled();
  await page.getByRole('checkbox', { name: `Select ${FIRST} to compare` }).check();
  await expect(compare).toHaveText('Compare (2)');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, { path: path.join(SHOTS, 'compare-my-recordings-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await compare.click();
  await expect(page).toHaveURL(`/compare?ids=${secondId},${firstId}`);
  await expectComparePage(page);

  // Each take plays on its own; starting one pauses the other.
  const play = (i: number) => players(page).nth(i).getByRole('button', { name: 'Play', exact: true });
  const pause = (i: number) => players(page).nth(i).getByRole('button', { name: 'Pause', exact: true });
  await expect(play(0)).toBeEnabled({ timeout: 15_000 });
  await expect(play(1)).toBeEnabled({ timeout: 15_000 });
  await play(0).click();
  await expect(pause(0)).toBeVisible();
  await play(1).click();
  await expect(pause(1)).toBeVisible();
  await expect(play(0)).toBeVisible();
  await pause(1).click();
  await expect(play(1)).toBeVisible();
  // A take's hot spots show on its own waveform only.
  const hot = players(page).nth(0).getByRole('group', { name: 'Hot spots' }).getByRole('button').first();
  if (await hot.count()) {
    await hot.click();
    await expect(hot).toHaveAttribute('aria-pressed', 'true');
    await expect(players(page).nth(0).locator('[part~="region"][part*="highlight-"]').first()).toBeAttached();
    await expect(players(page).nth(1).locator('[part~="region"][part*="highlight-"]')).toHaveCount(0);
  }

  await expectAccessible(page);
  await shot(page, { path: path.join(SHOTS, 'compare-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // At 390 px the takes stack: the second starts below the first.
  const [a, b] = [await players(page).nth(0).boundingBox(), await players(page).nth(1).boundingBox()];
  expect(b!.y).toBeGreaterThan(a!.y + a!.height);
  // Nothing widens the page past the screen (the table scrolls inside its box).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await shot(page, { path: path.join(SHOTS, 'compare-390.png'), fullPage: true });
});

test('the later take offers "Compare with previous take"; the first take does not', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, `/evaluate/${secondId}`);
  await expect(page.getByRole('heading', { level: 1, name: SECOND })).toBeVisible();
  const link = page.getByRole('link', { name: 'Compare with previous take' });
  await expect(link).toHaveAttribute('href', `/compare?ids=${firstId},${secondId}`);
  await shot(page, { path: path.join(SHOTS, 'compare-entry-1440.png') });
  await link.click();
  await expectComparePage(page);

  await page.goto(`/evaluate/${firstId}`);
  await expect(page.getByRole('heading', { level: 1, name: FIRST })).toBeVisible();
  await expect(page.getByTestId('waveform').getByRole('button', { name: 'Play', exact: true })).toBeEnabled({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Compare with previous take' })).toHaveCount(0);
});

test('a recording the caller may not see is named as such; the page does not fail', async ({ page }) => {
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, `/compare?ids=${firstId},00000000-0000-4000-8000-000000000000`);
  await expect(page.getByTestId('compare-problems')).toContainText('This recording could not be found.');
  await expect(page.getByText('At least two analysed recordings are needed to compare.')).toBeVisible();
  // Another organisation's admin may not see either take.
  await signInByApi(page, 'admin@riverside.example', DEMO_PASSWORD, `/compare?ids=${firstId},${secondId}`);
  await expect(page.getByTestId('compare-problems').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('compare-table')).toHaveCount(0);
});

test("the compare page's empty state leads to My Recordings, where two takes are ticked; the list shows each take's change", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/compare');
  await expect(page.getByText('Pick 2 to 4 analysed recordings to compare')).toBeVisible();
  await expect(page.getByText('Tick them on My Recordings, or open a recording and use "Compare with previous take".')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'My Recordings' }).click();
  await expect(page).toHaveURL('/evaluate');
  await expect(page.getByRole('heading', { level: 1, name: 'My Recordings' })).toBeVisible();
  // The later take's Vibe score carries its change since the first.
  const second = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: SECOND, exact: true }) });
  await expect(second.getByTestId('take-delta')).toContainText(/(higher|lower) than the previous take|the same as the previous take/);
  await page.getByRole('checkbox', { name: `Select ${FIRST} to compare` }).check();
  await page.getByRole('checkbox', { name: `Select ${SECOND} to compare` }).check();
  await page.getByTestId('compare-selected').click();
  await expect(page).toHaveURL(`/compare?ids=${firstId},${secondId}`);
  await expectComparePage(page);
});
