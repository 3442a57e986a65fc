import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { METRIC_TITLES, SINGLE_SPEAKER_SUMMARY, type TResults } from '@rostrum/contract';
import { expect, openAllScores, test, DEMO_PASSWORD, shot, signInByApi, SHOTS } from './helpers';

import { SPEAKER, apiSignIn, hesitationWav, talkWav, uploadRecording, waitForResults } from './results-helpers';

// Every single-speaker chart (001 section 9's twelve titles) has its tooltip with tips and, where
// its metric has moments, the link that highlights them on the waveform, toggled by a second
// click (001 section 2). A file with three channels is drawn one lane per channel (section 9).
// Media is made at test time from the one-voice talk (nothing binary committed).

const MEDIA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'media');

/**
 * The talk twice with 2.5 s of silence between (a long pause for Pausing's moments) and a
 * hesitation before the second: a filler Word Spotting counts whatever the speaker's lists hold.
 */
function pausedTalk(): string {
  const out = path.join(MEDIA_DIR, 'moments-paused-talk.wav');
  if (fs.existsSync(out)) return out;
  const talk = talkWav();
  const silence = path.join(MEDIA_DIR, 'moments-silence.wav');
  execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', silence, 'trim', '0', '2.5']);
  execFileSync('sox', [talk, silence, hesitationWav(0.55), talk, out]);
  fs.rmSync(silence, { force: true });
  return out;
}

/** The talk in three channels: the voice, then the same voice quieter, then quieter still. */
function threeChannelTalk(): string {
  const out = path.join(MEDIA_DIR, 'moments-three-channel-talk.wav');
  if (!fs.existsSync(out)) execFileSync('sox', [talkWav(), '-c', '3', out, 'remix', '1', '1v0.4', '1v0.2']);
  return out;
}

/** A link's name: its text, then the chart's title in a visually hidden span. */
const named = (text: string, title: string) => new RegExp(`^${text}\\s*: ${title}$`);

let talkId = '';
let splitId = '';
let results: TResults;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  const token = await apiSignIn(baseURL!, SPEAKER);
  talkId = await uploadRecording(baseURL!, token, pausedTalk(), { title: 'Moments talk' });
  splitId = await uploadRecording(baseURL!, token, threeChannelTalk(), { title: 'Three channel talk' });
  await waitForResults(baseURL!, token, talkId, 200_000);
  await waitForResults(baseURL!, token, splitId, 200_000);
  const res = await fetch(`${baseURL}/api/v1/recordings/${talkId}?expand=tips,timestamped`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  results = ((await res.json()) as { data: { results: TResults } }).data.results;
});

test('every single-speaker chart has its tips tooltip and, where its metric has moments, a highlight link that toggles', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, `/evaluate/${talkId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Moments talk' })).toBeVisible();
  await expect(page.getByTestId('waveform').getByRole('button', { name: 'Play', exact: true })).toBeEnabled({ timeout: 15_000 });
  const regions = page.getByTestId('waveform').locator('[part~="region"][part*="highlight-"]');
  await openAllScores(page);

  // The moments this recording has, metric by metric: the new ones among them.
  const moments = (key: (typeof SINGLE_SPEAKER_SUMMARY)[number]) => results.timestamped.metrics[key]?.hotSpots.length ?? 0;
  for (const key of ['overall', 'clarity', 'pauseToTalk', 'wordSpotting'] as const) expect(moments(key), key).toBeGreaterThan(0);

  for (const key of SINGLE_SPEAKER_SUMMARY) {
    const title = METRIC_TITLES[key];
    const card = page.getByTestId(`chart-${key}`);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('heading', { name: title, exact: true })).toBeVisible();
    // The tooltip: its trigger, then the metric's tips in the bubble on focus.
    const tips = results.tips.byMetric[key] ?? [];
    expect(tips.length, `${title} has tips`).toBeGreaterThan(0);
    const trigger = card.getByRole('button', { name: `Tips for ${title}` });
    await trigger.focus();
    await expect(card.getByRole('tooltip')).toBeVisible();
    await expect(card.getByRole('tooltip')).toContainText(tips[0]!);
    if (key === 'overall') await shot(card, { path: path.join(SHOTS, 'chart-tooltip-overall-1440.png') });
    await trigger.blur();
    await expect(card.getByRole('tooltip')).toBeHidden();

    const link = card.getByRole('button', { name: named('Highlight on waveform', title) });
    // The radars link to the moments behind their strongest vibe when they have none of their own.
    if (key === 'positiveVibes' || key === 'negativeVibes') {
      if (!(await link.count())) continue;
    } else if (moments(key) === 0) {
      await expect(link, `${title}: no moments, no link`).toHaveCount(0);
      continue;
    }
    await link.click();
    const on = card.getByRole('button', { name: named('Hide highlights', title) });
    await expect(on).toHaveAttribute('aria-pressed', 'true');
    if (key !== 'positiveVibes' && key !== 'negativeVibes') await expect(regions).toHaveCount(moments(key));
    else await expect(regions.first()).toBeAttached();
    await on.click();
    await expect(card.getByRole('button', { name: named('Highlight on waveform', title) })).toHaveAttribute('aria-pressed', 'false');
    await expect(regions).toHaveCount(0);
  }
});

test('a three-channel file is drawn one lane per channel; the one-channel talk is one waveform', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, `/evaluate/${splitId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Three channel talk' })).toBeVisible();
  const wave = page.locator('.waveform__wave');
  await expect(wave).toHaveAttribute('data-split', 'channels:3', { timeout: 15_000 });
  await shot(page.getByTestId('waveform'), { path: path.join(SHOTS, 'waveform-three-channels-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page.getByTestId('waveform'), { path: path.join(SHOTS, 'waveform-three-channels-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  // wavesurfer draws each channel in its own canvas row: taller than the one-channel talk.
  const splitHeight = (await wave.boundingBox())!.height;
  await page.goto(`/evaluate/${talkId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Moments talk' })).toBeVisible();
  await expect(page.getByTestId('waveform').getByRole('button', { name: 'Play', exact: true })).toBeEnabled({ timeout: 15_000 });
  await expect(wave).not.toHaveAttribute('data-split');
  expect(splitHeight).toBeGreaterThan((await wave.boundingBox())!.height);
});
