import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UNCERTAIN_TRANSCRIPT_NOTICE, UNCERTAIN_WORD_CONFIDENCE, type TTranscriptItem } from '@rostrum/contract';
import { DEMO_PASSWORD, expect, signInByApi, shot, test, SHOTS } from './helpers';
import { SPEAKER, api, apiSignIn, uploadRecording, waitForResults } from './results-helpers';

// Honest words on the results page (issue 39, item 5): a recording the recogniser can hardly make
// out (espeak-ng's croaking voice, fast and high) shows its uncertain words faded, the recogniser's
// alternatives on hover and on keyboard focus, and the one sentence saying the transcript is
// uncertain. The speaker's own recording, removed after.

const TITLE = 'Croaked agenda (honest words)';
const MEDIA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'media');

function croakedWav(): string {
  fs.mkdirSync(MEDIA_DIR, { recursive: true });
  const out = path.join(MEDIA_DIR, 'honest-words.wav');
  if (fs.existsSync(out)) return out;
  const raw = path.join(MEDIA_DIR, 'honest-words-raw.wav');
  execFileSync('espeak-ng', [
    ...['-v', 'en-us+croak', '-s', '200', '-p', '80', '-w', raw],
    'Good morning everyone. Today I want to talk about our meetings, and how we can make them shorter. First, every meeting gets an agenda before it starts.',
  ]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', out, 'pad', '0.3', '0.5']);
  fs.rmSync(raw, { force: true });
  return out;
}

let baseURL = '';
let token = '';
let recordingId = '';
let transcript: TTranscriptItem[] = [];

test.beforeAll(async ({ baseURL: url }) => {
  test.setTimeout(150_000);
  baseURL = url!;
  token = await apiSignIn(baseURL, SPEAKER);
  recordingId = await uploadRecording(baseURL, token, croakedWav(), { title: TITLE });
  await waitForResults(baseURL, token, recordingId, 120_000);
  transcript = (await api<{ results: { diarizedTranscript: TTranscriptItem[] } }>(baseURL, token, 'GET', `/recordings/${recordingId}`))
    .results.diarizedTranscript;
});

test.afterAll(async () => {
  if (recordingId)
    await fetch(`${baseURL}/api/v1/recordings/${recordingId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
});

test('uncertain words are faded, show what else the recogniser heard on hover and focus, and the transcript says it is uncertain', async ({
  page,
}) => {
  const uncertain = transcript.flatMap((w, index) => (w.confidence < UNCERTAIN_WORD_CONFIDENCE ? [{ w, index }] : []));
  // The recording is chosen so: most of its words are uncertain, and the recogniser offered alternatives for some.
  expect(uncertain.length * 2).toBeGreaterThan(transcript.length);
  const withAlternatives = uncertain.find(({ w }) => w.alternatives.length > 0);
  const without = uncertain.find(({ w }) => w.alternatives.length === 0);
  expect(withAlternatives).toBeDefined();

  await signInByApi(page, SPEAKER, DEMO_PASSWORD, `/evaluate/${recordingId}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible({ timeout: 20_000 });
  const box = page.getByTestId('transcript');
  await expect(page.getByTestId('transcript-uncertain')).toHaveText(UNCERTAIN_TRANSCRIPT_NOTICE);
  await expect(page.getByText('Parts of this transcript are uncertain: the recogniser could not make out every word')).toBeVisible();

  // Faded: the uncertain words (and only they) are drawn in a lighter grey than the rest.
  const faded = box.locator('.word--uncertain');
  await expect(faded).toHaveCount(uncertain.length);
  const lightness = (el: Element) => {
    const [r, g, b] = (getComputedStyle(el).color.match(/\d+/g) ?? []).map(Number);
    return (r! + g! + b!) / 3;
  };
  const fadedLightness = await box.locator('.word--uncertain:not(.word--filler)').first().evaluate(lightness);
  const sure = box.locator('.word:not(.word--uncertain):not(.word--filler)');
  if ((await sure.count()) > 0) expect(fadedLightness).toBeGreaterThan((await sure.first().evaluate(lightness)) + 30);
  // And still readable: no serious or critical accessibility finding in the transcript (contrast included).
  const axe = await new AxeBuilder({ page }).include('#results-tabs').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Hover: the recogniser's own alternatives, as the Results carry them.
  const target = box.locator(`.word--uncertain[data-index="${withAlternatives!.index}"]`);
  // Below the player, which sticks under the header once scrolled past.
  await box.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await target.hover();
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText(
    `Uncertain word. The recogniser also heard: ${withAlternatives!.w.alternatives.map((a) => a.text).join(', ')}`,
  );
  await shot(page, { path: path.join(SHOTS, 'results-honest-words-hover.png') });
  if (without) {
    await box.locator(`.word--uncertain[data-index="${without.index}"]`).hover();
    await expect(tip).toHaveText('Uncertain word: the recogniser could not make it out');
  }
  await page.mouse.move(0, 0);
  await expect(tip).toHaveCount(0);

  // Keyboard: Tab from the tabs' Print button lands on the first uncertain word, whose hint
  // describes it; the arrow keys go on to the next.
  await page.locator('#results-tabs').getByRole('button', { name: 'Print' }).focus();
  await page.keyboard.press('Tab');
  const first = box.locator(`.word--uncertain[data-index="${uncertain[0]!.index}"]`);
  await expect(first).toBeFocused();
  await expect(tip).toBeVisible();
  await expect(first).toHaveAttribute('aria-describedby', (await tip.getAttribute('id'))!);
  if (uncertain.length > 1) {
    await page.keyboard.press('ArrowRight');
    const second = box.locator(`.word--uncertain[data-index="${uncertain[1]!.index}"]`);
    await expect(second).toBeFocused();
    await expect(second).toHaveAttribute('aria-describedby', (await tip.getAttribute('id'))!);
  }
  await box.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(page, { path: path.join(SHOTS, 'results-honest-words-focus.png') });
});
