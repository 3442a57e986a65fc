// How closely what the transcript heard sounds like a phrase, in ARPAbet phones. Used to check a
// keyword-spotting hit against the transcript's words at the same time: the keyword pass listens
// only for the list's phrases, so noise or a similar word can pass its threshold; the transcript
// heard the same stretch with the whole vocabulary. When the words it heard there sound nothing
// like the phrase ("the project on time" for "kind of"), the hit is a false alarm.

const VOWELS = new Set(['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']);

/** Substituting one vowel for another costs half: unstressed vowels reduce in running speech ("for" F ER / F AO R). */
const substitution = (a: string, b: string): number => (a === b ? 0 : VOWELS.has(a) && VOWELS.has(b) ? 0.5 : 1);

/**
 * The cheapest alignment of all of `target` to any stretch of `heard` (edits within the stretch
 * cost: substitution 1, or 0.5 between vowels; insertion and deletion 1; phones of `heard` before
 * and after the stretch are free), divided by the length of `target`. 0 is `target` heard exactly;
 * 1 or more is nothing alike. An empty `heard` gives 1.
 */
export function phoneticDistance(target: readonly string[], heard: readonly string[]): number {
  if (target.length === 0) return 0;
  // Rows: target phones; columns: heard phones. Row 0 is all zeros (the stretch may start anywhere).
  let prev = new Array<number>(heard.length + 1).fill(0);
  for (let i = 1; i <= target.length; i++) {
    const row = [i];
    for (let j = 1; j <= heard.length; j++) {
      row.push(
        Math.min(
          (prev[j - 1] as number) + substitution(target[i - 1] as string, heard[j - 1] as string),
          (prev[j] as number) + 1,
          (row[j - 1] as number) + 1,
        ),
      );
    }
    prev = row;
  }
  // ... and may end anywhere: the best of the last row.
  return Math.min(...prev) / target.length;
}
