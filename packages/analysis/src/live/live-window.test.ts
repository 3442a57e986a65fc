import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeProsody } from '../signal/prosody.js';
import { detectSyllableNuclei, nucleiFromEnergy } from '../signal/syllable-nuclei.js';
import { totalDuration } from '../signal/voice-activity.js';
import { RATE, readMono, speak, syllablesFromText } from '../testing/speech-fixtures.js';
import { LiveMeter, toDbfs } from './live-meter.js';
import { LiveWindow } from './live-window.js';

const TEXT =
  'Public speaking is a skill that anyone can learn with practice and patience. ' +
  'Yesterday the committee approved a budget for schools and libraries in our town. ' +
  'Good morning everyone, thank you for coming to this meeting about our future plans.';

/** The samples through the live meter in an AudioWorklet's 128-sample blocks, into a window. */
function streamed(samples: Float32Array, seconds = 60): LiveWindow {
  const meter = new LiveMeter(RATE);
  const window = new LiveWindow(seconds);
  for (let i = 0; i < samples.length; i += 128) for (const f of meter.push(samples.subarray(i, i + 128))) window.add(f);
  return window;
}

describe('live cues measure as the engine does (espeak-ng at 140 and 220 wpm)', () => {
  const paces: Record<number, number> = {};
  for (const rate of [140, 220]) {
    it(`finds the engine's syllables, pace and pause ratio on the same PCM (${rate} wpm)`, async () => {
      const samples = await readMono(speak(TEXT, { rate }));
      const engine = analyzeProsody(samples, RATE);
      const speaking = totalDuration(engine.activity.speech);
      const live = streamed(samples).measure();
      const truth = syllablesFromText(TEXT);
      expect(Math.abs(live.syllables - truth) / truth).toBeLessThanOrEqual(0.08);
      expect(Math.abs(live.syllables - engine.nuclei.length)).toBeLessThanOrEqual(2);
      expect(Math.abs(live.speaking - speaking)).toBeLessThan(0.2);
      expect(live.pace).not.toBeNull();
      expect(Math.abs((live.pace as number) - engine.nuclei.length / speaking)).toBeLessThan(0.1);
      expect(Math.abs((live.pauseToTalk as number) - (100 * totalDuration(engine.activity.pauses)) / speaking)).toBeLessThan(1);
      paces[rate] = live.pace as number;
    });
  }

  it('is faster at 220 wpm than at 140 wpm by about espeak-ng’s own change of syllable rate', () => {
    // espeak-ng shortens pauses more than syllables: its syllables come 1.4x as fast, not 1.57x.
    const ratio = (paces[220] as number) / (paces[140] as number);
    expect(ratio).toBeGreaterThan(1.3);
    expect(ratio).toBeLessThan(1.6);
  });

  it('streams the same nuclei as the engine’s batch detector without its voicing check', async () => {
    const samples = await readMono(speak(TEXT, { rate: 180 }));
    const batch = detectSyllableNuclei(samples, RATE, null);
    const meter = new LiveMeter(RATE);
    const formant: number[] = [];
    for (let i = 0; i < samples.length; i += 128) for (const f of meter.push(samples.subarray(i, i + 128))) formant.push(...f.formant);
    const live = nucleiFromEnergy(Float64Array.from(formant), null);
    expect(live.window).toBe(batch.window);
    expect(live.nuclei.map((n) => n.time)).toEqual(batch.nuclei.map((n) => n.time));
    for (const [i, n] of live.nuclei.entries()) expect(n.intensity).toBeCloseTo(batch.nuclei[i]?.intensity as number, 2);
  });

  it('keeps only the last seconds: a window of 10 s measures the end of the speech', async () => {
    const samples = await readMono(speak(TEXT, { rate: 180 }));
    const window = streamed(samples, 10);
    expect(window.seconds).toBe(10);
    const m = window.measure();
    expect(m.speaking).toBeGreaterThan(6);
    expect(m.speaking).toBeLessThanOrEqual(10);
  });

  it('hears nothing in silence or faint noise', () => {
    const quiet = new Float32Array(RATE * 8);
    for (let i = 0; i < quiet.length; i++) quiet[i] = (Math.random() - 0.5) * 0.002;
    expect(streamed(quiet).measure()).toEqual({ speaking: 0, paused: 0, syllables: 0, pace: null, pauseToTalk: null });
    expect(streamed(new Float32Array(RATE * 2)).measure().pace).toBeNull();
  });
});

describe('live meter levels', () => {
  it('reports peak, RMS and clipping per 20 ms frame', () => {
    const meter = new LiveMeter(RATE);
    const tone = new Float32Array(RATE / 10).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / RATE));
    const frames = meter.push(tone);
    expect(frames).toHaveLength(5);
    const f = frames[2];
    expect(f?.formant).toHaveLength(10);
    expect(toDbfs(f?.peak as number)).toBeCloseTo(-6, 0);
    expect(toDbfs(f?.rms as number)).toBeCloseTo(-9, 0);
    expect(f?.clipped).toBe(false);
    const loud = meter.push(new Float32Array(RATE / 50).fill(1));
    expect(loud[0]?.clipped).toBe(true);
  });
});

describe('@rostrum/analysis/live runs in a browser', () => {
  it('imports nothing from Node nor from any package, only code of this package', () => {
    const src = join(dirname(fileURLToPath(import.meta.url)), '..');
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gm)) {
        const [, typeOnly, spec] = m as unknown as [string, string | undefined, string];
        if (typeOnly) continue;
        expect(spec, `${file} imports ${spec}`).toMatch(/^\.\.?\//);
        visit(join(dirname(file), spec.replace(/\.js$/, '.ts')));
      }
    };
    visit(join(src, 'live', 'index.ts'));
    expect([...seen].length).toBeGreaterThan(5);
    expect(readdirSync(join(src, 'live'))).toContain('index.ts');
  });
});
