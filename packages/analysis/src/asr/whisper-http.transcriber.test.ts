import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FILLER_WORDS, normaliseWord } from '@rostrum/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createWhisperHttpTranscriber, parseVerboseJson, WHISPER_PROMPT } from './whisper-http.transcriber.js';

// A stand-in for a self-hosted Whisper server (whisper.cpp's server, faster-whisper behind
// speaches, OpenAI itself): it speaks the OpenAI audio transcription API, multipart POST
// /v1/audio/transcriptions, and answers verbose_json with words and segments.

const RATE = 16_000;

/** The multipart form's text fields (name -> values) and its file part's bytes. */
async function readForm(req: IncomingMessage): Promise<{ fields: Map<string, string[]>; file: Buffer | null; contentType: string }> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = Buffer.concat(chunks);
  const contentType = req.headers['content-type'] ?? '';
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const fields = new Map<string, string[]>();
  let file: Buffer | null = null;
  if (!boundary) return { fields, file, contentType };
  const sep = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(sep);
  while (at >= 0) {
    const next = body.indexOf(sep, at + sep.length);
    if (next < 0) break;
    const part = body.subarray(at + sep.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="([^"]+)"/.exec(head)?.[1] ?? '';
    if (/filename=/.test(head)) file = content;
    else fields.set(name, [...(fields.get(name) ?? []), content.toString('utf8')]);
    at = next;
  }
  return { fields, file, contentType };
}

type TReply = (form: Awaited<ReturnType<typeof readForm>>) => unknown;
const servers: ReturnType<typeof createServer>[] = [];
async function standIn(reply: TReply): Promise<{ url: string; seen: Awaited<ReturnType<typeof readForm>>[]; paths: string[] }> {
  const seen: Awaited<ReturnType<typeof readForm>>[] = [];
  const paths: string[] = [];
  const server = createServer(async (req, res) => {
    paths.push(`${req.method} ${req.url}`);
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
      res.statusCode = 404;
      res.end();
      return;
    }
    const form = await readForm(req);
    seen.push(form);
    if (form.fields.get('response_format')?.[0] !== 'verbose_json' || !form.file) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: { message: 'bad request' } }));
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(reply(form)));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, paths };
}
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** OpenAI's own reply shape with timestamp_granularities[]=word: words without probabilities, segments with log-probabilities. */
const OPENAI_REPLY = {
  task: 'transcribe',
  language: 'english',
  duration: 3,
  text: 'Uh, good morning everyone.',
  words: [
    { word: 'Uh', start: 0.1, end: 0.4 },
    { word: 'good', start: 0.5, end: 0.8 },
    { word: 'morning', start: 0.8, end: 1.2 },
    { word: 'everyone', start: 2.1, end: 2.6 },
  ],
  segments: [
    {
      id: 0,
      seek: 0,
      start: 0,
      end: 1.3,
      text: ' Uh, good morning',
      tokens: [1],
      temperature: 0,
      avg_logprob: -0.105,
      compression_ratio: 0.9,
      no_speech_prob: 0.01,
    },
    {
      id: 1,
      seek: 0,
      start: 2.0,
      end: 2.7,
      text: ' everyone.',
      tokens: [2],
      temperature: 0,
      avg_logprob: -1.2,
      compression_ratio: 0.9,
      no_speech_prob: 0.6,
    },
  ],
};

/** faster-whisper (speaches) and whisper.cpp's server: words inside segments, each with its probability. */
const FASTER_WHISPER_REPLY = {
  task: 'transcribe',
  language: 'en',
  duration: 3,
  text: 'Um, thank you.',
  segments: [
    {
      id: 0,
      start: 0,
      end: 2,
      text: ' Um, thank you.',
      avg_logprob: -0.3,
      no_speech_prob: 0.02,
      words: [
        { word: ' Um,', start: 0.0, end: 0.4, probability: 0.62 },
        { word: ' thank', start: 0.6, end: 0.9, probability: 0.98 },
        { word: ' you.', start: 0.9, end: 1.1, probability: 0.31 },
      ],
    },
  ],
};

describe('Whisper-compatible HTTP adapter against an OpenAI-style stand-in', () => {
  it('posts the WAV as multipart with verbose_json, word timestamps and the fillers-only prompt', async () => {
    const s = await standIn(() => OPENAI_REPLY);
    const t = createWhisperHttpTranscriber({
      url: `${s.url}/v1`,
      apiKey: 'sk-test',
      model: 'Systran/faster-whisper-small',
      language: 'en',
    });
    await t.transcribe({ samples: new Float32Array(RATE * 3), sampleRate: RATE, speech: [{ from: 0, to: 3 }] });
    expect(s.paths).toEqual(['POST /v1/audio/transcriptions']);
    const form = s.seen[0]!;
    expect(form.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(form.fields.get('model')).toEqual(['Systran/faster-whisper-small']);
    expect(form.fields.get('response_format')).toEqual(['verbose_json']);
    expect(form.fields.get('timestamp_granularities[]')).toContain('word');
    expect(form.fields.get('language')).toEqual(['en']);
    expect(form.fields.get('prompt')).toEqual([WHISPER_PROMPT]);
    expect(form.file?.subarray(0, 4).toString('latin1')).toBe('RIFF');
    // 3 s of 16-bit mono at 16 kHz after a 44-byte header.
    expect(form.file?.length).toBe(44 + RATE * 3 * 2);
  });

  it('primes only hesitations, never a phrase word spotting counts', () => {
    const words = WHISPER_PROMPT.split(/\s+/).map(normaliseWord).filter(Boolean);
    expect(words.length).toBeGreaterThan(0);
    for (const w of words) expect(FILLER_WORDS.has(w)).toBe(true);
    for (const phrase of ['so', 'like', 'you know', 'i mean', 'basically', 'actually'])
      expect(` ${words.join(' ')} `).not.toContain(` ${phrase} `);
  });

  it("takes OpenAI's word times and derives each word's confidence from its segment", async () => {
    const s = await standIn(() => OPENAI_REPLY);
    const words = await createWhisperHttpTranscriber({ url: s.url }).transcribe({
      samples: new Float32Array(RATE * 3),
      sampleRate: RATE,
      speech: [{ from: 0, to: 3 }],
    });
    expect(words.map((w) => [w.text, w.start, w.end, w.isFiller])).toEqual([
      ['uh', 0.1, 0.4, true],
      ['good', 0.5, 0.8, false],
      ['morning', 0.8, 1.2, false],
      ['everyone', 2.1, 2.6, false],
    ]);
    // exp(avg_logprob) x (1 - no_speech_prob): a sure first segment, a doubtful second one.
    expect(words[1]!.confidence).toBeCloseTo(Math.exp(-0.105) * 0.99, 6);
    expect(words[3]!.confidence).toBeCloseTo(Math.exp(-1.2) * 0.4, 6);
    expect(words[3]!.confidence).toBeLessThan(0.5);
    expect(words.every((w) => w.alternatives === undefined)).toBe(true);
  });

  it("keeps faster-whisper's and whisper.cpp's own word probabilities", async () => {
    const s = await standIn(() => FASTER_WHISPER_REPLY);
    const words = await createWhisperHttpTranscriber({ url: `${s.url}/v1/audio/transcriptions` }).transcribe({
      samples: new Float32Array(RATE * 2),
      sampleRate: RATE,
      speech: [{ from: 0, to: 2 }],
    });
    expect(words.map((w) => [w.text, w.confidence, w.isFiller])).toEqual([
      ['um', 0.62, true],
      ['thank', 0.98, false],
      ['you', 0.31, false],
    ]);
  });

  it('puts each piece on the recording clock and says when the server refuses', async () => {
    expect(parseVerboseJson({ words: [{ word: 'hi', start: 0.2, end: 0.5 }] }, 60)[0]).toMatchObject({
      start: 60.2,
      end: 60.5,
      confidence: 1,
    });
    const s = await standIn(() => OPENAI_REPLY);
    await expect(
      createWhisperHttpTranscriber({ url: `${s.url}/v2` }).transcribe({ samples: new Float32Array(RATE), sampleRate: RATE, speech: [] }),
    ).rejects.toThrow(/ASR endpoint answered 404/);
  });
});
