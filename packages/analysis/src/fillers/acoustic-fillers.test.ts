import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { analyzeProsody } from '../signal/prosody.js';
import { CACHE_DIR, concatenate, readMono, RATE, speak } from '../testing/speech-fixtures.js';
import { detectAcousticFillers } from './acoustic-fillers.js';

/** A flat "uh" made by sox: a 110 Hz pulse train through three schwa-like formant peaks. */
function soxVowel(seconds: number, nasal = 0): string {
  const file = `${CACHE_DIR}/sox-vowel-${seconds}-${nasal}.wav`;
  const vowel = ['synth', String(seconds), 'sawtooth', '110', 'gain', '-24', 'sinc', '-3500'];
  const formants = ['equalizer', '600', '150', '+18', 'equalizer', '1300', '250', '+14', 'equalizer', '2500', '300', '+10'];
  const fade = ['fade', 'h', '0.03', String(seconds), '0.03', 'gain', '-n', '-8'];
  if (nasal === 0) execFileSync('sox', ['-n', '-r', String(RATE), '-b', '16', '-c', '1', file, ...vowel, ...formants, ...fade]);
  else {
    const v = `${file}.v.wav`;
    const m = `${file}.m.wav`;
    execFileSync('sox', ['-n', '-r', String(RATE), '-b', '16', '-c', '1', v, ...vowel, ...formants, 'gain', '-n', '-8']);
    // The murmur of "m": the same pulses with everything above 350 Hz gone.
    execFileSync('sox', [
      '-n',
      '-r',
      String(RATE),
      '-b',
      '16',
      '-c',
      '1',
      m,
      'synth',
      String(nasal),
      'sawtooth',
      '110',
      'lowpass',
      '300',
      'lowpass',
      '300',
      'gain',
      '-n',
      '-14',
    ]);
    execFileSync('sox', [v, m, file, 'fade', 'h', '0.03', String(seconds + nasal), '0.03']);
  }
  return file;
}

async function fillersIn(file: string) {
  const x = await readMono(file);
  const p = analyzeProsody(x, RATE);
  return detectAcousticFillers({
    samples: x,
    sampleRate: RATE,
    pitch: p.pitch,
    intensity: p.intensity,
    speechThreshold: p.activity.threshold,
  });
}

describe('acoustic filler detector', async () => {
  const A = await readMono(speak('We planned the garden in the spring, and the roses came up early.', { synth: 'flite', voice: 'rms' }));
  const B = await readMono(speak('Then the summer was hot and dry, so we watered every evening.', { synth: 'flite', voice: 'rms' }));
  const uh = await readMono(soxVowel(0.5));
  const um = await readMono(soxVowel(0.4, 0.2));

  it('hears a flat hesitation vowel between two phrases, at its time, as "uh"', async () => {
    const { file, spans } = concatenate('fillers-uh-between', [
      { samples: A, gapBefore: 0.3 },
      { samples: uh, gapBefore: 0.3 },
      { samples: B, gapBefore: 0.3 },
    ]);
    const found = await fillersIn(file);
    const truth = spans[1]!;
    const hit = found.filter((f) => f.end > truth.from && f.start < truth.to);
    expect(hit).toHaveLength(1);
    expect(hit[0]!.kind).toBe('uh');
    expect(hit[0]!.start).toBeCloseTo(truth.from, 0);
    expect(hit[0]!.end - hit[0]!.start).toBeGreaterThan(0.3);
  });

  it('calls a vowel that ends in a nasal murmur "um"', async () => {
    const { file, spans } = concatenate('fillers-um-before-word', [
      { samples: A, gapBefore: 0.3 },
      { samples: um, gapBefore: 0.4 },
      { samples: B, gapBefore: 0.05 },
    ]);
    const found = await fillersIn(file);
    const truth = spans[1]!;
    const hit = found.filter((f) => f.end > truth.from && f.start < truth.to);
    expect(hit.map((f) => f.kind)).toEqual(['um']);
  });

  it('hears no filler in the fluent phrases', async () => {
    const { file } = concatenate('fillers-fluent', [
      { samples: A, gapBefore: 0.3 },
      { samples: B, gapBefore: 0.5 },
    ]);
    expect(await fillersIn(file)).toEqual([]);
  });
});
