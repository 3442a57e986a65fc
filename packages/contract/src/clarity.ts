// How Clarity is made (docs/analysis/clarity.md, "Clarity"): the engine scores with these weights and the
// results page explains the score with the same ones.

/** Each part's share of Clarity. Without a transcript, `recognised` drops out and the rest fill its share. */
export const CLARITY_WEIGHTS = { audibility: 0.4, articulation: 0.2, followablePace: 0.2, recognised: 0.2 } as const;

export type TClarityPart = keyof typeof CLARITY_WEIGHTS;

/** What each part measures, in a listener's words. */
export const CLARITY_PARTS: Record<TClarityPart, string> = {
  audibility: 'the whole voice heard clearly, low vowels to high consonants, above any noise',
  articulation: 'syllables that stand apart, not run together',
  followablePace: 'a pace a listener can follow',
  recognised: 'words the recogniser made out with confidence',
};
