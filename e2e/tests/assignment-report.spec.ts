import fs from 'node:fs';
import path from 'node:path';
import { expect, signIn, test, shot, SHOTS } from './helpers';
import { apiSignIn, talkWav, uploadRecording } from './results-helpers';

// The coach's reports on Summit's "Elevator Pitch" (002 sections 2.5, 2.6 and 9): the comparison
// chart on the details page and the CSV downloads there and on the manage page's group. Set-up
// through the API: the speaker's recording in the assignment, flagged for review, and a coach's
// score set. The chart plots ratings, so the test does not wait for the analysis.

const COACH = 'coach@summit.example';
const SPEAKER = 'speaker@summit.example';
const TODAY = /\d{4}-\d{2}-\d{2}\.csv$/;

let assignmentId = '';

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(60_000);
  const base = baseURL!;
  const speaker = await apiSignIn(base, SPEAKER);
  const auth = (token: string) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });
  const list = await fetch(`${base}/api/v1/assignments?scope=assigned`, { headers: auth(speaker) });
  const assigned = (await list.json()).data as { assignmentId: string; name: string }[];
  assignmentId = assigned.find((a) => a.name === 'Elevator Pitch')!.assignmentId;
  const recordingId = await uploadRecording(base, speaker, talkWav(), { title: 'Elevator Pitch - v1' });
  const moved = await fetch(`${base}/api/v1/assignments/${assignmentId}/recordings`, {
    method: 'POST',
    headers: auth(speaker),
    body: JSON.stringify({ recordingId }),
  });
  expect(moved.status).toBe(200);
  const flagged = await fetch(`${base}/api/v1/recordings/${recordingId}`, {
    method: 'PUT',
    headers: auth(speaker),
    body: JSON.stringify({ submitted: true }),
  });
  expect(flagged.status).toBe(200);
  const coach = await apiSignIn(base, COACH);
  const scored = await fetch(`${base}/api/v1/feedback`, {
    method: 'POST',
    headers: auth(coach),
    body: JSON.stringify({ recordingId, scoreOverall: 8, scoreOrganization: 7, scoreDelivery: 7, scoreXfactor: 6 }),
  });
  expect(scored.status).toBe(200);
  // A rerun starts from the defaults: nothing remembered.
  const reset = await fetch(`${base}/api/v1/me/preferences`, {
    method: 'PUT',
    headers: auth(coach),
    body: JSON.stringify({ assignmentComparisonSelectedMetrics: [], assignmentComparisonScoreType: 'flaggedScores' }),
  });
  expect(reset.status).toBe(200);
});

test('the coach compares the flagged recordings, the choice is remembered, and the CSV downloads', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, COACH);
  await page.goto(`/assignment/details/${assignmentId}`);
  const report = page.locator('section.comparison-report');
  await expect(report.getByRole('heading', { name: 'Assignment Comparison Report' })).toBeVisible();
  await expect(report.getByLabel('Recordings')).toHaveValue('flaggedScores');
  // Default selection: overallMax plus the coach's Vocal Delivery rating (the coach rated it).
  await expect(report.getByRole('checkbox', { name: 'Highest Overall Rating' })).toBeChecked();
  const coachColumn = report.getByRole('group', { name: 'Coach Ratings' });
  await expect(coachColumn.getByRole('checkbox', { name: 'Vocal Delivery' })).toBeChecked();
  const chart = report.getByRole('img', {
    name: /^Bar chart of \d+ recordings? by Highest Overall Rating, Vocal Delivery \(Coach Rating\)/,
  });
  await expect(chart).toBeVisible();
  // One bar per recording and metric (a rerun on the same database has more recordings).
  const recordings = Number(/of (\d+) recording/.exec((await chart.getAttribute('aria-label')) ?? '')?.[1]);
  expect(recordings).toBeGreaterThanOrEqual(1);
  await expect(report.locator('.recharts-bar-rectangle')).toHaveCount(2 * recordings);

  // A third metric, remembered across visits (PUT me/preferences).
  const ratings = () => report.getByRole('group', { name: 'Ratings', exact: true });
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/preferences') && r.request().method() === 'PUT');
  await ratings().getByRole('checkbox', { name: 'Overall', exact: true }).check();
  expect((await saved).status()).toBe(200);
  await expect(report.locator('.recharts-bar-rectangle')).toHaveCount(3 * recordings);
  await report.getByText('Show the values as a table').click();
  await expect(report.getByRole('row', { name: /Jordan Presenter: Elevator Pitch - v1/ }).first()).toBeVisible();
  // The legend lists the series in the bars' order (the table's columns), each in its bars' colour,
  // though Overall was checked last.
  const legend = report.getByRole('list', { name: 'Legend' }).getByRole('listitem');
  await expect(legend).toHaveText(['Highest Overall Rating', 'Overall (Rating)', 'Vocal Delivery (Coach Rating)']);
  await expect(report.getByRole('columnheader')).toHaveText(['Recording', ...(await legend.allTextContents())]);
  const colours = await report.evaluate((el) => ({
    legend: [...el.querySelectorAll('.comparison-report__legend .comparison-report__swatch')].map(
      (s) => getComputedStyle(s).backgroundColor,
    ),
    // The first recording's bars, left to right.
    bars: [...el.querySelectorAll('.recharts-bar-rectangle .recharts-rectangle')]
      .sort((a, b) => a.getBoundingClientRect().x - b.getBoundingClientRect().x)
      .slice(0, 3)
      .map((r) => getComputedStyle(r).fill),
  }));
  expect(colours.bars).toEqual(colours.legend);
  expect(new Set(colours.legend).size).toBe(3);
  fs.mkdirSync(SHOTS, { recursive: true });

  await page.reload();
  await expect(ratings().getByRole('checkbox', { name: 'Overall', exact: true })).toBeChecked();
  // No recordings are shared with the group yet.
  await report.getByLabel('Recordings').selectOption('sharedScores');
  await expect(report.getByText('No recordings found')).toBeVisible();
  await report.getByLabel('Recordings').selectOption('flaggedScores');
  await expect(report.locator('.recharts-bar-rectangle')).toHaveCount(3 * recordings);

  // At each width the legend wraps inside the report: no entry is cut off.
  for (const width of [390, 767, 991, 1440]) {
    await page.setViewportSize({ width, height: 1000 });
    await expect(report.locator('.recharts-bar-rectangle').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const box = (await report.boundingBox())!;
    for (const item of await legend.all()) {
      const b = (await item.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(box.x);
      expect(b.x + b.width).toBeLessThanOrEqual(Math.min(box.x + box.width, width));
    }
    await shot(report, { path: path.join(SHOTS, `assignment-comparison-${width}.png`) });
  }

  // Download Report (the actions panel): the CSV named after the assignment and the date.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Report for Elevator Pitch' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Elevator Pitch /);
  expect(file.suggestedFilename()).toMatch(TODAY);
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = csv.slice(1).trimEnd().split('\r\n');
  expect(header!.startsWith('Last Name,First Name,Status,Due Date,Created,Flagged for Review Date,Title,Duration')).toBe(true);
  expect(rows.filter((r) => r.startsWith('Presenter,Jordan,')).some((r) => r.includes(',Elevator Pitch - v1,'))).toBe(true);
});

test("the manage page's group offers its CSV report to the coach", async ({ page }) => {
  await signIn(page, COACH);
  await page.goto('/manage?tab=groups');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Report for Pitch Practice' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Pitch Practice /);
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  expect(csv.slice(1).startsWith('Last Name,First Name,Assignment,')).toBe(true);
  expect(csv).toContain('Presenter,Jordan,Elevator Pitch,');
});
