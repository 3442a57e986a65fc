// Ground truth made at test time from espeak-ng, flite, sox, ffmpeg and Praat (used by *.test.ts only).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePcm } from '../decode/decode-pcm.js';
import { encodeWav } from '../asr/wav-file.js';

export const CACHE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.cache', 'fixtures');
export const RATE = 16_000;

function cached(key: string, ext: string, make: (file: string) => void): string {
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = join(CACHE_DIR, `${createHash('sha1').update(key).digest('hex').slice(0, 16)}.${ext}`);
  if (!existsSync(file)) {
    const tmp = `${file}.tmp.${process.pid}.${ext}`;
    make(tmp);
    execFileSync('mv', [tmp, file]);
  }
  return file;
}

export interface TSpeakOptions {
  /** espeak-ng (default) or flite, whose voices (slt, rms, awb, kal16) the recogniser hears far better. */
  synth?: 'espeak-ng' | 'flite';
  voice?: string;
  /** words per minute (flite: its durations stretched by FLITE_WPM / rate) */
  rate?: number;
  /** espeak-ng only */
  pitch?: number;
  /** espeak-ng only */
  ssml?: boolean;
}

/** About how fast flite's voices speak a sentence unstretched. */
const FLITE_WPM = 200;

/** espeak-ng (or flite) speech resampled to 16 kHz mono WAV. */
export function speak(text: string, o: TSpeakOptions = {}): string {
  return cached(`speak-v2:${JSON.stringify(o)}:${text}`, 'wav', (out) => {
    const raw = `${out}.raw.wav`;
    if (o.synth === 'flite') {
      const stretch = (FLITE_WPM / (o.rate ?? 160)).toFixed(3);
      execFileSync('flite', ['-voice', o.voice ?? 'slt', '--setf', `duration_stretch=${stretch}`, '-t', text, '-o', raw]);
    } else {
      const args = ['-v', o.voice ?? 'en-us', '-s', String(o.rate ?? 160), '-p', String(o.pitch ?? 50), '-w', raw];
      if (o.ssml) args.push('-m');
      execFileSync('espeak-ng', [...args, text]);
    }
    // -D: no dither. sox dithers by default when resampling, which adds random noise, so the
    // same text would make a slightly different file each run (and flaky recognition tests).
    execFileSync('sox', ['-D', raw, '-r', String(RATE), '-c', '1', '-b', '16', out]);
    execFileSync('rm', ['-f', raw]);
  });
}

/** The file through a sox effect chain ("sinc -2000", "compand ..."), cached by file and chain. */
export function soxEffect(file: string, effects: readonly string[]): string {
  return cached(`sox-v1:${file}:${effects.join(' ')}`, 'wav', (out) => {
    execFileSync('sox', ['-D', file, out, ...effects]);
  });
}

/** The same speech played faster or slower (sox tempo, speech mode), pitch unchanged. */
export function changeTempo(file: string, tempo: number): string {
  return cached(`tempo-v1:${file}:${tempo}`, 'wav', (out) => {
    execFileSync('sox', ['-D', file, out, 'tempo', '-s', String(tempo)]);
  });
}

export async function readMono(file: string): Promise<Float32Array> {
  return (await decodePcm(file)).channels[0] as Float32Array;
}

/** First and last sample louder than -40 dBFS (10 ms RMS), in seconds: where the voice really is. */
export function soundingExtent(x: Float32Array): { from: number; to: number } {
  const hop = RATE / 100;
  let first = -1;
  let last = -1;
  for (let f = 0; f * hop + hop <= x.length; f++) {
    let e = 0;
    for (let i = f * hop; i < f * hop + hop; i++) e += (x[i] as number) ** 2;
    if (10 * Math.log10(e / hop + 1e-12) > -40) {
      if (first < 0) first = f;
      last = f;
    }
  }
  return { from: first * 0.01, to: (last + 1) * 0.01 };
}

export interface TPiece {
  samples: Float32Array;
  /** Silence to put before this piece, seconds. */
  gapBefore: number;
  label?: number;
}

/** Concatenates trimmed speech pieces with exact digital silences; returns the file and the truth. */
export function concatenate(
  name: string,
  pieces: readonly TPiece[],
): { file: string; spans: { from: number; to: number; label: number }[] } {
  const trimmed = pieces.map((p) => {
    const e = soundingExtent(p.samples);
    return { ...p, samples: p.samples.subarray(Math.floor(e.from * RATE), Math.ceil(e.to * RATE)) };
  });
  const total = trimmed.reduce((s, p) => s + Math.round(p.gapBefore * RATE) + p.samples.length, 0) + RATE / 2;
  const out = new Float32Array(total);
  const spans: { from: number; to: number; label: number }[] = [];
  let at = 0;
  for (const p of trimmed) {
    at += Math.round(p.gapBefore * RATE);
    out.set(p.samples, at);
    spans.push({ from: at / RATE, to: (at + p.samples.length) / RATE, label: p.label ?? 1 });
    at += p.samples.length;
  }
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = join(CACHE_DIR, `${name}.wav`);
  writeFileSync(file, encodeWav(out, RATE));
  return { file, spans };
}

/** Syllables from espeak-ng's own IPA for the text: vowel nuclei, diphthongs counted once. */
export function syllablesFromText(text: string, voice = 'en-us'): number {
  const ipa = execFileSync('espeak-ng', ['-q', '--ipa', '-v', voice, text], { encoding: 'utf8' });
  const clean = ipa.replace(/[ˈˌːˑ]/g, '');
  const diphthongs = ['eɪ', 'aɪ', 'ɔɪ', 'aʊ', 'oʊ', 'ɪə', 'eə', 'ʊə', 'əʊ'];
  const vowels = new Set([...'aeiouæɑɒɔəɛɜɪʊʌɐɚɝyøœɯɤɘɵɨʉ']);
  let count = 0;
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i] as string;
    if (c === '\u0329') {
      count++;
      continue;
    }
    if (!vowels.has(c)) continue;
    count++;
    if (diphthongs.includes(clean.slice(i, i + 2))) i++;
  }
  return count;
}

/** Praat's pitch track (To Pitch (ac) defaults, 10 ms): [time, Hz or 0]. */
export function praatPitch(file: string): [number, number][] {
  const script = cached('praat-pitch-script-v1', 'praat', (out) =>
    writeFileSync(
      out,
      [
        'form Pitch',
        '  sentence file',
        'endform',
        's = Read from file: file$',
        'p = To Pitch (ac): 0.01, 75, 15, "no", 0.03, 0.45, 0.01, 0.35, 0.14, 600',
        'n = Get number of frames',
        'for i to n',
        '  t = Get time from frame number: i',
        '  f = Get value in frame: i, "Hertz"',
        '  appendInfoLine: fixed$(t, 4), " ", f',
        'endfor',
        '',
      ].join('\n'),
    ),
  );
  const text = execFileSync('praat', ['--run', script, file], { encoding: 'utf8' });
  return (
    text
      .trim()
      .split('\n')
      .map((l) => l.split(' '))
      // Unvoiced frames print --undefined-- (NaN): they count as 0 Hz.
      .map(([t, f]) => [Number(t), Math.max(Number(f) || 0, 0)])
  );
}

/** Praat's intensity (To Intensity: 100 Hz, 10 ms, subtract mean): [time, dB]. */
export function praatIntensity(file: string): [number, number][] {
  const script = cached('praat-intensity-script-v1', 'praat', (out) =>
    writeFileSync(
      out,
      [
        'form Intensity',
        '  sentence file',
        'endform',
        's = Read from file: file$',
        'i = To Intensity: 100, 0.01, "yes"',
        'n = Get number of frames',
        'for k to n',
        '  t = Get time from frame number: k',
        '  v = Get value in frame: k',
        '  appendInfoLine: fixed$(t, 4), " ", v',
        'endfor',
        '',
      ].join('\n'),
    ),
  );
  const text = execFileSync('praat', ['--run', script, file], { encoding: 'utf8' });
  return text
    .trim()
    .split('\n')
    .map((l) => l.split(' '))
    .map(([t, v]) => [Number(t), Number(v)] as [number, number])
    .filter(([, v]) => Number.isFinite(v));
}

/** Converts a WAV into another container/codec with ffmpeg (video gets a lavfi colour source). */
export function convert(wav: string, ext: 'mp3' | 'm4a' | 'wav' | 'mp4'): string {
  return cached(`convert:${wav}:${ext}`, ext, (out) => {
    const args =
      ext === 'mp4'
        ? [
            '-f',
            'lavfi',
            '-i',
            'color=c=blue:s=160x120:r=10',
            '-i',
            wav,
            '-shortest',
            '-c:v',
            'libx264',
            '-preset',
            'ultrafast',
            '-c:a',
            'aac',
            '-ac',
            '2',
            '-ar',
            '44100',
          ]
        : ext === 'm4a'
          ? ['-i', wav, '-c:a', 'aac', '-ar', '44100']
          : ext === 'mp3'
            ? ['-i', wav, '-c:a', 'libmp3lame', '-ar', '44100', '-ac', '2']
            : ['-i', wav, '-ar', '22050'];
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args, '-f', ext === 'm4a' ? 'ipod' : ext, out]);
  });
}

/** Sentences with the keyword a known number of times (and near-misses such as "actual", "usually"). */
export function keywordSentences(k: string): [string, number][] {
  return [
    [`${k}, I think the weather is nice today.`, 1],
    ['We could go outside, but the report says rain later.', 0],
    [`It does not matter, we will ${k} have fun anyway.`, 1],
    ['The plan is simple and the team agreed on it quickly.', 0],
    [`Let us walk to the river and back, ${k}.`, 1],
    ['My sister usually takes the bus to work in the morning.', 0],
    [`I was ${k} surprised by how many people came to the meeting.`, 1],
    ['The actual numbers were higher than the forecast we made.', 0],
    [`She said it was fine, but ${k} it was not fine at all.`, 1],
    ['Please send me the slides before the end of the week.', 0],
    [`We ${k} finished early, which never happens.`, 1],
    ['The factory opened a new line for electric bicycles.', 0],
    [`Do you ${k} believe that story about the lake?`, 1],
    ['Our customers asked for a simpler way to pay online.', 0],
    [`${k}, the best part of the trip was the food.`, 1],
    ['He packed his bag and left for the airport at noon.', 0],
    [`It is ${k} easier than it looks, once you practise.`, 1],
    ['The garden needs water every evening during the summer.', 0],
    [`I ${k} forgot my keys at home again, and ${k} my phone too.`, 2],
    ['Thank you all for listening, and see you next time.', 0],
  ];
}
