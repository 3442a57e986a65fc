import { Biquad } from '../signal/biquad.js';
import { BLOCK_MS, FORMANT_BAND } from '../signal/syllable-nuclei.js';

/** What the live cues need of every ~20 ms of microphone input. */
export interface TLiveFrame {
  /** Mean power per 2 ms block (BLOCK_MS) in the formant band: the syllable detector's input. */
  formant: number[];
  /** Mean power per 2 ms block of the whole signal above 60 Hz: the pause detector's input. */
  broadband: number[];
  /** Largest absolute sample of the frame (1 is full scale). */
  peak: number;
  /** Root mean square of the frame's samples. */
  rms: number;
  /** A sample reached CLIP_LEVEL: the input is overloaded. */
  clipped: boolean;
}

/** A sample this close to full scale was clipped by the microphone or its converter. */
export const CLIP_LEVEL = 0.99;
/** Blocks in one posted frame: 10 x 2 ms. */
export const FRAME_BLOCKS = 10;
/**
 * The broadband power drops what is under this (Hz): the DC offset and mains hum, which Praat's
 * intensity removes with its per-window mean.
 */
const BROADBAND_LOW_CUT = 60;

/**
 * Streaming form of the engine's intensity measures (signal/syllable-nuclei.ts): samples go in
 * in any chunk size (an AudioWorklet gets 128 at a time), frames of FRAME_BLOCKS 2 ms blocks come
 * out, measured through the same Butterworth sections the engine filters a whole file with. The
 * engine also subtracts the file's mean before squaring, which a stream cannot know; after the
 * 300 Hz high-pass that mean is nil (live-meter.test.ts holds the two equal).
 */
export class LiveMeter {
  private readonly hop: number;
  private readonly high: Biquad;
  private readonly low: Biquad;
  private readonly hum: Biquad;
  private inBlock = 0;
  private formantSum = 0;
  private broadSum = 0;
  private formant: number[] = [];
  private broadband: number[] = [];
  private peak = 0;
  private squares = 0;
  private count = 0;

  constructor(sampleRate: number) {
    this.hop = Math.max(1, Math.round((sampleRate * BLOCK_MS) / 1000));
    this.high = new Biquad(sampleRate, FORMANT_BAND.low, 'high');
    this.low = new Biquad(sampleRate, FORMANT_BAND.high, 'low');
    this.hum = new Biquad(sampleRate, BROADBAND_LOW_CUT, 'high');
  }

  /** Takes the next samples; returns the frames they completed (often none). */
  push(samples: ArrayLike<number>): TLiveFrame[] {
    const frames: TLiveFrame[] = [];
    for (let i = 0; i < samples.length; i++) {
      const x = samples[i] as number;
      // Rounded to 32 bits between the sections as the engine's Float32Array stages are.
      const band = this.low.step(Math.fround(this.high.step(x)));
      const broad = this.hum.step(x);
      this.formantSum += band * band;
      this.broadSum += broad * broad;
      this.peak = Math.max(this.peak, Math.abs(x));
      this.squares += x * x;
      this.count++;
      if (++this.inBlock < this.hop) continue;
      this.formant.push(this.formantSum / this.hop);
      this.broadband.push(this.broadSum / this.hop);
      this.inBlock = 0;
      this.formantSum = 0;
      this.broadSum = 0;
      if (this.formant.length === FRAME_BLOCKS) frames.push(this.takeFrame());
    }
    return frames;
  }

  private takeFrame(): TLiveFrame {
    const frame: TLiveFrame = {
      formant: this.formant,
      broadband: this.broadband,
      peak: this.peak,
      rms: Math.sqrt(this.squares / Math.max(1, this.count)),
      clipped: this.peak >= CLIP_LEVEL,
    };
    this.formant = [];
    this.broadband = [];
    this.peak = 0;
    this.squares = 0;
    this.count = 0;
    return frame;
  }
}

/** dB relative to full scale of an amplitude (peak or RMS); -Infinity for digital silence. */
export function toDbfs(amplitude: number): number {
  return 20 * Math.log10(amplitude);
}
