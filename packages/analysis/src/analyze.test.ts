import { execFile } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ZResultsSchema } from '@rostrum/contract';
import { describe, expect, it } from 'vitest';
import { AnalysisError, FAILED_REASONS } from './analysis-error.js';
import { analyze, NO_SPEECH_SECONDS, noSpeechFailure } from './analyze.js';
import { probe } from './decode/probe.js';
import { computePeaks } from './decode/peaks.js';
import { CACHE_DIR, convert, speak } from './testing/speech-fixtures.js';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, 'cli.ts');
const TEXT = 'Hello everyone. Um, today I will talk about the weather, and how the weather changes our mood. Are you ready?';

async function failure(file: string): Promise<AnalysisError> {
  try {
    await analyze(file, { transcriber: 'none' });
  } catch (e) {
    if (e instanceof AnalysisError) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

describe('CLI on common formats', () => {
  const wav = speak(TEXT, { rate: 160 });
  for (const ext of ['mp3', 'm4a', 'wav', 'mp4'] as const) {
    it(`analyses ${ext.toUpperCase()} and prints complete Results`, async () => {
      const file = convert(wav, ext);
      const facts = await probe(file);
      expect(facts.isVideo).toBe(ext === 'mp4');
      expect(facts.hasAudio).toBe(true);
      const transcriber = ext === 'wav' ? 'pocketsphinx' : 'none';
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', CLI, file, '--json', '--words', 'weather,mood', '--transcriber', transcriber],
        { maxBuffer: 64 << 20 },
      );
      const results = ZResultsSchema.parse(JSON.parse(stdout));
      expect(results.data.duration).toBeGreaterThan(5);
      expect(results.scores.pace).toBeGreaterThan(2);
      expect(Object.keys(results.scores.vibes)).toHaveLength(20);
      expect(Object.keys(results.scores.wordSpotting)).toEqual(['uh/um', 'weather', 'mood']);
      if (transcriber === 'pocketsphinx') expect(results.diarizedTranscript.length).toBeGreaterThan(5);
    });
  }
  it('prints a human summary without --json', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', CLI, wav, '--transcriber', 'none']);
    expect(stdout).toContain('Vocal Delivery');
    expect(stdout).toContain('Variety of Pitch');
  });
});

describe('failures carry the spec reasons', () => {
  it('too short, no data, no speech, unprocessable', async () => {
    const short = join(CACHE_DIR, 'short.wav');
    execFileSync('sox', [speak('Hi there.'), short, 'trim', '0', '1.5']);
    expect((await failure(short)).failedReason).toBe(FAILED_REASONS.tooShort);
    const silent = join(CACHE_DIR, 'silent.wav');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '8', silent]);
    expect((await failure(silent)).failedReason).toBe(FAILED_REASONS.noData);
    const hiss = join(CACHE_DIR, 'hiss.wav');
    execFileSync('sox', ['-n', '-r', '16000', '-c', '1', hiss, 'synth', '35', 'whitenoise', 'vol', '0.01']);
    expect((await failure(hiss)).failedReason).toBe(FAILED_REASONS.noSpeech);
    const junk = join(CACHE_DIR, 'junk.mp3');
    execFileSync('sh', ['-c', `head -c 4000 /dev/urandom > ${junk}`]);
    expect((await failure(junk)).failedReason).toBe(FAILED_REASONS.unprocessable);
  });

  it('extended silence: no speech in the first 30 s, or none at all in 30 s or more', async () => {
    // The rule itself, at its edges.
    expect(noSpeechFailure(29.9, [])?.code).toBe('noData');
    expect(noSpeechFailure(NO_SPEECH_SECONDS, [])?.code).toBe('noSpeech');
    expect(noSpeechFailure(60, [{ from: 29.5, to: 31 }])).toBeNull();
    expect(noSpeechFailure(60, [{ from: 30, to: 31 }])?.code).toBe('noSpeech');
    expect(noSpeechFailure(20, [{ from: 2, to: 2.3 }])?.code).toBe('noData');
    // Files: shorter noise and digital silence are "no data"; 30 s+ of either is "no speech".
    const shortHiss = join(CACHE_DIR, 'hiss-12s.wav');
    execFileSync('sox', ['-n', '-r', '16000', '-c', '1', shortHiss, 'synth', '12', 'whitenoise', 'vol', '0.01']);
    expect((await failure(shortHiss)).failedReason).toBe(FAILED_REASONS.noData);
    const longSilence = join(CACHE_DIR, 'silent-31s.wav');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '31', longSilence]);
    expect((await failure(longSilence)).failedReason).toBe(FAILED_REASONS.noSpeech);
    // Speech after a quiet, slightly noisy lead-in: it fails from a 32 s lead-in and passes with 20 s.
    const voice = speak(TEXT, { rate: 160 });
    const late = (lead: number): string => {
      const padded = join(CACHE_DIR, `lead-${lead}.padded.wav`);
      const noise = join(CACHE_DIR, `lead-${lead}.noise.wav`);
      const out = join(CACHE_DIR, `lead-${lead}.wav`);
      execFileSync('sox', [voice, padded, 'pad', String(lead), '0']);
      const length = execFileSync('soxi', ['-D', padded], { encoding: 'utf8' }).trim();
      execFileSync('sox', ['-n', '-r', '16000', '-c', '1', noise, 'synth', length, 'whitenoise', 'vol', '0.002']);
      execFileSync('sox', ['-m', padded, noise, out]);
      return out;
    };
    const failed = await failure(late(32));
    expect(failed.failedReason).toBe(FAILED_REASONS.noSpeech);
    expect(failed.retryable).toBe(false);
    const r = await analyze(late(20), { transcriber: 'none' });
    expect(r.data.speechDuration).toBeGreaterThan(3);
  });
});

describe('computePeaks', () => {
  it('returns min/max pairs at the asked rate', async () => {
    const peaks = await computePeaks(speak(TEXT), 20);
    expect(peaks.data.length).toBe(2 * Math.ceil(peaks.duration * 20));
    expect(Math.max(...peaks.data)).toBeGreaterThan(0.05);
  });
});
