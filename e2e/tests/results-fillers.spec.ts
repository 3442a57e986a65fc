import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, openAllScores, test, DEMO_PASSWORD, signInByApi, shot, SHOTS } from './helpers';
import { SPEAKER, apiSignIn, hesitationWav, uploadRecording, waitForResults } from './results-helpers';

// Fillers heard, not read (issue 39 item 1): a talk whose text has no "uh" or "um", with two flat
// hesitation vowels (made by sox) put between its sentences. The engine's detector hears them;
// they are marked on the voice lanes at their time and counted the same in word spotting.

const MEDIA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'media');
const SENTENCES = [
  'Good morning everyone, and thank you for coming today.',
  'I want to talk about how we can make our weekly meetings shorter.',
  'First, we will share an agenda the day before the meeting.',
];
/** Where the hesitations start and how long they last (seconds), known because we put them there. */
const HESITATION_SECONDS = 0.55;

function hesitationTalk(): { file: string; truth: { from: number; to: number }[] } {
  fs.mkdirSync(MEDIA_DIR, { recursive: true });
  const out = path.join(MEDIA_DIR, 'fillers-talk.wav');
  const uh = hesitationWav(HESITATION_SECONDS);
  const parts: string[] = [];
  const truth: { from: number; to: number }[] = [];
  let at = 0.3;
  for (const [i, sentence] of SENTENCES.entries()) {
    const raw = path.join(MEDIA_DIR, `fillers-raw-${i}.wav`);
    const part = path.join(MEDIA_DIR, `fillers-part-${i}.wav`);
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-w', raw, sentence]);
    execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', part]);
    parts.push(part);
    at += Number(execFileSync('soxi', ['-D', part], { encoding: 'utf8' }));
    if (i < SENTENCES.length - 1) {
      parts.push(uh);
      truth.push({ from: at + 0.35, to: at + 0.35 + HESITATION_SECONDS });
      at += 0.35 + HESITATION_SECONDS + 0.1;
    }
  }
  execFileSync('sox', [...parts, out, 'pad', '0.3', '0.5']);
  return { file: out, truth };
}

test('fillers the recogniser never wrote are marked on the lanes and counted once', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const { file, truth } = hesitationTalk();
  const token = await apiSignIn(baseURL!, SPEAKER);
  const recordingId = await uploadRecording(baseURL!, token, file, { title: 'Hesitation talk' });
  await waitForResults(baseURL!, token, recordingId, 120_000);
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const rec = (await (await fetch(`${baseURL}/api/v1/recordings/${recordingId}`, auth)).json()) as {
    data: { lanesUrl: string };
  };
  const lanes = (await (await fetch(new URL(rec.data.lanesUrl, baseURL).toString())).json()) as {
    marks: { kind: string; from: number; to: number; label: string }[];
    duration: number;
  };
  const fillers = lanes.marks.filter((m) => m.kind === 'filler');
  // Each hesitation is one marker at its time.
  for (const g of truth)
    expect(
      fillers.filter((m) => m.to > g.from && m.from < g.to),
      JSON.stringify(lanes.marks),
    ).toHaveLength(1);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, `/evaluate/${recordingId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hesitation talk' })).toBeVisible();
  const panel = page.getByTestId('voice-lanes');
  await expect(panel).toHaveAttribute('data-drawn', 'true');
  // The lanes' text alternative and the Word Spotting chart give the same count.
  await expect(panel.locator('p.visually-hidden')).toContainText(`${fillers.length} fillers`);
  await openAllScores(page);
  await expect(page.getByRole('img', { name: new RegExp(`^Word Spotting: .*uh/um ${fillers.length}\\b`) })).toBeVisible();
  // Hovering the first hesitation's marker names it.
  const marks = page.locator('[data-lane="marks"]');
  await marks.scrollIntoViewIfNeeded();
  const box = (await marks.boundingBox())!;
  const first = fillers[0]!;
  await marks.hover({ position: { x: ((first.from + first.to) / 2 / lanes.duration) * box.width, y: box.height / 2 } });
  await expect(page.getByRole('tooltip')).toHaveText(/Filler \(uh\/um\)$/);
  await shot(page, { path: path.join(SHOTS, 'lanes-fillers-1440.png') });
});
