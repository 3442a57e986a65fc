// Word times of a recording whose text is known: the recogniser's own forced alignment
// (pocketsphinx_continuous with a one-sentence JSGF grammar, the engine's acoustic model), the truth
// times of the word-spotting bench's real speech. A word the dictionary lacks gets espeak-ng's
// pronunciation, as the keyword pass gives it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { espeakLetterToSound, loadDictionary } from '../asr/keyword-spotting.js';
import { parsePocketsphinxTimes } from '../asr/pocketsphinx.transcriber.js';
import type { TWord } from '../asr/transcriber.js';

const MODEL = '/usr/share/pocketsphinx/model/en-us/en-us';

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * The words as spoken, in the dictionary's spelling: lower case, hyphenated words split ("Call-Forward"),
 * digits 0-10 spelt, punctuation dropped ("party's" keeps its apostrophe).
 */
export function spokenWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[\s\-/]+/)
    .map((w) => w.replace(/^[^a-z0-9']+|[^a-z0-9']+$/g, '').replace(/\.$/, ''))
    .filter(Boolean)
    .map((w) => (/^\d+$/.test(w) && Number(w) <= 10 ? (UNITS[Number(w)] as string) : w))
    .flatMap((w) => (w.includes('.') ? w.split('.').filter(Boolean) : [w]));
}

/** Each word's pronunciations for the alignment's dictionary, or null when one has none. */
function pronunciations(words: readonly string[]): Map<string, string[]> | null {
  const dict = loadDictionary();
  const out = new Map<string, string[]>();
  for (const w of words) {
    if (out.has(w)) continue;
    const known = dict.get(w);
    const guess = known ? null : /^[a-z']+$/.test(w) ? espeakLetterToSound(w) : null;
    if (!known && !guess) return null;
    out.set(w, known ?? [guess as string]);
  }
  return out;
}

/**
 * The text's words with their times in the 16 kHz WAV, or null when the text cannot be aligned (a
 * word without a pronunciation, or the grammar's path not found to its end).
 */
export function forcedAlignment(wav: string, text: string): TWord[] | null {
  const words = spokenWords(text);
  const prons = words.length ? pronunciations(words) : null;
  if (!prons) return null;
  const dir = mkdtempSync(join(tmpdir(), 'rostrum-align-'));
  try {
    const dictFile = join(dir, 'words.dict');
    writeFileSync(dictFile, [...prons].flatMap(([w, ps]) => ps.map((p, k) => `${w}${k ? `(${k + 1})` : ''} ${p}\n`)).join(''));
    const grammar = join(dir, 'text.jsgf');
    writeFileSync(grammar, `#JSGF V1.0;\ngrammar text;\npublic <text> = ${words.join(' ')};\n`);
    const out = execFileSync(
      'pocketsphinx_continuous',
      // -vad_postspeech: a pause of up to 10 s does not end the utterance, so the grammar spans the whole file.
      [
        ...['-infile', wav, '-hmm', MODEL, '-dict', dictFile, '-jsgf', grammar, '-time', 'yes', '-logfn', '/dev/null'],
        ...['-dither', 'yes', '-seed', '1', '-vad_postspeech', '1000'],
      ],
      { encoding: 'utf8', maxBuffer: 1 << 24 },
    );
    const aligned = parsePocketsphinxTimes(out, 0);
    return aligned.length === words.length ? aligned : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
