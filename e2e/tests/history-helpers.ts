import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Analysed recordings made through the API for the history specs: sign in, create the recording,
// send the file with tus, wait for the analysis. Speech comes from espeak-ng at test time.

const MEDIA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'media');
const API = '/api/v1';

const SPEECHES = [
  { speed: 135, text: 'Good morning. Today I want to share three ideas that helped our team sell more this quarter.' },
  { speed: 165, text: 'First, listen before you pitch. Ask what the customer needs, then show how we can help them.' },
  { speed: 190, text: 'Finally, follow up within a day. A short and friendly note keeps the conversation going strong.' },
];

/** A short mono 16 kHz speech WAV, made once per run. */
export function speechWav(index: number): string {
  const s = SPEECHES[index % SPEECHES.length]!;
  fs.mkdirSync(MEDIA_DIR, { recursive: true });
  const out = path.join(MEDIA_DIR, `history-${index % SPEECHES.length}.wav`);
  if (!fs.existsSync(out)) {
    const raw = `${out}.raw.wav`;
    execFileSync('espeak-ng', ['-s', String(s.speed), '-w', raw, s.text]);
    execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', out]);
    fs.rmSync(raw, { force: true });
  }
  return out;
}

async function call<T>(baseURL: string, method: string, p: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${API}/${p}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Signs in through the API; the bearer token is `{orgCode}-{apiKey}`. */
export async function apiSignIn(baseURL: string, email: string, password = 'rostrum-demo') {
  const r = await call<{ apiKey: string; orgCode: string; userId: string }>(baseURL, 'POST', 'auth/sign-in', null, { email, password });
  return { token: `${r.orgCode}-${r.apiKey}`, userId: r.userId };
}

/** Creates a recording, uploads the WAV with tus and returns its id (analysis still running). */
export async function uploadRecording(baseURL: string, token: string, title: string, wav: string): Promise<string> {
  const fileName = path.basename(wav);
  const { recordingId } = await call<{ recordingId: string }>(baseURL, 'POST', 'recordings', token, {
    title,
    source: 'ui upload form',
    fileName,
  });
  const bytes = fs.readFileSync(wav);
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const created = await fetch(`${baseURL}${API}/uploads`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `recordingId ${b64(recordingId)},filename ${b64(fileName)}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location') ?? '', baseURL).toString();
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: {
      Authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
  if (patched.status !== 204) throw new Error(`tus patch: ${patched.status} ${await patched.text()}`);
  return recordingId;
}

/** Waits until every recording's analysis is done (state 'done'); fails on 'failed'. */
export async function waitForAnalysis(baseURL: string, token: string, ids: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(ids);
  while (pending.size) {
    for (const id of [...pending]) {
      const r = await call<{ state: string; failedReason?: string | null }>(baseURL, 'GET', `recordings/${id}`, token);
      if (r.state === 'done') pending.delete(id);
      else if (r.state === 'failed') throw new Error(`recording ${id} failed: ${r.failedReason ?? ''}`);
    }
    if (!pending.size) break;
    if (Date.now() > deadline) throw new Error(`analysis not done in ${timeoutMs} ms: ${[...pending].join(', ')}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Three analysed recordings of `email`, titled `${prefix} 1..3`, created oldest first. */
export async function makeAnalysedRecordings(
  baseURL: string,
  email: string,
  prefix: string,
  count = 3,
  password?: string,
  timeoutMs?: number,
) {
  const { token } = await apiSignIn(baseURL, email, password);
  const titles: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const title = `${prefix} ${i + 1}`;
    ids.push(await uploadRecording(baseURL, token, title, speechWav(i)));
    titles.push(title);
  }
  await waitForAnalysis(baseURL, token, ids, timeoutMs);
  return { titles, ids, token };
}

export async function apiPost<T>(baseURL: string, token: string | null, p: string, body: unknown): Promise<T> {
  return call<T>(baseURL, 'POST', p, token, body);
}

/** A new speaker in the Northwind Sales Team, signed up through the API. */
export async function signUpSpeaker(baseURL: string, email: string, password: string, inviteCode: string) {
  return call<{ userId: string }>(baseURL, 'POST', 'auth/sign-up', null, {
    email,
    password,
    firstName: 'Nora',
    lastName: 'Newcomer',
    name: 'Nora Newcomer',
    metadata: { title: 'professional' },
    inviteCode,
    termsAccepted: true,
    privacyAccepted: true,
  });
}

export async function apiGet<T>(baseURL: string, token: string, p: string): Promise<T> {
  return call<T>(baseURL, 'GET', p, token);
}
