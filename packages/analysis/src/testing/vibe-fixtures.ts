// Talks that differ in one delivery feature, for the vibe-direction tests (used by *.test.ts only).
import { concatenate, readMono, soxEffect, speak, type TSpeakOptions } from './speech-fixtures.js';

/**
 * The same speech with its loudness flattened (sox compand: fast attack, everything above -60 dBFS
 * brought to about -20 dBFS), so syllables and sentences differ little in level.
 */
export function flattenLoudness(file: string): string {
  return soxEffect(file, ['compand', '0.005,0.05', '-80,-80,-60,-20,0,-20', '0', '-90', '0.005']);
}

export interface TSentence {
  text: string;
  /** Silence before the sentence, seconds. */
  gapBefore: number;
  /** Linear gain applied to the sentence's samples (1 = as synthesised). */
  gain?: number;
}

/**
 * Sentences synthesised one at a time (each cached by speak()), scaled by their gain and joined
 * with exact digital silences; the file is named `vibes-<name>.wav` in the fixture cache.
 */
export async function sentenceTalk(
  name: string,
  sentences: readonly TSentence[],
  o: TSpeakOptions & { flatten?: boolean } = {},
): Promise<{ file: string; spans: { from: number; to: number; label: number }[] }> {
  const pieces = await Promise.all(
    sentences.map(async (s) => {
      const { flatten, ...speakOptions } = o;
      const wav = speak(s.text, speakOptions);
      const samples = await readMono(flatten ? flattenLoudness(wav) : wav);
      const gain = s.gain ?? 1;
      return { samples: gain === 1 ? samples : samples.map((v) => v * gain), gapBefore: s.gapBefore };
    }),
  );
  return concatenate(`vibes-${name}`, pieces);
}
