import { contourIndex, quantile, type TContour } from '../signal/contour.js';
import { fft } from '../signal/fft.js';
import type { TInterval } from '../signal/voice-activity.js';

const FFT_SIZE = 512;
const MEL_BANDS = 24;
const CEPSTRA = 12;

function melFilterbank(sampleRate: number): Float64Array[] {
  const mel = (f: number): number => 2595 * Math.log10(1 + f / 700);
  const hz = (m: number): number => 700 * (10 ** (m / 2595) - 1);
  const lo = mel(80);
  const hi = mel(Math.min(7600, sampleRate / 2));
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) => (hz(lo + ((hi - lo) * i) / (MEL_BANDS + 1)) * FFT_SIZE) / sampleRate);
  return Array.from({ length: MEL_BANDS }, (_, b) => {
    const w = new Float64Array(FFT_SIZE / 2 + 1);
    const [l, c, r] = [edges[b] as number, edges[b + 1] as number, edges[b + 2] as number];
    for (let k = 0; k <= FFT_SIZE / 2; k++) w[k] = k < l || k > r ? 0 : k <= c ? (k - l) / (c - l) : (r - k) / (r - c);
    return w;
  });
}

/** A window of speech with the voice features used to tell speakers apart. */
export interface TSpeakerWindow extends TInterval {
  /** 12 mel cepstra (mean over frames) followed by median pitch in semitones and pitch spread. */
  features: number[];
}

/**
 * Cuts speech into windows of about `length` seconds and describes each by its average mel
 * cepstrum (vocal-tract shape) and its pitch level: the two things that differ most between voices.
 */
export function speakerWindows(
  samples: Float32Array,
  sampleRate: number,
  speech: readonly TInterval[],
  pitch: TContour,
  length = 1,
): TSpeakerWindow[] {
  const bank = melFilterbank(sampleRate);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const hann = Array.from({ length: FFT_SIZE }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_SIZE));
  const out: TSpeakerWindow[] = [];
  for (const s of speech) {
    const n = Math.max(1, Math.round((s.to - s.from) / length));
    const w = (s.to - s.from) / n;
    for (let k = 0; k < n; k++) {
      const from = s.from + k * w;
      const to = from + w;
      const cep = new Float64Array(CEPSTRA);
      let frames = 0;
      for (let t = from; t + FFT_SIZE / sampleRate <= to; t += 0.02) {
        const a = Math.floor(t * sampleRate);
        let energy = 0;
        for (let i = 0; i < FFT_SIZE; i++) {
          const x = (samples[a + i] ?? 0) * (hann[i] as number);
          re[i] = x;
          im[i] = 0;
          energy += x * x;
        }
        if (energy < 1e-8) continue;
        fft(re, im);
        const logMel = bank.map((band) => {
          let e = 0;
          for (let j = 0; j <= FFT_SIZE / 2; j++) e += (band[j] as number) * ((re[j] as number) ** 2 + (im[j] as number) ** 2);
          return Math.log(e + 1e-10);
        });
        for (let c = 0; c < CEPSTRA; c++) {
          let sum = 0;
          for (let b = 0; b < MEL_BANDS; b++) sum += (logMel[b] as number) * Math.cos((Math.PI * (c + 1) * (b + 0.5)) / MEL_BANDS);
          cep[c] = (cep[c] as number) + sum;
        }
        frames++;
      }
      if (frames < 5) continue;
      const st: number[] = [];
      for (let i = contourIndex(pitch, from); i <= contourIndex(pitch, to); i++) {
        const f = pitch.values[i] ?? 0;
        if (f > 0) st.push(12 * Math.log2(f / 100));
      }
      const med = st.length >= 5 ? quantile(st, 0.5) : Number.NaN;
      const spread = st.length >= 5 ? quantile(st, 0.9) - quantile(st, 0.1) : Number.NaN;
      out.push({ from, to, features: [...Array.from(cep, (c) => c / frames), med, spread] });
    }
  }
  return out;
}
