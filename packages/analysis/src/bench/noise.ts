// Background noise the accuracy benches (and the clarity tests) mix into speech, from a fixed seed
// so every run hears the same noise.

/** Deterministic noise: white, or pink by Paul Kellet's filter of white noise. */
export function noise(kind: 'white' | 'pink', n: number, seed: number): Float32Array {
  let state = seed >>> 0 || 1;
  const rand = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296 - 0.5;
  };
  const out = new Float32Array(n);
  let [b0, b1, b2] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const w = rand();
    if (kind === 'white') out[i] = w;
    else {
      b0 = 0.99765 * b0 + w * 0.099046;
      b1 = 0.963 * b1 + w * 0.2965164;
      b2 = 0.57 * b2 + w * 1.0526913;
      out[i] = b0 + b1 + b2 + w * 0.1848;
    }
  }
  return out;
}

export const rms = (x: Float32Array, from = 0, to = x.length): number => {
  let e = 0;
  for (let i = from; i < to; i++) e += (x[i] as number) ** 2;
  return Math.sqrt(e / Math.max(1, to - from));
};

/** `x` with white noise `snr` dB under its RMS (pauses included). */
export function withWhiteNoise(x: Float32Array, snr: number, seed = 7): Float32Array {
  const n = noise('white', x.length, seed);
  const gain = rms(x) / 10 ** (snr / 20) / rms(n);
  return x.map((v, i) => v + gain * (n[i] as number));
}
