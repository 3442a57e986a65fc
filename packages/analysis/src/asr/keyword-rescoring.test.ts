import { describe, expect, it } from 'vitest';
import { loadDictionary, parseKeywordHits, planKeywordSpotting } from './keyword-spotting.js';
import type { TKeywordHit } from './transcriber.js';
import { contestFiles, contestOf, HIT_WORD, rescoreKeywordHits } from './keyword-rescoring.js';
import type { TWord } from './transcriber.js';
import { readMono, soundingExtent, speak } from '../testing/speech-fixtures.js';

const w = (text: string, start: number, end: number, isFiller = false): TWord => ({ text, start, end, confidence: 1, isFiller });

/** A hit of `phrase` as the keyword pass reports it (with the pronunciation it matched). */
function kwsHit(phrase: string, start: number, end: number): TKeywordHit {
  const plan = planKeywordSpotting([phrase]);
  const line = plan.lines[0];
  if (!line) throw new Error(`"${phrase}" is not spotted`);
  const hit = parseKeywordHits(`${line.text}  ${start.toFixed(3)} ${end.toFixed(3)} 0.9\n`, plan, 0)[0];
  if (!hit) throw new Error('no hit parsed');
  return hit;
}

describe('keyword hit contest', () => {
  const dict = loadDictionary();

  it('pits the words the transcript heard against the same words with the hit in place of those it covers', () => {
    const words = [w('please', 0.1, 0.4), w('press', 0.45, 0.8), w('three', 0.8, 1.2), w('to', 1.25, 1.35), w('hear', 1.35, 1.7)];
    const contest = contestOf(kwsHit('press 1', 0.5, 1.15), words, dict);
    // "please" ends within the margin of the hit's (loose) start, so it takes part on both sides.
    expect(contest).toEqual({ from: 0.1, to: 1.35, heard: ['please', 'press', 'three', 'to'], claimed: ['please', HIT_WORD, 'to'] });
    const files = contestFiles(contest!, kwsHit('press 1', 0.5, 1.15), dict);
    expect(files.dictionary).toContain(`${HIT_WORD} P R EH S W AH N\n`);
    expect(files.grammar).toContain(`public <s> = (please press three to) | (please ${HIT_WORD} to);`);
  });

  it('holds no contest where the transcript heard nothing, heard the phrase, or heard a word the dictionary lacks', () => {
    const hit = kwsHit('press 1', 0.5, 1.15);
    expect(contestOf(hit, [w('um', 0.5, 1.0, true)], dict)).toBeNull();
    expect(contestOf(hit, [w('press', 0.45, 0.8), w('one', 0.8, 1.2)], dict)).toBeNull();
    expect(contestOf(hit, [w('press', 0.45, 0.8), w('zzyzxq', 0.8, 1.2)], dict)).toBeNull();
    // Nor is a single word (CONTEST_MIN_WORDS).
    expect(contestOf(kwsHit('password', 0.5, 1.15), [w('pass', 0.45, 0.8), w('word', 0.8, 1.2)], dict)).toBeNull();
    // A hit without a pronunciation (another recogniser's) is not contested.
    expect(contestOf({ phrase: 'press 1', start: 0.5, end: 1.15, confidence: 1 }, [w('three', 0.8, 1.2)], dict)).toBeNull();
  });

  it('keeps a hit the audio says and drops one the transcript heard right (flite speech)', async () => {
    const options = { binary: 'pocketsphinx_continuous', hmm: '/usr/share/pocketsphinx/model/en-us/en-us', parallel: 2 };
    const said = async (text: string): Promise<{ samples: Float32Array; from: number; to: number }> => {
      const samples = await readMono(speak(text, { synth: 'flite', voice: 'slt' }));
      return { samples, ...soundingExtent(samples) };
    };
    // "press three": the transcript heard it right, the keyword pass heard "press 1" there.
    const three = await said('press three');
    const half = (three.from + three.to) / 2;
    const heardThree = [w('press', three.from, half), w('three', half, three.to)];
    const falseHit = kwsHit('press 1', three.from, three.to);
    expect(await rescoreKeywordHits([falseHit], heardThree, three.samples, 16_000, dict, options)).toEqual([]);
    // "press one" heard wrongly as "press three": the keyword hit is right and kept.
    const one = await said('press one');
    const mid = (one.from + one.to) / 2;
    const trueHit = kwsHit('press 1', one.from, one.to);
    const wrong = [w('press', one.from, mid), w('three', mid, one.to)];
    expect(await rescoreKeywordHits([trueHit], wrong, one.samples, 16_000, dict, options)).toEqual([trueHit]);
  });
});
