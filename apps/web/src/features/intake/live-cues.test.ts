import { describe, expect, it } from 'vitest';
import { IDEALS, type TLiveMeasure } from '@rostrum/analysis/live';
import { INITIAL_CUES, LevelWatch, MIN_SPEECH_SECONDS, nextCues, type TCueState } from './live-cues';

const measure = (pace: number, pauseToTalk = 30, speaking = 10): TLiveMeasure => ({
  speaking,
  paused: (speaking * pauseToTalk) / 100,
  syllables: Math.round(pace * speaking),
  pace,
  pauseToTalk,
});

/** The cues after the measures, one a second, from none. */
const after = (measures: TLiveMeasure[], from: TCueState = INITIAL_CUES) => measures.reduce(nextCues, from);

describe('live cues (pace and pausing)', () => {
  it('waits for enough speech before any cue', () => {
    expect(after([measure(4.2, 30, MIN_SPEECH_SECONDS - 0.5)])).toBe(INITIAL_CUES);
    expect(after([{ speaking: 0, paused: 0, syllables: 0, pace: null, pauseToTalk: null }])).toBe(INITIAL_CUES);
    expect(after([measure(4.2, 30, MIN_SPEECH_SECONDS)]).pace?.cue).toBe('good');
  });

  it('names the side of the engine’s ideal band', () => {
    expect(after([measure(IDEALS.pace.idealMax + 1)]).pace?.cue).toBe('fast');
    expect(after([measure(IDEALS.pace.idealMin - 1)]).pace?.cue).toBe('slow');
    expect(after([measure(4.3)]).pace?.cue).toBe('good');
    expect(after([measure(4.3, IDEALS.pauseToTalk.idealMin - 10)]).pauses?.cue).toBe('few');
    expect(after([measure(4.3, IDEALS.pauseToTalk.idealMax + 10)]).pauses?.cue).toBe('many');
    expect(after([measure(4.3, 30)]).pauses?.cue).toBe('good');
  });

  it('does not flicker: a value wavering around the band’s edge keeps its cue (hysteresis)', () => {
    const edge = IDEALS.pace.idealMax;
    const wavering = Array.from({ length: 12 }, (_, i) => measure(edge + (i % 2 ? 0.15 : -0.15)));
    const cues = wavering.map((_, i) => after(wavering.slice(0, i + 1)).pace?.cue);
    expect(new Set(cues)).toEqual(new Set(['good']));
    // Once fast, a dip just under the edge keeps "a bit fast"; well inside the band it turns good.
    const fast = after(Array.from({ length: 8 }, () => measure(edge + 0.8)));
    expect(fast.pace?.cue).toBe('fast');
    expect(after([measure(edge - 0.1)], fast).pace?.cue).toBe('fast');
    expect(
      after(
        Array.from({ length: 8 }, () => measure(edge - 0.6)),
        fast,
      ).pace?.cue,
    ).toBe('good');
  });

  it('smooths: one odd second moves the value only part of the way', () => {
    const steady = after(Array.from({ length: 5 }, () => measure(4)));
    const jolt = after([measure(7)], steady);
    expect(jolt.pace?.value).toBeGreaterThan(4.5);
    expect(jolt.pace?.value).toBeLessThan(5.5);
    expect(jolt.pace?.cue).toBe('good');
  });
});

describe('level warnings', () => {
  const frame = (db: number, clipped = false) => ({ peak: 10 ** (db / 20), clipped });
  const feed = (w: LevelWatch, db: number, seconds: number, clipped = false) => {
    for (let t = 0; t < seconds; t += 0.02) w.add(frame(db, clipped), 0.02);
  };

  it('warns of silence after 1.5 s of nothing heard, well before the 5 s minimum, until speech comes', () => {
    const w = new LevelWatch();
    feed(w, -80, 1.4);
    expect(w.warning).toBeNull();
    feed(w, -80, 0.2);
    expect(w.warning).toBe('silent');
    feed(w, -20, 0.1);
    expect(w.warning).toBeNull();
    // A pause once the speaker was heard is no microphone problem.
    feed(w, -90, 4);
    expect(w.warning).toBeNull();
  });

  it('warns of clipping for 2 s after the last clipped frame', () => {
    const w = new LevelWatch();
    feed(w, 0, 0.1, true);
    expect(w.warning).toBe('clipping');
    feed(w, -20, 1.8);
    expect(w.warning).toBe('clipping');
    feed(w, -20, 0.4);
    expect(w.warning).toBeNull();
  });

  it('gives the loudest peak since the meter last read it', () => {
    const w = new LevelWatch();
    w.add(frame(-30), 0.02);
    w.add(frame(-12), 0.02);
    w.add(frame(-40), 0.02);
    expect(w.takePeakDb()).toBeCloseTo(-12, 5);
    expect(w.takePeakDb()).toBe(Number.NEGATIVE_INFINITY);
  });
});
