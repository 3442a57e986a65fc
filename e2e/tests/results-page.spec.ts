import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, notification, openAllScores, test, DEMO_PASSWORD, signInByApi, shot, SHOTS } from './helpers';
import { COACH, SPEAKER, apiSignIn, shootResults, talkWav, uploadRecording, waitForResults } from './results-helpers';

// The results page (spec 001 sections 2, 4, 5, 6 and 9) on a recording analysed by the real
// engine: charts with real values, waveform highlights, keys and zoom, sharing with Undo, a
// coach's region comment and scores seen by the speaker, accessibility and screenshots.

let recordingId = '';
let duration = 0;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const token = await apiSignIn(baseURL!, SPEAKER);
  recordingId = await uploadRecording(baseURL!, token, talkWav(), { title: 'Weekly meetings talk' });
  await waitForResults(baseURL!, token, recordingId);
  const res = await fetch(`${baseURL}/api/v1/recordings/${recordingId}`, { headers: { Authorization: `Bearer ${token}` } });
  duration = ((await res.json()) as { data: { duration: number } }).data.duration;
});

const RETRIEVE_ERROR =
  'This recording could not be retrieved. Most likely, it has either been deleted by the owner or you no longer have permission to view it.';

/** Sales Team's privacy levels, set by the organisation's admin. */
async function setSalesTeamLevels(baseURL: string, speakerPrivacyLevel: number): Promise<void> {
  const token = await apiSignIn(baseURL, 'admin@northwind.example');
  const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const list = await fetch(`${baseURL}/api/v1/groups?scope=org`, { headers: auth });
  const groups = ((await list.json()) as { data: { groupId: string; name: string; managerPrivacyLevel: number }[] }).data;
  const g = groups.find((x) => x.name === 'Sales Team')!;
  const res = await fetch(`${baseURL}/api/v1/groups/${g.groupId}`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ name: g.name, managerPrivacyLevel: g.managerPrivacyLevel, speakerPrivacyLevel }),
  });
  expect(res.status).toBe(200);
}

const highlightRegions = (page: Page) => page.getByTestId('waveform').locator('[part~="region"][part*="highlight-"]');

async function openResults(page: Page, email: string) {
  await signInByApi(page, email, DEMO_PASSWORD, `/evaluate/${recordingId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly meetings talk' })).toBeVisible();
  await expect(page.getByTestId('waveform').getByRole('button', { name: 'Play', exact: true })).toBeEnabled({ timeout: 15_000 });
}

const zoomOf = async (page: Page) => Number(await page.getByTestId('waveform').getAttribute('data-zoom'));

test('every chart shows real values; highlights, keys and zoom drive the waveform; sharing has Undo', async ({ page }) => {
  // One long journey through every chart and control.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openResults(page, SPEAKER);
  // The owner goes back to their results list and never sees an Add a Score tab (001 section 6).
  await expect(page.getByTestId('results-back')).toHaveText('My Recordings');
  await expect(page.getByTestId('results-back')).toHaveAttribute('href', '/evaluate');
  await expect(page.getByRole('tab', { name: 'Add a Score' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Scores', exact: true })).toBeVisible();

  // The score cards start folded in groups whose headings give each figure (issue 41).
  const scoresGroup = page.getByTestId('metric-group-scores');
  await expect(scoresGroup).not.toHaveAttribute('open');
  await expect(scoresGroup.locator(':scope > summary')).toContainText(/Vocal Delivery \d+\.\d/);
  await expect(page.getByTestId('metric-group-delivery').locator(':scope > summary')).toContainText(/Pace \d+\.\d syll\/s/);
  await expect(page.getByRole('img', { name: /^Vocal Delivery: / })).toHaveCount(0);
  await openAllScores(page);

  // Dials, gauges, word spotting, variety bars and radars, each with a text alternative.
  for (const dial of ['Vocal Delivery', 'Strength of Opening', 'Clarity']) {
    await expect(page.getByRole('img', { name: new RegExp(`^${dial}: \\d+\\.\\d out of 10$`) })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: /^Pace: \d+\.\d syllables\/s, (Ideal|Too slow|Too fast)$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Pausing: \d+%, (Ideal|Too little|Too much)$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Upspeak: \d+% of phrases, (None|Some|Too much)$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Word Spotting: \d+ spotted words?; uh\/um \d+/ })).toBeVisible();
  for (const v of ['Variety of Volume', 'Variety of Pace', 'Variety of Pitch']) {
    await expect(page.getByRole('img', { name: new RegExp(`^${v}: \\d+% of segments in the ideal band$`) })).toBeVisible();
  }
  await expect(page.getByTestId('chart-varietyPitch').locator('rect.variety__bar, rect.variety__bar--out')).toHaveCount(20);
  await expect(page.getByRole('table', { name: 'Positive Vibes' }).getByRole('row')).toHaveCount(10);
  await expect(page.getByRole('table', { name: 'Negative Vibes' }).getByRole('row')).toHaveCount(12);

  // Why a vibe: its contributions.
  const negative = page.getByTestId('chart-negativeVibes');
  await negative.getByText('Why these vibes?').click();
  await expect(negative.getByRole('listitem').first()).toHaveText(/^[a-z]+ \d+\.\d: base \d+\.\d, .+ [+−]\d+\.\d/);

  // How Clarity is measured: its parts and their shares, under the dial.
  const clarity = page.getByTestId('chart-clarity');
  await clarity.getByText('How Clarity is measured').click();
  await expect(clarity.getByRole('listitem')).toHaveText([
    '40%: the whole voice heard clearly, low vowels to high consonants, above any noise',
    '20%: syllables that stand apart, not run together',
    '20%: a pace a listener can follow',
    '20%: words the recogniser made out with confidence',
  ]);
  await clarity.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await shot(page, { path: path.join(SHOTS, 'results-clarity-method.png') });
  await clarity.getByText('How Clarity is measured').click();
  await expect(clarity.getByRole('listitem')).toHaveCount(0);

  // A chart's tooltip carries its tips (keyboard focus).
  await page.getByRole('button', { name: 'Tips for Pace' }).focus();
  await expect(page.getByRole('tooltip')).toContainText('syllables per second');

  // The highlight link marks the metric's hot spots; a second click removes them.
  const pace = page.getByTestId('chart-pace');
  await pace.getByRole('button', { name: /Highlight on waveform/ }).click();
  await expect(page.getByText(/^\d+ moments? highlighted on the waveform$/)).toBeAttached();
  const n = await highlightRegions(page).count();
  expect(n).toBeGreaterThan(0);
  await pace.getByRole('button', { name: /Hide highlights/ }).click();
  await expect(highlightRegions(page)).toHaveCount(0);

  // Keys f (forward 5 s), r (back 5 s), p (play/pause) when focus is not in a text field.
  const timer = page.getByTestId('waveform-timer');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await expect(timer).toHaveText(/^00:00\.0 \/ 00:2\d\.\d$/);
  await page.keyboard.press('f');
  await page.keyboard.press('f');
  await expect(timer).toHaveText(/^00:10\.0 \//);
  await page.keyboard.press('r');
  await expect(timer).toHaveText(/^00:05\.0 \//);
  // p starts and stops playback (the play button's state; whether headless audio advances
  // within a few seconds depends on the machine's load, so the timer is not asserted here).
  await page.keyboard.press('p');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.keyboard.press('p');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  // Typing in a field does not drive the player.
  const before = await timer.textContent();
  await page.getByLabel('Add a comment').fill('ffff');
  await expect(timer).toHaveText(before!);
  await page.getByLabel('Add a comment').fill('');

  // Zoom in doubles, zoom out halves, never below fit-to-width; fit returns to it.
  const wave = page.getByTestId('waveform');
  const fit = Number(await wave.getAttribute('data-zoom'));
  await expect(page.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => zoomOf(page)).toBeCloseTo(fit * 2, 1);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => zoomOf(page)).toBeCloseTo(fit * 4, 1);
  // The waveform is now wider than its frame.
  expect(
    await wave
      .locator('.waveform__wave > div')
      .evaluate((el) => (el.shadowRoot?.querySelector('.scroll') as HTMLElement | null)?.scrollWidth ?? 0),
  ).toBeGreaterThan((await wave.boundingBox())!.width * 2);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(() => zoomOf(page)).toBeCloseTo(fit * 2, 1);
  await page.getByRole('button', { name: 'Fit to width' }).click();
  await expect.poll(() => zoomOf(page)).toBeCloseTo(fit, 1);
  await expect(page.getByRole('button', { name: 'Zoom out' })).toBeDisabled();

  // Tabs: Next Steps and Summary; clicking a transcript word seeks.
  await page.getByTestId('transcript').locator('.word').nth(3).click();
  await expect(timer).toHaveText(/^00:0[0-3]\.\d \//);
  await page.getByRole('tab', { name: 'Next Steps' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Next Steps' }).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Summary' }).click();
  const summary = page.getByTestId('results-summary');
  for (const title of ['Vocal Delivery', 'Pausing', 'Variety of Pitch', 'Word Spotting', 'Negative Vibes']) {
    await expect(summary.getByRole('rowheader', { name: new RegExp(`^${title}`) })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Transcript' }).click();

  // Share with Entire Group, then Undo.
  await page.getByRole('switch', { name: 'Share with Entire Group' }).click();
  const banner = notification(page);
  await expect(banner).toContainText('Shared with your entire group.');
  await expect(page.getByText('Shared with Entire Group', { exact: true })).toBeVisible();
  // Flag for Review shows only while the recording is not shared (001 section 6).
  await expect(page.getByRole('switch', { name: 'Flag for Review' })).toHaveCount(0);
  // The Undo is a real button in the banner, reached with the keyboard.
  const undo = banner.getByRole('button', { name: 'Undo' });
  await undo.focus();
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Share with Entire Group' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Flag for Review' })).toBeVisible();
  // Flag for Review, then Undo with a click.
  await expect(page.getByTestId('reviewed')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Flag for Review' }).click();
  await expect(banner).toContainText('Flagged for review.');
  await expect(page.getByTestId('reviewed')).toHaveText('pending');
  await expect(page.getByRole('switch', { name: 'Flag for Review' })).toHaveAttribute('aria-checked', 'true');
  await banner.getByRole('button', { name: 'Undo' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Flag for Review' })).toHaveAttribute('aria-checked', 'false');
  // Reviewed: pending only while a review is asked for (issue 12 item 25).
  await expect(page.getByTestId('reviewed')).toHaveCount(0);
  // The changes' answers carry no tips: the page keeps its Focus on and its highlight links.
  await expect(page.getByTestId('focus-on').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('chart-pace').getByRole('button', { name: /^Highlight on waveform/ })).toBeVisible();

  // No serious or critical accessibility violations.
  const axe = await new AxeBuilder({ page }).analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`)).toEqual([]);

  await shootResults(page, 'results');
  await shot(page, { path: path.join(SHOTS, 'results-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(300);
  await shot(page, { path: path.join(SHOTS, 'results-375.png'), fullPage: true });
});

test('trust and hierarchy: Vibe score caption, Focus on first, one unit per row, aligned width, sticky player on phones', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openResults(page, SPEAKER);
  await openAllScores(page);

  // Vocal Delivery carries the landing page's name for it.
  await expect(page.getByTestId('chart-overall').getByText('your Vibe score', { exact: true })).toBeVisible();

  // The take's summary leads: the Vibe score and "Focus on" (the top Next Steps tips), above the
  // player and the score cards (issue 41).
  const summary = page.getByTestId('take-summary');
  await expect(summary.getByTestId('take-summary-score')).toContainText(/^Vibe score\d+\.\d out of 10Vocal Delivery, your Vibe score/);
  const focus = page.getByTestId('focus-on');
  await expect(focus.getByRole('heading', { name: 'Focus on' })).toBeVisible();
  await expect(focus.getByRole('listitem').first()).toBeVisible();
  const focusBox = (await focus.boundingBox())!;
  expect(focusBox.y).toBeLessThan((await page.getByTestId('waveform').boundingBox())!.y);
  expect(focusBox.y).toBeLessThan((await page.getByTestId('chart-overall').boundingBox())!.y);
  await focus.getByRole('button', { name: 'All Next Steps' }).click();
  await expect(page.getByRole('tab', { name: 'Next Steps' })).toHaveAttribute('aria-selected', 'true');

  // Summary: the value and its ideal in the same unit; Vocal Delivery is "your Vibe score".
  await page.getByRole('tab', { name: 'Summary' }).click();
  const summaryTab = page.getByTestId('results-summary');
  await expect(summaryTab.getByRole('row', { name: /^Vocal Delivery/ })).toContainText('your Vibe score');
  const row = async (title: string) =>
    await summaryTab
      .getByRole('row', { name: new RegExp(`^${title}`) })
      .locator('td')
      .allTextContents();
  const [paceValue, paceIdeal] = await row('Pace');
  expect(paceValue).toMatch(/ syllables per second/);
  expect(paceIdeal).toMatch(/^\d+(\.\d)?-\d+(\.\d)? syllables per second$/);
  const [volumeValue, volumeIdeal] = await row('Variety of Volume');
  expect(volumeValue).toMatch(/^\d+\.\d dB variation \(\d+% of segments in the ideal band\)$/);
  expect(volumeIdeal).toMatch(/^\d+(\.\d)?-\d+(\.\d)? dB variation$/);
  // Charts say what their scale means.
  await expect(page.getByTestId('chart-pace').getByText(/^Ideal .+ syllables per second$/)).toBeVisible();
  await expect(page.getByTestId('chart-positiveVibes').getByText(/^Scores 0-10/)).toBeVisible();

  // The results content lines up with the header's content at 1440 px.
  const headerInner = (await page.locator('.app-header__inner').boundingBox())!;
  const headerPad = await page.locator('.app-header__inner').evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingLeft));
  const content = (await page.locator('.results-layout').boundingBox())!;
  expect(Math.round(content.x)).toBe(Math.round(headerInner.x + headerPad));

  await shot(page, { path: path.join(SHOTS, 'trust-summary-1440.png'), fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await shot(page, { path: path.join(SHOTS, 'trust-print-1440.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // Phones: after scrolling down to the comment form, the player is still in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Add a comment').scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Drag on waveform' }).scrollIntoViewIfNeeded();
  const wave = (await page.getByTestId('waveform').boundingBox())!;
  expect(wave.y).toBeGreaterThanOrEqual(0);
  expect(wave.y + wave.height).toBeLessThanOrEqual(844);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
  await shot(page, { path: path.join(SHOTS, 'trust-comment-390.png') });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, { path: path.join(SHOTS, 'trust-top-390.png'), fullPage: true });
});

/** How many pixels of a lane's canvas are drawn on, and a fingerprint of them. */
async function laneInk(page: Page, lane: string): Promise<{ ink: number; print: string }> {
  return page.locator(`[data-lane="${lane}"] canvas`).evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) ink++;
    return { ink, print: c.toDataURL() };
  });
}

test('the voice on the waveform: lanes drawn from the analysis follow zoom and playhead; marks play; lanes remembered', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await apiSignIn(baseURL!, SPEAKER);
  const rec = await fetch(`${baseURL}/api/v1/recordings/${recordingId}`, { headers: { Authorization: `Bearer ${token}` } });
  const { lanesUrl } = ((await rec.json()) as { data: { lanesUrl: string } }).data;
  const lanes = (await (await fetch(new URL(lanesUrl, baseURL).toString())).json()) as {
    marks: { kind: string; from: number; to: number; label: string }[];
    duration: number;
  };
  // The talk says "Um" and "Uh": the engine's fillers are the marks.
  const filler = lanes.marks.find((m) => m.kind === 'filler')!;
  expect(filler, JSON.stringify(lanes.marks)).toBeDefined();

  await openResults(page, SPEAKER);
  const panel = page.getByTestId('voice-lanes');
  await expect(panel).toHaveAttribute('data-drawn', 'true');
  for (const name of ['Pitch', 'Loudness', 'Speaking rate', 'Pauses', 'Fillers, words and upspeak'])
    await expect(panel.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
  for (const lane of ['pitch', 'loudness', 'rate', 'pauses', 'marks']) expect((await laneInk(page, lane)).ink, lane).toBeGreaterThan(50);
  await shot(page, { path: path.join(SHOTS, 'lanes-1440.png') });

  // Hovering a filler's marker names it; clicking plays from a second before it.
  const marks = page.locator('[data-lane="marks"]');
  const box = (await marks.boundingBox())!;
  const x = ((filler.from + filler.to) / 2 / lanes.duration) * box.width;
  await marks.hover({ position: { x, y: box.height / 2 } });
  await expect(page.getByRole('tooltip')).toHaveText(/Filler \(uh\/um\)$/);
  await marks.click({ position: { x, y: box.height / 2 } });
  const timer = page.getByTestId('waveform-timer');
  await expect(timer).not.toHaveText(/^00:00\.0 \//);
  // The span ends by itself; the lanes' playhead then sits where the waveform's does.
  await expect(page.getByTestId('waveform').getByRole('button', { name: 'Play', exact: true })).toBeVisible({ timeout: 10_000 });
  const playhead = page.locator('.voice-lanes__playhead');
  await expect(playhead).toBeVisible();
  const [, min, sec] = /^(\d+):(\d+(?:\.\d+)?)/.exec((await timer.textContent())!)!;
  const seconds = Number(min) * 60 + Number(sec);
  expect(seconds).toBeGreaterThan(filler.from - 1);
  const headX = (await playhead.boundingBox())!.x - box.x;
  expect(Math.abs(headX - (seconds / lanes.duration) * box.width)).toBeLessThan(12);

  // Zooming the waveform redraws the lanes for the stretch it shows.
  const before = await laneInk(page, 'pitch');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await laneInk(page, 'pitch')).print).not.toBe(before.print);
  await page.getByRole('button', { name: 'Fit to width' }).click();

  // A lane hidden stays hidden on the next visit.
  await panel.getByRole('button', { name: 'Pitch', exact: true }).click();
  await expect(page.locator('[data-lane="pitch"]')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('voice-lanes')).toHaveAttribute('data-drawn', 'true');
  await expect(page.locator('[data-lane="pitch"]')).toHaveCount(0);
  await expect(page.getByTestId('voice-lanes').getByRole('button', { name: 'Pitch', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.getByTestId('voice-lanes').getByRole('button', { name: 'Pitch', exact: true }).click();
  await expect(page.locator('[data-lane="pitch"]')).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('voice-lanes')).toHaveAttribute('data-drawn', 'true');
  expect((await laneInk(page, 'rate')).ink).toBeGreaterThan(20);
  await shot(page, { path: path.join(SHOTS, 'lanes-390.png') });
});

test('a coach adds a region comment and scores; the speaker sees them', async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openResults(page, COACH);
  // A coach opening the link directly goes back to manage, not to their own results list.
  await expect(page.getByTestId('results-back')).toHaveText('Back to Manage');
  await expect(page.getByTestId('results-back')).toHaveAttribute('href', '/manage');

  // A drag under 0.5 s is dropped and drag selection starts again; a longer drag makes the region.
  await page.getByRole('button', { name: 'Drag on waveform' }).click();
  await expect(page.getByText('Drag across the waveform to select a moment.')).toBeVisible();
  const box = (await page.getByTestId('waveform').locator('.waveform__wave').boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 100, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 104, y, { steps: 2 });
  await page.mouse.move(box.x + 106, y, { steps: 2 });
  await page.mouse.up();
  await expect(page.getByText('That selection was shorter than 0.5 seconds. Drag across the waveform again.')).toBeVisible();
  await page.mouse.move(box.x + 100, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, y, { steps: 5 });
  await page.mouse.move(box.x + 220, y, { steps: 2 });
  await page.mouse.up();
  await expect(page.getByTestId('draft-region')).toHaveText(/^Region 00:0\d\.\d to 00:\d\d\.\d$/);
  // A drag across the voice lanes under the waveform picks the region the same way (issue 41).
  const fromWave = await page.getByTestId('draft-region').textContent();
  await page.getByRole('button', { name: 'Drag on waveform' }).click();
  const lane = (await page.locator('[data-lane="pitch"]').boundingBox())!;
  const laneY = lane.y + lane.height / 2;
  await page.mouse.move(lane.x + 300, laneY);
  await page.mouse.down();
  await page.mouse.move(lane.x + 380, laneY, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('draft-region')).toHaveText(/^Region 00:\d\d\.\d to 00:\d\d\.\d$/);
  // Further right than the waveform's drag: a region of its own.
  await expect(page.getByTestId('draft-region')).not.toHaveText(fromWave!);
  const picked = (await page.getByTestId('draft-region').textContent())!.replace(/^Region /, '');
  const pickedRegion = new RegExp(`^${picked.replace(/\./g, '\\.')}`);

  // The comment is required.
  await page.getByRole('button', { name: 'Add Comment' }).click();
  await expect(page.getByText('Comment is required')).toBeVisible();
  await page.getByLabel('Add a comment').fill('Strong opening. Slow down in this part.');
  await page.getByRole('button', { name: 'Add Comment' }).click();
  const comment = page.getByTestId('comment').filter({ hasText: 'Strong opening.' });
  await expect(comment).toBeVisible();
  await expect(comment.getByText('Coach feedback')).toBeVisible();
  // The region the lanes' drag picked is the comment's.
  await expect(comment.getByRole('button', { name: pickedRegion })).toBeVisible();
  await expect(page.getByTestId('comment-count')).toHaveText('1');
  await expect(page.getByTestId('reviewed')).toHaveText('ok');

  // Keyboard region: start beyond end sets end to the duration (to 2 decimals); a default region is not sent.
  await page.getByRole('button', { name: 'Enter times' }).click();
  await page.getByLabel('Start (seconds)').fill('12.345');
  await page.getByLabel('End (seconds)').fill('3');
  await page.getByLabel('End (seconds)').blur();
  await expect(page.getByLabel('Start (seconds)')).toHaveValue('12.35');
  expect(duration).toBeGreaterThan(13);
  await expect(page.getByLabel('End (seconds)')).toHaveValue(String(Math.round(duration * 100) / 100));

  // Add a Score: every category is required; then the coach's own scores and Delete Scores only.
  await page.getByRole('tab', { name: 'Add a Score' }).click();
  for (const [label, v] of [
    ['Overall', '8'],
    ['Organization and Content', '7'],
    ['Vocal Delivery', '9'],
  ] as const) {
    await page.getByRole('radiogroup', { name: label }).getByRole('radio', { name: v, exact: true }).check();
  }
  await page.getByRole('button', { name: 'Submit Scores' }).click();
  await expect(page.getByText('Choose a score from 1 to 10.')).toBeVisible();
  // The row that needs a score is named by the button (issue 41).
  await expect(page.getByTestId('missing-scores')).toHaveText('Choose a score for X Factor.');
  await page.getByRole('radiogroup', { name: 'X Factor' }).getByRole('radio', { name: '10 (Excellent)' }).check();
  await page.getByRole('button', { name: 'Submit Scores' }).click();
  await expect(page.getByRole('heading', { name: 'Your scores' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Scores' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Scores' })).toHaveCount(0);
  await expect(page.getByTestId('score-averages').getByRole('row', { name: /^Overall/ })).toContainText('8.00');

  // The speaker sees the coach's comment, its region and the averages as stars and numbers.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const speaker = await context.newPage();
  await openResults(speaker, SPEAKER);

  // The bell: the coach's comment and scores are new to the speaker; opening it marks them read.
  const bell = speaker.getByTestId('notice-bell');
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await bell.click();
  const panel = speaker.getByRole('dialog', { name: 'Notifications' });
  const commented = panel.getByRole('link', { name: /commented on “Weekly meetings talk”/ });
  const scored = panel.getByRole('link', { name: /scored “Weekly meetings talk”/ });
  await expect(commented).toContainText('New');
  await expect(scored).toContainText('New');
  await expect(commented).toHaveAttribute('href', `/evaluate/${recordingId}`);
  await shot(speaker, { path: path.join(SHOTS, 'notices-1280.png') });
  await speaker.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await bell.click();
  await expect(commented).not.toContainText('New');
  await speaker.keyboard.press('Escape');

  // The region comment is a marker on the waveform: hover reads it, a click plays its region.
  const marker = speaker.getByTestId('waveform').locator('[part~="region"][part*="comment-marker-"]');
  await expect(marker).toHaveCount(1);
  await marker.hover();
  await expect(marker.locator('.comment-marker__tip')).toBeVisible();
  await expect(marker.locator('.comment-marker__tip')).toContainText('Strong opening. Slow down in this part.');
  await marker.click();
  await expect(speaker.getByTestId('waveform').getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(speaker.getByTestId('waveform').getByRole('button', { name: 'Play', exact: true })).toBeVisible({ timeout: 10_000 });

  const seen = speaker.getByTestId('comment').filter({ hasText: 'Strong opening. Slow down in this part.' });
  await expect(seen.getByText('Coach feedback')).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await seen.getByRole('button', { name: pickedRegion }).click();
  await expect(speaker.getByTestId('waveform').locator('[part~="region"][part~="comment"]')).toHaveCount(1);
  await expect(speaker.getByTestId('reviewed')).toHaveText('ok');
  await speaker.getByRole('tab', { name: 'Scores', exact: true }).click();
  const overall = speaker.getByTestId('score-averages').getByRole('row', { name: /^Overall/ });
  await expect(overall).toContainText('8.00');
  await expect(overall.getByRole('img', { name: '4 out of 5 stars' }).first()).toBeVisible();
  await expect(speaker.getByRole('button', { name: 'Submit Scores' })).toHaveCount(0);
  await expect(speaker.getByRole('columnheader', { name: 'All raters' })).toBeVisible();
  // At speaker privacy level 4 the All raters column is hidden (001 section 6).
  await setSalesTeamLevels(baseURL!, 4);
  try {
    await speaker.reload();
    await speaker.getByRole('tab', { name: 'Scores', exact: true }).click();
    await expect(speaker.getByTestId('score-averages').getByRole('row', { name: /^Overall/ })).toContainText('8.00');
    await expect(speaker.getByRole('columnheader', { name: 'Coach' })).toBeVisible();
    await expect(speaker.getByRole('columnheader', { name: 'All raters' })).toHaveCount(0);
  } finally {
    await setSalesTeamLevels(baseURL!, 2);
  }
  await context.close();

  // The coach deletes the scores after confirming.
  await page.getByRole('button', { name: 'Delete Scores' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete these scores?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Submit Scores' })).toBeVisible();
});

test('an unknown or deleted recording sends the user to the list with Error Retrieving Recording', async ({ page, baseURL }) => {
  const token = await apiSignIn(baseURL!, SPEAKER);
  const created = await fetch(`${baseURL}/api/v1/recordings`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Soon deleted', source: 'ui upload form', fileName: 'talk.wav' }),
  });
  const { recordingId: deleted } = ((await created.json()) as { data: { recordingId: string } }).data;
  expect(
    (await fetch(`${baseURL}/api/v1/recordings/${deleted}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status,
  ).toBe(200);

  await signInByApi(page, SPEAKER);
  for (const id of ['00000000-0000-4000-8000-000000000000', deleted]) {
    await page.goto(`/evaluate/${id}`);
    await expect(page).toHaveURL('/evaluate');
    await expect(notification(page)).toContainText('Error Retrieving Recording', { timeout: 10_000 });
    await expect(notification(page)).toContainText(RETRIEVE_ERROR);
  }
});
