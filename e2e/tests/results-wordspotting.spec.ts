import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, openAllScores, signInByApi, test, shootSizes } from './helpers';
import { COACH, SPEAKER, api, apiSignIn, clearSpeechWav, uploadRecording, waitForResults } from './results-helpers';

// Wordspotting lists on the results page (002 section 2.9): the list a recording was counted
// with, the phrases heard and not heard, marks and hot spots per phrase, and re-analysis when the
// list changed. Changes Northwind's org list and Sales Team's group list (northwind lane); every
// list it makes is removed in afterAll.

const ADMIN = 'admin@northwind.example';
const ALGORITHM = 'rostrum-default';
const TITLE = 'Launch plan (word lists)';
const SPEECH = [
  'So, let us begin.',
  'You know, the plan is basically simple.',
  'So we start on Monday.',
  'You know, basically everything is ready.',
];

type TPage = { targets: { org: { orgId: string } | null; groups: { groupId: string; name: string }[] } };

let baseURL = '';
let adminToken = '';
let coachToken = '';
let speakerToken = '';
let orgId = '';
let groupId = '';
let recordingId = '';
const made: { orgList?: boolean; groupList?: boolean } = {};

test.beforeAll(async ({ baseURL: url }) => {
  test.setTimeout(150_000);
  baseURL = url!;
  adminToken = await apiSignIn(baseURL, ADMIN);
  coachToken = await apiSignIn(baseURL, COACH);
  speakerToken = await apiSignIn(baseURL, SPEAKER);
  orgId = (await api<TPage>(baseURL, adminToken, 'GET', '/wordspotting')).targets.org!.orgId;
  groupId = (await api<TPage>(baseURL, coachToken, 'GET', '/wordspotting')).targets.groups.find((g) => g.name === 'Sales Team')!.groupId;
  await api(baseURL, adminToken, 'PUT', '/wordspotting', { algorithm: ALGORITHM, words: ['so', 'you know'], orgId });
  made.orgList = true;
  const body = { title: TITLE, algorithm: ALGORITHM, groupId };
  recordingId = await uploadRecording(baseURL, speakerToken, clearSpeechWav('wordspotting-talk', SPEECH), body);
  await waitForResults(baseURL, speakerToken, recordingId, 120_000);
});

test.afterAll(async () => {
  const remove = (token: string, query: string) =>
    fetch(`${baseURL}/api/v1/wordspotting?algorithm=${ALGORITHM}&${query}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
  if (made.groupList) expect((await remove(coachToken, `groupId=${groupId}`)).status).toBe(200);
  if (made.orgList) expect((await remove(adminToken, `orgId=${orgId}`)).status).toBe(200);
  if (recordingId)
    await fetch(`${baseURL}/api/v1/recordings/${recordingId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${speakerToken}` } });
});

const donut = (page: Page) => page.getByTestId('chart-wordSpotting');
const highlightRegions = (page: Page) => page.getByTestId('waveform').locator('[part~="region"][part*="highlight-"]');

async function openResults(page: Page) {
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, `/evaluate/${recordingId}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('waveform').getByRole('button', { name: 'Play', exact: true })).toBeEnabled({ timeout: 15_000 });
  await openAllScores(page);
}

// Below the header and the waveform, which sticks under it once scrolled past.
const shoot = (page: Page, name: string, target: ReturnType<Page['getByTestId']>) =>
  shootSizes(page, name, {
    fullPage: false,
    arrange: async (p) => {
      await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await p.evaluate(() => window.scrollBy(0, -330));
    },
  });

test('the results name the organisation list, count and mark its phrases, with hot spots per phrase', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openResults(page);
  const card = donut(page);
  await expect(card.getByRole('img', { name: /^Word Spotting: \d+ spotted words?; / })).toHaveAttribute('aria-label', /\bso [1-9]/);
  await expect(card.getByRole('img')).toHaveAttribute('aria-label', /\byou know [1-9]/);
  await expect(card.getByTestId('word-list-label')).toHaveText('Organisation list (Northwind Communications)');
  // The list has not changed: no offer.
  await expect(page.getByTestId('reanalysis-offer')).toHaveCount(0);

  // The transcript marks both phrases, "you know" as one mark over its two words.
  const transcript = page.getByTestId('transcript');
  await expect(transcript.locator('[data-phrase="so"]').first()).toBeVisible();
  expect(await transcript.locator('[data-phrase="you know"]').count()).toBeGreaterThanOrEqual(2);
  await expect(transcript.locator('.word-join--spotted').first()).toBeAttached();
  await expect(transcript.locator('[data-phrase="you know"]').first()).toHaveAttribute('title', 'Spotted: you know');

  // All phrases' hot spots, then one phrase's alone.
  await card.getByRole('button', { name: /Highlight on waveform/ }).click();
  // The regions are drawn after the click: count them once the first is there.
  await expect(highlightRegions(page).first()).toBeAttached();
  const all = await highlightRegions(page).count();
  expect(all).toBeGreaterThan(0);
  const phrases = card.getByRole('group', { name: 'Highlight one phrase' });
  const youKnow = phrases.getByRole('button', { name: /^you know \d+$/ });
  const youKnowCount = Number((await youKnow.textContent())!.replace(/\D/g, ''));
  await youKnow.click();
  await expect(youKnow).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByRole('button', { name: /Highlight on waveform/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(highlightRegions(page)).toHaveCount(youKnowCount);
  expect(youKnowCount).toBeLessThan(all);
  await shoot(page, 'wordspotting-org-list', card);
});

test("a speaker cannot set their own list while Northwind's Users setting is off", async () => {
  const me = await api<{ user: { userId: string } }>(baseURL, speakerToken, 'GET', '/me');
  const res = await fetch(`${baseURL}/api/v1/wordspotting`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${speakerToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ algorithm: ALGORITHM, words: ['honestly'], userId: me.user.userId }),
  });
  expect(res.status).toBe(403);
});

test('a new group list is offered for re-analysis; the new results count it', async ({ page }) => {
  test.setTimeout(150_000);
  await api(baseURL, coachToken, 'PUT', '/wordspotting', { algorithm: ALGORITHM, words: ['so', 'basically'], groupId });
  made.groupList = true;
  await page.setViewportSize({ width: 1280, height: 900 });
  await openResults(page);
  const offer = page.getByTestId('reanalysis-offer');
  await expect(offer.getByRole('heading', { name: 'The word list has changed since this recording was analysed' })).toBeVisible();
  await expect(offer).toContainText('Now: Group list (Sales Team) (uh/um, so, basically)');
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="reanalysis-offer"]')
    .include('[data-testid="chart-wordSpotting"]')
    .analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`)).toEqual([]);
  await shoot(page, 'wordspotting-reanalysis-offer', offer);

  await offer.getByRole('button', { name: 'Re-analyse with the current list' }).click();
  await expect(page.getByTestId('reanalysis-progress')).toContainText(
    'Re-analysing with Group list (Sales Team); these results stay until the new ones are ready.',
  );
  // The old results stay meanwhile.
  await expect(donut(page).getByTestId('word-list-label')).toHaveText('Organisation list (Northwind Communications)');
  await shoot(page, 'wordspotting-reanalysing', page.getByTestId('reanalysis-progress'));

  await expect(donut(page).getByTestId('word-list-label')).toHaveText('Group list (Sales Team)', { timeout: 120_000 });
  await expect(page.getByTestId('reanalysis-progress')).toHaveCount(0);
  await expect(page.getByTestId('reanalysis-offer')).toHaveCount(0);
  await expect(donut(page).getByRole('img')).toHaveAttribute('aria-label', /\bbasically [1-9]/);
  // "basically" may be counted by the keyword pass alone: the recogniser hears espeak's voice poorly
  // and its transcript may spell the word otherwise ("a sickly"). The phrase's own highlight marks
  // every counted utterance on the waveform; the transcript marks the phrases it spelled ("so").
  const basically = donut(page)
    .getByRole('group', { name: 'Highlight one phrase' })
    .getByRole('button', { name: /^basically \d+$/ });
  const basicallyCount = Number((await basically.textContent())!.replace(/\D/g, ''));
  expect(basicallyCount).toBeGreaterThan(0);
  await basically.click();
  await expect(highlightRegions(page)).toHaveCount(basicallyCount);
  await expect(page.getByTestId('transcript').locator('[data-phrase="so"]').first()).toBeVisible();
  await shoot(page, 'wordspotting-group-list', donut(page));
});
