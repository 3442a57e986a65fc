import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { E2E_LISTS, E2E_TALK } from './e2e-talk.js';

const spec = readFileSync(new URL('../../../../e2e/tests/results-wordspotting.spec.ts', import.meta.url), 'utf8');

describe("the recogniser bench's copy of the browser tests' talk", () => {
  it('says what the browser test says', () => {
    const speech = /const SPEECH = \[([^\]]*)\]/.exec(spec)?.[1] ?? '';
    const said = [...speech.matchAll(/'([^']*)'/g)].map((m) => m[1]);
    expect(said).toEqual(E2E_TALK.map((line) => line.replace(/[[\]]/g, '')));
  });

  it('uses the lists the browser test sets', () => {
    for (const list of E2E_LISTS) expect(spec).toContain(`words: [${list.map((w) => `'${w}'`).join(', ')}]`);
  });
});
