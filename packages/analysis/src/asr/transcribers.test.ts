import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { analyzeProsody } from '../signal/prosody.js';
import { readMono, speak, RATE } from '../testing/speech-fixtures.js';
import { chunkAtPauses } from './chunk-at-pauses.js';
import {
  createPocketsphinxTranscriber,
  KEYWORD_SEARCH,
  parsePocketsphinxTimes,
  RECOGNISER_SEARCH,
  searchArgs,
} from './pocketsphinx.transcriber.js';
import { createWhisperHttpTranscriber, transcriptionsUrl } from './whisper-http.transcriber.js';

describe('pocketsphinx', () => {
  it('parses word timings and confidences, dropping silences and marking fillers', () => {
    const words = parsePocketsphinxTimes(
      'hello um world\n<s> 0.000 0.140 0.999\nhello 0.15 0.50 0.84\n<sil> 0.5 0.6 1\num 0.61 0.90 0.12\nworld(2) 0.91 1.30 0.5\n',
      10,
    );
    expect(words.map((w) => w.text)).toEqual(['hello', 'um', 'world']);
    expect(words[1]).toMatchObject({ start: 10.61, end: 10.9, isFiller: true });
    expect(words[2]?.confidence).toBe(0.5);
  });

  it('transcribes speech split at pauses, with word times inside the speech', async () => {
    const file = speak('Hello everyone. Thank you for coming today. We will talk about the weather.', { rate: 150 });
    const samples = await readMono(file);
    const p = analyzeProsody(samples, RATE);
    const words = await createPocketsphinxTranscriber({ parallel: 2, maxChunkSeconds: 3 }).transcribe({
      samples,
      sampleRate: RATE,
      speech: p.activity.speech,
    });
    expect(words.length).toBeGreaterThanOrEqual(8);
    const first = p.activity.speech[0];
    const last = p.activity.speech[p.activity.speech.length - 1];
    for (const w of words) {
      expect(w.start).toBeGreaterThanOrEqual((first?.from ?? 0) - 0.3);
      expect(w.end).toBeLessThanOrEqual((last?.to ?? 0) + 0.3);
      expect(w.confidence).toBeGreaterThanOrEqual(0);
    }
  });

  it('passes the chosen search settings to the transcript pass and its own to the keyword pass', async () => {
    expect(searchArgs({ maxhmmpf: 1500, beam: 1e-48, plWindow: 5 })).toEqual(['-beam', '1e-48', '-maxhmmpf', '1500', '-pl_window', '5']);
    // A stand-in recogniser that writes down its arguments, one call a line.
    const dir = mkdtempSync(join(tmpdir(), 'rostrum-ps-args-'));
    const log = join(dir, 'calls.txt');
    const binary = join(dir, 'fake-pocketsphinx');
    writeFileSync(binary, `#!/bin/sh\necho "$*" >> '${log}'\necho 'hello 0.10 0.40 0.9'\n`);
    chmodSync(binary, 0o755);
    const samples = new Float32Array(RATE * 2).map((_, i) => 0.1 * Math.sin(i / 10));
    await createPocketsphinxTranscriber({ binary, parallel: 1, search: { topn: 3 } }).transcribeWithKeywords?.({
      samples,
      sampleRate: RATE,
      speech: [{ from: 0, to: 2 }],
      keywords: ['basically'],
    });
    const [lm, kws] = readFileSync(log, 'utf8').trim().split('\n') as [string, string];
    expect(lm).toContain('-lm ');
    expect(lm).toContain(`-maxhmmpf ${RECOGNISER_SEARCH.maxhmmpf} `);
    expect(lm).toContain('-topn 3 ');
    expect(kws).toContain('-kws ');
    expect(kws).not.toContain('-maxhmmpf');
    expect(kws).toContain(`-ds ${KEYWORD_SEARCH.ds} -topn ${KEYWORD_SEARCH.topn}`);
  });

  it('cuts long audio inside pauses', () => {
    const speech = [
      { from: 0, to: 12.5 },
      { from: 13.5, to: 15.8 },
      { from: 16.1, to: 30 },
    ];
    const pieces = chunkAtPauses(30, speech, { maxSeconds: 100, parts: 2 });
    expect(pieces).toHaveLength(2);
    expect(pieces[0]?.to).toBeCloseTo(13, 5);
  });
});

describe('Whisper-compatible HTTP adapter', () => {
  it('posts multipart WAV with verbose_json and reads word timestamps', async () => {
    const seen: { auth?: string; body: string; url?: string }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, body: Buffer.concat(chunks).toString('latin1'), url: req.url });
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            text: 'um hello there',
            words: [
              { word: 'Um,', start: 0.1, end: 0.3 },
              { word: 'hello', start: 0.4, end: 0.8, probability: 0.9 },
              { word: 'there.', start: 0.9, end: 1.2 },
            ],
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const t = createWhisperHttpTranscriber({ url: `http://127.0.0.1:${port}`, apiKey: 'k1', model: 'tiny' });
      const samples = new Float32Array(RATE * 3);
      const words = await t.transcribe({ samples, sampleRate: RATE, speech: [{ from: 0, to: 3 }] });
      expect(words.map((w) => w.text)).toEqual(['um', 'hello', 'there']);
      expect(words[0]?.isFiller).toBe(true);
      expect(words[1]?.confidence).toBe(0.9);
      expect(seen[0]?.url).toBe('/v1/audio/transcriptions');
      expect(seen[0]?.auth).toBe('Bearer k1');
      expect(seen[0]?.body).toContain('verbose_json');
      expect(seen[0]?.body).toContain('RIFF');
      expect(seen[0]?.body).toContain('name="model"');
    } finally {
      server.close();
    }
    expect(transcriptionsUrl('https://x.test/v1/')).toBe('https://x.test/v1/audio/transcriptions');
  });
});
