import { fft } from '../signal/fft.js';

export const MFCC_HOP_SECONDS = 0.01;
const WINDOW_SECONDS = 0.025;
export const MFCC_WINDOW_SECONDS = WINDOW_SECONDS;
const FFT_SIZE = 512;
const MEL_BANDS = 26;

export interface TMfccOptions {
  /** Cepstra c1..cN (c0, the loudness, is left out: it says how loud, not who). */
  cepstra?: number;
  lowHz?: number;
  highHz?: number;
}

function melFilterbank(sampleRate: number, lowHz: number, highHz: number): { first: number; weights: Float64Array }[] {
  const mel = (f: number): number => 2595 * Math.log10(1 + f / 700);
  const hz = (m: number): number => 700 * (10 ** (m / 2595) - 1);
  const lo = mel(lowHz);
  const hi = mel(Math.min(highHz, sampleRate / 2));
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) => (hz(lo + ((hi - lo) * i) / (MEL_BANDS + 1)) * FFT_SIZE) / sampleRate);
  return Array.from({ length: MEL_BANDS }, (_, b) => {
    const [l, c, r] = [edges[b] as number, edges[b + 1] as number, edges[b + 2] as number];
    const first = Math.max(0, Math.ceil(l));
    const last = Math.min(FFT_SIZE / 2, Math.floor(r));
    const weights = new Float64Array(Math.max(0, last - first + 1));
    for (let k = first; k <= last; k++) weights[k - first] = k <= c ? (k - l) / (c - l) : (r - k) / (r - c);
    return { first, weights };
  });
}

const banks = new Map<string, { first: number; weights: Float64Array }[]>();

/**
 * Mel-frequency cepstral coefficients every 10 ms (25 ms Hamming windows, pre-emphasis 0.97,
 * 26 mel bands): the usual short-term description of the vocal tract for speaker recognition.
 * Returns one row per frame starting at `from`; frames of digital silence get NaN.
 */
export function mfccFrames(
  samples: Float32Array,
  sampleRate: number,
  from: number,
  to: number,
  options: TMfccOptions = {},
): Float64Array[] {
  const cepstra = options.cepstra ?? 13;
  const bankKey = `${sampleRate}:${options.lowHz ?? 100}:${options.highHz ?? 7000}`;
  const bank = banks.get(bankKey) ?? melFilterbank(sampleRate, options.lowHz ?? 100, options.highHz ?? 7000);
  banks.set(bankKey, bank);
  const win = Math.round(WINDOW_SECONDS * sampleRate);
  const hop = Math.round(MFCC_HOP_SECONDS * sampleRate);
  const hamming = Float64Array.from({ length: win }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (win - 1)));
  const dct = Array.from({ length: cepstra }, (_, c) =>
    Float64Array.from({ length: MEL_BANDS }, (_, b) => Math.cos((Math.PI * (c + 1) * (b + 0.5)) / MEL_BANDS)),
  );
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const logMel = new Float64Array(MEL_BANDS);
  const out: Float64Array[] = [];
  const a0 = Math.max(0, Math.floor(from * sampleRate));
  const a1 = Math.min(samples.length, Math.floor(to * sampleRate));
  for (let a = a0; a + win <= a1; a += hop) {
    re.fill(0);
    im.fill(0);
    let energy = 0;
    for (let i = 0; i < win; i++) {
      const x = ((samples[a + i] as number) - 0.97 * ((a + i > 0 ? samples[a + i - 1] : 0) as number)) * (hamming[i] as number);
      re[i] = x;
      energy += x * x;
    }
    const row = new Float64Array(cepstra);
    if (energy < 1e-10) {
      row.fill(Number.NaN);
      out.push(row);
      continue;
    }
    fft(re, im);
    for (let b = 0; b < MEL_BANDS; b++) {
      const { first, weights } = bank[b] as { first: number; weights: Float64Array };
      let e = 0;
      for (let k = 0; k < weights.length; k++)
        e += (weights[k] as number) * ((re[first + k] as number) ** 2 + (im[first + k] as number) ** 2);
      logMel[b] = Math.log(e + 1e-10);
    }
    for (let c = 0; c < cepstra; c++) {
      const d = dct[c] as Float64Array;
      let s = 0;
      for (let b = 0; b < MEL_BANDS; b++) s += (logMel[b] as number) * (d[b] as number);
      row[c] = s;
    }
    out.push(row);
  }
  return out;
}
