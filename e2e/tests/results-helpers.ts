import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCREENSHOTS_ON, shot, SHOTS } from './helpers';

// Recordings for the results specs, made at test time (nothing binary is committed): espeak-ng
// speech uploaded through the API (POST recordings, then the tus upload) and analysed by the
// real engine.

const MEDIA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'media');
export const COACH = 'coach@northwind.example';
export const SPEAKER = 'speaker@northwind.example';
export const PASSWORD = 'rostrum-demo';

const TALK = [
  'Good morning everyone, and thank you for coming today.',
  'Um, I want to talk about how we can make our weekly meetings shorter and more useful.',
  'First, we will share an agenda the day before, so everybody arrives prepared.',
  'Uh, second, we will end every meeting with clear decisions and owners.',
  'Finally, we will actually measure how long our meetings take, and we will review that number every month.',
];

/**
 * A hesitation the engine's filler detector hears whatever the recogniser writes: a 115 Hz pulse
 * train through three schwa-like formant peaks, `seconds` long, with 0.35 s of silence before it
 * and 0.1 s after, mono 16 kHz.
 */
export function hesitationWav(seconds: number): string {
  fs.mkdirSync(MEDIA_DIR, { recursive: true });
  const out = path.join(MEDIA_DIR, `hesitation-${seconds}.wav`);
  if (fs.existsSync(out)) return out;
  execFileSync('sox', [
    ...['-n', '-r', '16000', '-b', '16', '-c', '1', out, 'synth', String(seconds), 'sawtooth', '115', 'gain', '-24'],
    ...['sinc', '-3500', 'equalizer', '600', '150', '+18', 'equalizer', '1300', '250', '+14', 'equalizer', '2500', '300', '+10'],
    ...['fade', 'h', '0.03', String(seconds), '0.03', 'gain', '-n', '-8', 'pad', '0.35', '0.1'],
  ]);
  return out;
}

/** About 25 s of one voice with pauses between sentences, mono 16 kHz. */
export function talkWav(): string {
  fs.mkdirSync(MEDIA_DIR, { recursive: true });
  const out = path.join(MEDIA_DIR, 'results-talk.wav');
  if (fs.existsSync(out)) return out;
  const parts: string[] = [];
  TALK.forEach((sentence, i) => {
    const raw = path.join(MEDIA_DIR, `results-part-${i}.wav`);
    execFileSync('espeak-ng', ['-s', i % 2 ? '175' : '140', '-p', String(35 + i * 10), '-w', raw, sentence]);
    parts.push(raw);
  });
  const joined = path.join(MEDIA_DIR, 'results-joined.wav');
  execFileSync('sox', [...parts, joined]);
  execFileSync('sox', [joined, '-r', '16000', '-c', '1', '-b', '16', out, 'pad', '0.3', '0.5']);
  for (const p of [...parts, joined]) fs.rmSync(p, { force: true });
  return out;
}

export async function apiSignIn(baseURL: string, email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${baseURL}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  const { data } = (await res.json()) as { data: { apiKey: string; orgCode: string } };
  return `${data.orgCode}-${data.apiKey}`;
}

/** One API call with a bearer token; returns `data` (paths start with a slash, after /api/v1). */
export async function api<T>(baseURL: string, token: string, method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}/api/v1${p}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${p} ${res.status} ${await res.text()}`);
  return ((await res.json().catch(() => ({}))) as { data: T }).data;
}

/** Creates a recording and uploads the file with tus (one PATCH); returns its id. */
export async function uploadRecording(
  baseURL: string,
  token: string,
  file: string,
  body: { title: string; feedbackRequested?: boolean; submitted?: boolean; algorithm?: string },
): Promise<string> {
  const auth = { Authorization: `Bearer ${token}` };
  const bytes = fs.readFileSync(file);
  const created = await fetch(`${baseURL}/api/v1/recordings`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ source: 'ui upload form', fileName: path.basename(file), fileSize: bytes.length, ...body }),
  });
  if (!created.ok) throw new Error(`POST recordings ${created.status} ${await created.text()}`);
  const { data } = (await created.json()) as { data: { recordingId: string; uploadUrl: string } };
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const endpoint = new URL(data.uploadUrl, baseURL).toString();
  const start = await fetch(endpoint, {
    method: 'POST',
    headers: {
      ...auth,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `recordingId ${b64(data.recordingId)},filename ${b64(path.basename(file))}`,
    },
  });
  if (start.status !== 201) throw new Error(`tus POST ${start.status} ${await start.text()}`);
  const location = new URL(start.headers.get('location') ?? '', endpoint).toString();
  const patch = await fetch(location, {
    method: 'PATCH',
    headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
  if (patch.status !== 204) throw new Error(`tus PATCH ${patch.status} ${await patch.text()}`);
  return data.recordingId;
}

/** Waits until the engine has analysed the recording. */
export async function waitForResults(baseURL: string, token: string, recordingId: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await fetch(`${baseURL}/api/v1/recordings/${recordingId}`, { headers: { Authorization: `Bearer ${token}` } });
    const { data } = (await res.json()) as { data: { state: string; failedReason: string | null } };
    if (data.state === 'done') return;
    if (data.state === 'failed') throw new Error(`analysis failed: ${data.failedReason}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('analysis timed out');
}

const CONVERSATION: [string, string][] = [
  [
    'Hi Sam, thanks for making time today. How did the customer visit go on Tuesday?',
    'It went well. They liked the demo, but they asked a lot about pricing.',
  ],
  ['That makes sense. What did you tell them about the annual plan?', 'I explained the discount, and they want a written offer by Friday.'],
  ['Great, can you send that offer tomorrow morning?', 'Yes, I will send it tomorrow and copy you on the email.'],
];

/** About 30 s of two voices taking turns (3 sentences each, 0.6 s of silence between turns), mono 16 kHz. */
export function conversationWav(): string {
  fs.mkdirSync(MEDIA_DIR, { recursive: true });
  const out = path.join(MEDIA_DIR, 'results-conversation.wav');
  if (fs.existsSync(out)) return out;
  const parts: string[] = [];
  const silence = path.join(MEDIA_DIR, 'conversation-silence.wav');
  execFileSync('sox', ['-n', '-r', '22050', '-c', '1', '-b', '16', silence, 'trim', '0', '0.6']);
  CONVERSATION.flat().forEach((sentence, i) => {
    const raw = path.join(MEDIA_DIR, `conversation-part-${i}.wav`);
    const voice = i % 2 === 0 ? ['-v', 'en-us'] : ['-v', 'en-us+f3', '-p', '70'];
    execFileSync('espeak-ng', [...voice, '-w', raw, sentence]);
    // Every part at the same rate and channels, so sox can join them.
    const norm = path.join(MEDIA_DIR, `conversation-norm-${i}.wav`);
    execFileSync('sox', [raw, '-r', '22050', '-c', '1', '-b', '16', norm]);
    fs.rmSync(raw, { force: true });
    if (i > 0) parts.push(silence);
    parts.push(norm);
  });
  const joined = path.join(MEDIA_DIR, 'conversation-joined.wav');
  execFileSync('sox', [...parts, joined]);
  execFileSync('sox', [joined, '-r', '16000', '-c', '1', '-b', '16', out, 'pad', '0.3', '0.5']);
  for (const p of new Set([...parts, joined])) fs.rmSync(p, { force: true });
  return out;
}

/** A 320x240 navy video with the one-voice talk as its sound track (H.264 and AAC). */
export function talkMp4(): string {
  const out = path.join(MEDIA_DIR, 'results-talk.mp4');
  if (fs.existsSync(out)) return out;
  const wav = talkWav();
  // -shortest alone overshoots with an endless lavfi source; cut the video at the sound's length.
  const seconds = execFileSync('soxi', ['-D', wav]).toString().trim();
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=navy:s=320x240:r=15',
    '-i',
    wav,
    '-t',
    seconds,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-shortest',
    '-movflags',
    '+faststart',
    out,
  ]);
  return out;
}

/** The org's algorithm whose name contains `part` (GET /api/v1/me). */
export async function algorithmNamed(baseURL: string, token: string, part: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
  const { data } = (await res.json()) as { data: { org: { algorithmConfig: { algorithms: { name: string }[] } } } };
  const found = data.org.algorithmConfig.algorithms.find((a) => a.name.toLowerCase().includes(part));
  if (!found) throw new Error(`no algorithm containing ${part}`);
  return found.name;
}

/**
 * Viewport-sized screenshots of the results page at 1280 and 375 px: the top, the charts and
 * the feedback panel (each scrolled into view), for looking at the layout.
 */
export async function shootResults(page: import('@playwright/test').Page, name: string): Promise<void> {
  if (!SCREENSHOTS_ON) return;
  for (const [width, height] of [
    [1280, 900],
    [375, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, { path: path.join(SHOTS, `${name}-${width}-top.png`) });
    const charts = page.getByTestId('metric-groups');
    if (await charts.count()) {
      await charts.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -80));
      await shot(page, { path: path.join(SHOTS, `${name}-${width}-charts.png`) });
    }
    await page.getByRole('complementary', { name: 'Sharing and feedback' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -80));
    await shot(page, { path: path.join(SHOTS, `${name}-${width}-feedback.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Slow, clear one-voice speech of `sentences` (0.4 s between them), mono 16 kHz, kept under
 * .tmp/media as `name`.wav: the recogniser hears short phrases such as "so" and "you know" in it.
 */
export function clearSpeechWav(name: string, sentences: readonly string[]): string {
  fs.mkdirSync(MEDIA_DIR, { recursive: true });
  const out = path.join(MEDIA_DIR, `${name}.wav`);
  if (fs.existsSync(out)) return out;
  const parts = sentences.map((sentence, i) => {
    const raw = path.join(MEDIA_DIR, `${name}-raw-${i}.wav`);
    const part = path.join(MEDIA_DIR, `${name}-part-${i}.wav`);
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '125', '-g', '4', '-w', raw, sentence]);
    execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', part, 'pad', '0', '0.4']);
    fs.rmSync(raw, { force: true });
    return part;
  });
  execFileSync('sox', [...parts, out, 'pad', '0.3', '0.5']);
  for (const p of parts) fs.rmSync(p, { force: true });
  return out;
}
