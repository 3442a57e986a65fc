// `npm run bench -w @rostrum/analysis` (recogniser part): pocketsphinx's speed/accuracy trade-off.
// The same mix of real and generated speech (about 2 minutes, known text) is transcribed with each
// candidate setting; rounds alternate the old default (the baseline) and every candidate, so each
// candidate's time is a ratio to the baseline measured moments before on the same busy machine.
// Printed per setting: median time ratio and seconds, real-time factor, word recall and WER against
// the known text, and Clarity's `recognised` part. The keyword-spotting pass runs too (a word-spotting
// list is set, as for an organisation that has one), so its cost is in the times. Word spotting is
// weighed as the product counts it (transcript plus keyword pass, `spotWords`) on recordings with
// known phrase times: the word-spotting bench's script (flite, 140 wpm, clean and with white noise at
// 25 dB) and the browser tests'
// talk with each of its two lists; printed are phrase recall, false alarms, and the phrases the
// transcript alone spelled (what the results page marks in the transcript).
// BENCH_ASR_ROUNDS (default 3) sets the rounds; BENCH_ASR_EXPLORE=1 adds the wider grid the choice
// was made from.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePcm } from '../decode/decode-pcm.js';
import {
  createPocketsphinxTranscriber,
  KEYWORD_SEARCH,
  MAX_CHUNK_SECONDS,
  PIECES_PER_PROCESS,
  POCKETSPHINX_DEFAULT_SEARCH,
  RECOGNISER_SEARCH,
  type TPocketsphinxOptions,
  type TRecogniserSearch,
} from '../asr/pocketsphinx.transcriber.js';
import { normaliseWord } from '../asr/transcriber.js';
import { measureClarity } from '../metrics/clarity.metric.js';
import { trackFor } from '../metrics/speech-track.js';
import { spotWords } from '../metrics/word-spotting.metric.js';
import { analyzeProsody, type TProsody } from '../signal/prosody.js';
import { E2E_LISTS, e2eTalk } from './e2e-talk.js';
import { ASTERISK_PROMPTS, asteriskPrompt, JFK_TEXT, jfk } from './real-speech.js';
import { BENCH_DIR, espeak, flite, RATE, toRate } from './speech-sources.js';
import { scoreHits, type TOccurrence } from './spotting-score.js';
import { makeRecording, PHRASES } from './word-spotting.accuracy.js';

const TEXT =
  'Good morning everyone, and thank you for coming. Today I want to talk about how small habits shape our work. ' +
  'When we practise a little every day, we improve faster than we expect. Some people start with their mornings. ' +
  'Others start with how they listen to colleagues.';

/** A word-spotting list, so the keyword pass runs as it does for organisations that set one. */
const KEYWORDS = ['so', 'like', 'basically', 'actually', 'you know', 'kind of'];

/** Targets (issue 19): half the time at no more than 0.03 loss of word recall. */
const MAX_TIME_RATIO = 0.5;
const MAX_RECALL_LOSS = 0.03;
/**
 * Word spotting may lose no more phrase recall than words may (0.03: two of the 72 occurrences the
 * bench holds) and gain at most one false alarm: a looser bound would let a phrase go missing
 * from talks unnoticed, and a finer one is below what this set resolves.
 */
const MAX_PHRASE_RECALL_LOSS = 0.03;
const MAX_EXTRA_FALSE_ALARMS = 1;

/** pocketsphinx's own acoustic scoring for the keyword pass (what it ran before this bench). */
const DEFAULT_KEYWORD_SEARCH: Pick<TRecogniserSearch, 'ds' | 'topn'> = { ds: 1, topn: 4 };

interface TCandidate {
  name: string;
  options: TPocketsphinxOptions;
  chosen?: boolean;
}

/** What the recogniser ran before this bench: pocketsphinx's defaults, one piece per core. */
const BASELINE: TCandidate = {
  name: 'baseline (pocketsphinx defaults)',
  options: { search: POCKETSPHINX_DEFAULT_SEARCH, keywordSearch: DEFAULT_KEYWORD_SEARCH, maxChunkSeconds: 90, piecesPerProcess: 1 },
};

/** Transcript-pass settings over pocketsphinx's defaults; the keyword pass as given (default: pocketsphinx's). */
const of = (
  search: Partial<TRecogniserSearch>,
  keywordSearch: Partial<Pick<TRecogniserSearch, 'ds' | 'topn'>> = DEFAULT_KEYWORD_SEARCH,
): TPocketsphinxOptions => ({
  search: { ...POCKETSPHINX_DEFAULT_SEARCH, ...search },
  keywordSearch: { ...DEFAULT_KEYWORD_SEARCH, ...keywordSearch },
  maxChunkSeconds: 90,
  piecesPerProcess: 1,
});

const CANDIDATES: TCandidate[] = [
  // The chosen row is the product's default (RECOGNISER_SEARCH, KEYWORD_SEARCH); the others are its neighbours.
  {
    name: 'chosen: -maxhmmpf 3000, keyword pass -ds 2',
    options: {
      search: RECOGNISER_SEARCH,
      keywordSearch: KEYWORD_SEARCH,
      maxChunkSeconds: MAX_CHUNK_SECONDS,
      piecesPerProcess: PIECES_PER_PROCESS,
    },
    chosen: true,
  },
  // The previous default: the keyword pass's -ds 2 alone.
  { name: 'keyword pass -ds 2', options: of({}, { ds: 2 }) },
  // A tighter cap: loses word-spotting phrases in noise (docs/analysis/transcription-and-word-confidence.md).
  { name: '-maxhmmpf 1500, keyword pass -ds 2', options: of({ maxhmmpf: 1500 }, { ds: 2 }) },
];

const EXPLORE: TCandidate[] = [
  { name: '-maxhmmpf 1500', options: of({ maxhmmpf: 1500 }) },
  { name: '-maxhmmpf 2000, keyword pass -ds 2', options: of({ maxhmmpf: 2000 }, { ds: 2 }) },
  { name: '-maxhmmpf 1500 -lpbeam 1e-30', options: of({ maxhmmpf: 1500, lpbeam: 1e-30 }) },
  { name: '-topn 2', options: of({ topn: 2 }) },
  { name: '-ds 2', options: of({ ds: 2 }) },
  { name: '-beam 1e-40 -pbeam 1e-40', options: of({ beam: 1e-40, pbeam: 1e-40 }) },
  { name: '-wbeam 1e-25', options: of({ wbeam: 1e-25 }) },
  { name: '-maxhmmpf 3000', options: of({ maxhmmpf: 3000 }) },
  { name: '-maxhmmpf 1000', options: of({ maxhmmpf: 1000 }) },
  { name: '-maxwpf 10', options: of({ maxwpf: 10 }) },
  { name: '-pl_window 0', options: of({ plWindow: 0 }) },
  { name: '-pl_window 10', options: of({ plWindow: 10 }) },
  { name: '-maxhmmpf 1500 -topn 3', options: of({ maxhmmpf: 1500, topn: 3 }) },
  { name: '-maxhmmpf 1500 -ds 2', options: of({ maxhmmpf: 1500, ds: 2 }) },
  { name: 'chosen + 2 pieces per process', options: { ...of({ maxhmmpf: 1500 }, { ds: 2 }), piecesPerProcess: 2 } },
  { name: 'chosen + pieces <= 30 s', options: { ...of({ maxhmmpf: 1500 }, { ds: 2 }), maxChunkSeconds: 30 } },
  { name: '-maxhmmpf 1300, keyword pass -ds 2', options: of({ maxhmmpf: 1300 }, { ds: 2 }) },
  { name: '-maxhmmpf 3000 -topn 2, keyword pass -ds 2', options: of({ maxhmmpf: 3000, topn: 2 }, { ds: 2 }) },
  {
    name: '-maxhmmpf 3000 -maxwpf 20 -wbeam 1e-25, keyword pass -ds 2',
    options: of({ maxhmmpf: 3000, maxwpf: 20, wbeam: 1e-25 }, { ds: 2 }),
  },
  { name: '-maxhmmpf 2000 -maxwpf 20, keyword pass -ds 2', options: of({ maxhmmpf: 2000, maxwpf: 20 }, { ds: 2 }) },
];

interface TClip {
  name: string;
  file: string;
  text: string;
}

interface TLoaded extends TClip {
  samples: Float32Array;
  sampleRate: number;
  prosody: TProsody;
  reference: string[];
}

/** A recording with known phrase times, transcribed with its word-spotting list. */
interface TSpotting {
  name: string;
  samples: Float32Array;
  sampleRate: number;
  prosody: TProsody;
  phrases: readonly string[];
  truth: TOccurrence[];
}

/** Where the phrases were counted: as the product counts them, and from the transcript alone. */
interface TSpotted {
  counted: TOccurrence[];
  transcript: TOccurrence[];
}

interface TRun {
  pass: TPass;
  ratio: number;
  cpuRatio: number;
  /** With the short browser talk's CPU time too. */
  cpuRatioAll: number;
}

interface TPass {
  seconds: number;
  /** CPU time of the recogniser processes (less disturbed by other work on the machine than wall time). */
  cpuSeconds: number;
  /**
   * Of it, the CPU time on recordings shorter than a talk (the 17 s browser talk), left out of the
   * time target: there one process start-up per piece (about 0.6 s of CPU loading the dictionary and
   * language model, whatever the search settings) is a third of the cost.
   */
  shortCpuSeconds: number;
  hypotheses: string[][];
  recognised: (number | undefined)[];
  spotted: TSpotted[];
}

const words = (text: string): string[] =>
  text
    .split(/[\s,.;:!?]+/)
    .map((w) => normaliseWord(w))
    .filter((w) => w.length > 0);

/** Edit-distance alignment of the hypothesis to the reference: matched reference words and the edit count. */
export function alignWords(reference: readonly string[], hypothesis: readonly string[]): { matched: number; edits: number } {
  // Each cell: [edits, matches]; fewest edits first, then most matches.
  let prev: [number, number][] = Array.from({ length: hypothesis.length + 1 }, (_, j) => [j, 0]);
  for (let i = 1; i <= reference.length; i++) {
    const row: [number, number][] = [[i, 0]];
    for (let j = 1; j <= hypothesis.length; j++) {
      const same = reference[i - 1] === hypothesis[j - 1];
      const diag = prev[j - 1] as [number, number];
      const options: [number, number][] = [
        [(prev[j] as [number, number])[0] + 1, (prev[j] as [number, number])[1]],
        [(row[j - 1] as [number, number])[0] + 1, (row[j - 1] as [number, number])[1]],
        [diag[0] + (same ? 0 : 1), diag[1] + (same ? 1 : 0)],
      ];
      row.push(options.sort((p, q) => p[0] - q[0] || q[1] - p[1])[0] as [number, number]);
    }
    prev = row;
  }
  const [edits, matched] = prev[hypothesis.length] as [number, number];
  return { matched, edits };
}

function clips(): TClip[] {
  return [
    { name: 'jfk (real, male)', file: jfk(BENCH_DIR, toRate), text: JFK_TEXT },
    { name: 'asterisk echotest (real, female)', file: asteriskPrompt(BENCH_DIR, 'demo-echotest'), text: ASTERISK_PROMPTS['demo-echotest'] },
    { name: 'asterisk congrats (real, female)', file: asteriskPrompt(BENCH_DIR, 'demo-congrats'), text: ASTERISK_PROMPTS['demo-congrats'] },
    { name: 'flite slt', file: flite('slt', TEXT, 'clarity-slt'), text: TEXT },
    { name: 'flite awb', file: flite('awb', TEXT, 'clarity-awb'), text: TEXT },
    { name: 'espeak en-us', file: espeak('en-us', TEXT, 'clarity-espeak'), text: TEXT },
    { name: 'espeak en-gb', file: espeak('en-gb', TEXT, 'asr-espeak-gb'), text: TEXT },
  ];
}

/**
 * The clips one after another with a second's pause between them, as one recording: a talk is one
 * long recording, which the recogniser cuts into one piece per core, so short clips transcribed one
 * by one would measure mostly process start-up and cold-start pieces.
 */
function recording(parts: readonly TClip[]): TClip {
  const file = join(BENCH_DIR, 'asr-tradeoff-mix.wav');
  if (!existsSync(file)) {
    const pause = join(BENCH_DIR, 'asr-tradeoff-pause.wav');
    execFileSync('sox', ['-n', '-r', String(RATE), '-c', '1', '-b', '16', pause, 'trim', '0', '1']);
    execFileSync('sox', [...parts.flatMap((c, i) => (i === 0 ? [c.file] : [pause, c.file])), file]);
  }
  return { name: parts.map((c) => c.name).join(', '), file, text: parts.map((c) => c.text).join(' ') };
}

async function load(clip: TClip): Promise<TLoaded> {
  const pcm = await decodePcm(clip.file);
  const samples = pcm.channels[0] as Float32Array;
  return { ...clip, samples, sampleRate: pcm.sampleRate, prosody: analyzeProsody(samples, pcm.sampleRate), reference: words(clip.text) };
}

/** CPU seconds of this process's finished children (Linux: /proc/self/stat cutime + cstime). */
function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat(5); the slice starts at field 3. Clock ticks are 100 a second on Linux.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** The word-spotting bench's script (flite, 140 wpm, clean and noisy) and the browser tests' talk with each of its lists. */
async function spottingSet(): Promise<TSpotting[]> {
  const load = async (name: string, file: string, phrases: readonly string[], truth: TOccurrence[]): Promise<TSpotting> => {
    const pcm = await decodePcm(file);
    const samples = pcm.channels[0] as Float32Array;
    const prosody = analyzeProsody(samples, pcm.sampleRate);
    return { name, samples, sampleRate: pcm.sampleRate, prosody, phrases, truth: truth.filter((o) => phrases.includes(o.phrase)) };
  };
  const script = makeRecording('flite', 140, null);
  // Noise is where a narrower search loses phrases: the transcript spells fewer, and keyword hits
  // over its other words fail the check against it.
  const noisy = makeRecording('flite', 140, { kind: 'white', snr: 25 });
  const talk = e2eTalk();
  return [
    await load('word-spotting script, flite 140 wpm', script.file, PHRASES, script.truth),
    await load('the same, white noise at 25 dB', noisy.file, PHRASES, noisy.truth),
    ...(await Promise.all(E2E_LISTS.map((list) => load(`browser tests' talk (${list.join(', ')})`, talk.file, list, talk.truth)))),
  ];
}

const hitsOf = (phrases: readonly string[], hits: Record<string, readonly { from: number; to: number }[]>): TOccurrence[] =>
  phrases.flatMap((phrase) => (hits[phrase] ?? []).map((h) => ({ phrase, from: h.from, to: h.to })));

/** Recordings shorter than this are not talk length (see TPass.shortCpuSeconds). */
const SHORT_SECONDS = 60;
const talkCpu = (p: TPass): number => p.cpuSeconds - p.shortCpuSeconds;

async function pass(candidate: TCandidate, loaded: readonly TLoaded[], spotting: readonly TSpotting[]): Promise<TPass> {
  const transcriber = createPocketsphinxTranscriber(candidate.options);
  const transcribe = transcriber.transcribeWithKeywords as NonNullable<typeof transcriber.transcribeWithKeywords>;
  const out: TPass = { seconds: 0, cpuSeconds: 0, shortCpuSeconds: 0, hypotheses: [], recognised: [], spotted: [] };
  const timed = async <T>(work: () => Promise<T>, short = false): Promise<T> => {
    const t = performance.now();
    const cpu = childCpuSeconds();
    const result = await work();
    out.seconds += (performance.now() - t) / 1000;
    out.cpuSeconds += childCpuSeconds() - cpu;
    if (short) out.shortCpuSeconds += childCpuSeconds() - cpu;
    return result;
  };
  for (const clip of loaded) {
    const input = { samples: clip.samples, sampleRate: clip.sampleRate, speech: clip.prosody.activity.speech, keywords: KEYWORDS };
    const { words: heard } = await timed(() => transcribe(input));
    out.hypotheses.push(heard.map((w) => w.text));
    const track = trackFor(clip.prosody, clip.prosody.activity.speech, heard, false);
    track.transcribed = true;
    out.recognised.push(measureClarity(track, 0).parts.recognised);
  }
  for (const rec of spotting) {
    const input = { samples: rec.samples, sampleRate: rec.sampleRate, speech: rec.prosody.activity.speech, keywords: [...rec.phrases] };
    const t = await timed(() => transcribe(input), rec.samples.length / rec.sampleRate < SHORT_SECONDS);
    out.spotted.push({
      counted: hitsOf(rec.phrases, spotWords(t.words, rec.phrases, t.keywordHits).hits),
      transcript: hitsOf(rec.phrases, spotWords(t.words, rec.phrases).hits),
    });
  }
  return out;
}

export interface TPhraseAccuracy {
  truth: number;
  /** True occurrences counted, as the product counts them (transcript plus keyword pass). */
  found: number;
  falseAlarms: number;
  /** True occurrences the transcript alone spelled (what the results page marks in the transcript). */
  inTranscript: number;
}

/** Phrase recall and false alarms summed over recordings (one-to-one within 0.5 s, as the word-spotting bench scores). */
export function phraseAccuracy(truths: readonly (readonly TOccurrence[])[], spotted: readonly TSpotted[]): TPhraseAccuracy {
  const out: TPhraseAccuracy = { truth: 0, found: 0, falseAlarms: 0, inTranscript: 0 };
  for (const [i, truth] of truths.entries()) {
    const s = spotted[i] as TSpotted;
    const counted = scoreHits(truth, s.counted);
    out.truth += truth.length;
    out.found += counted.truePositives;
    out.falseAlarms += counted.hits - counted.truePositives;
    out.inTranscript += scoreHits(truth, s.transcript).truePositives;
  }
  return out;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

function accuracy(loaded: readonly TLoaded[], p: TPass): { recall: number; wer: number; recognised: number } {
  let refs = 0;
  let matched = 0;
  let edits = 0;
  for (const [i, clip] of loaded.entries()) {
    const a = alignWords(clip.reference, p.hypotheses[i] as string[]);
    refs += clip.reference.length;
    matched += a.matched;
    edits += a.edits;
  }
  const parts = p.recognised.filter((r): r is number => r !== undefined);
  return { recall: matched / refs, wer: edits / refs, recognised: parts.reduce((s, r) => s + r, 0) / Math.max(1, parts.length) };
}

/** One setting's accuracy on the bench's speech (the decode is seeded, so any round's pass will do). */
function measure(loaded: readonly TLoaded[], spotting: readonly TSpotting[], p: TPass) {
  const talk = spotting.findIndex((s) => s.phrases.includes('basically') && s.name.startsWith('browser'));
  const basically = (s: TSpotted | undefined): TOccurrence[] => (s ? [...s.counted] : []).filter((h) => h.phrase === 'basically');
  const talkTruth = (spotting[talk]?.truth ?? []).filter((o) => o.phrase === 'basically');
  return {
    ...accuracy(loaded, p),
    phrases: phraseAccuracy(
      spotting.map((s) => s.truth),
      p.spotted,
    ),
    /** The browser tests' "basically" (2 said): counted, and spelled by the transcript. */
    basically: phraseAccuracy(
      [talkTruth],
      [{ counted: basically(p.spotted[talk]), transcript: (p.spotted[talk]?.transcript ?? []).filter((h) => h.phrase === 'basically') }],
    ),
  };
}

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_ASR_ROUNDS ?? 3);
  const only = process.env.BENCH_ASR_ONLY?.split(',');
  const candidates = [...CANDIDATES, ...(process.env.BENCH_ASR_EXPLORE === '1' ? EXPLORE : [])].filter(
    (_c, i) => !only || only.includes(String(i)),
  );
  const loaded = [await load(recording(clips()))];
  const spotting = await spottingSet();
  const mixSeconds = loaded.reduce((s, c) => s + c.samples.length / c.sampleRate, 0);
  const audioSeconds = mixSeconds + spotting.reduce((s, c) => s + c.samples.length / c.sampleRate, 0);
  process.stderr.write(`recogniser trade-off: ${audioSeconds.toFixed(0)} s of speech, ${rounds} rounds\n`);
  // Each round: baseline, candidate 1, baseline, candidate 2, ..., baseline. A candidate's time is
  // a ratio to the mean of the two baselines either side of it, measured moments apart.
  const baseline: TPass[][] = [];
  const runs = new Map<TCandidate, TRun[]>(candidates.map((c) => [c, []]));
  for (let r = 0; r < rounds; r++) {
    const before = await pass(BASELINE, loaded, spotting);
    const row = [before];
    for (const c of candidates) {
      const x = await pass(c, loaded, spotting);
      const after = await pass(BASELINE, loaded, spotting);
      const last = row[row.length - 1] as TPass;
      const around = (last.seconds + after.seconds) / 2;
      const cpuAround = (talkCpu(last) + talkCpu(after)) / 2;
      const cpuAroundAll = (last.cpuSeconds + after.cpuSeconds) / 2;
      row.push(after);
      runs.get(c)?.push({ pass: x, ratio: x.seconds / around, cpuRatio: talkCpu(x) / cpuAround, cpuRatioAll: x.cpuSeconds / cpuAroundAll });
      process.stderr.write(
        `round ${r + 1}: ${c.name}: ${x.seconds.toFixed(1)} s (CPU ${talkCpu(x).toFixed(1)} s + ${x.shortCpuSeconds.toFixed(1)} s short), baseline around it ${around.toFixed(1)} s (CPU ${cpuAround.toFixed(1)} s)\n`,
      );
    }
    baseline.push(row);
  }
  const base = measure(loaded, spotting, (baseline[0] as TPass[])[0] as TPass);
  const baseSeconds = median(baseline.flat().map((b) => b.seconds));
  const baseCpu = median(baseline.flat().map(talkCpu));
  const fmt = (x: number, d = 3): string => x.toFixed(d);
  const share = (n: number, of: number): string => `${fmt(n / Math.max(1, of), 2)} (${n}/${of})`;
  console.log(
    `\nRecogniser settings: ${audioSeconds.toFixed(0)} s of real and generated speech (word recall over the ${mixSeconds.toFixed(0)} s mix; ` +
      `phrases over ${spotting.map((s) => s.name).join('; ')}), median of ${rounds} paired runs`,
  );
  console.log(
    '| setting | wall vs baseline | wall s | CPU vs baseline | CPU s | CPU vs baseline with the short talk | word recall | WER | Clarity recognised (change) | phrase recall | phrase false alarms | phrases in transcript | "basically" in the browser talk: counted / in transcript | CPU <= 0.5x | recall loss <= 0.03 | phrase recall loss <= 0.03, false alarms <= +1 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  const phraseCells = (m: ReturnType<typeof measure>): string =>
    `${share(m.phrases.found, m.phrases.truth)} | ${m.phrases.falseAlarms} | ${share(m.phrases.inTranscript, m.phrases.truth)} | ${m.basically.found} / ${m.basically.inTranscript} of ${m.basically.truth}`;
  console.log(
    `| ${BASELINE.name} | 1.00 | ${fmt(baseSeconds, 1)} | 1.00 | ${fmt(baseCpu, 1)} | 1.00 | ${fmt(base.recall)} | ${fmt(base.wer)} | ${fmt(base.recognised)} | ${phraseCells(base)} | | | |`,
  );
  const targets: [string, boolean, string][] = [];
  for (const c of candidates) {
    const xs = runs.get(c) as TRun[];
    const ratio = median(xs.map((x) => x.ratio));
    const seconds = median(xs.map((x) => x.pass.seconds));
    const cpuRatio = median(xs.map((x) => x.cpuRatio));
    const cpu = median(xs.map((x) => talkCpu(x.pass)));
    const cpuRatioAll = median(xs.map((x) => x.cpuRatioAll));
    const acc = measure(loaded, spotting, (xs[0] as TRun).pass);
    const loss = base.recall - acc.recall;
    const phraseLoss = (base.phrases.found - acc.phrases.found) / Math.max(1, base.phrases.truth);
    const extraAlarms = acc.phrases.falseAlarms - base.phrases.falseAlarms;
    const fast = cpuRatio <= MAX_TIME_RATIO;
    const kept = loss <= MAX_RECALL_LOSS;
    const spotsKept = phraseLoss <= MAX_PHRASE_RECALL_LOSS && extraAlarms <= MAX_EXTRA_FALSE_ALARMS;
    const change = acc.recognised - base.recognised;
    console.log(
      `| ${c.chosen ? `**${c.name}**` : c.name} | ${fmt(ratio, 2)} | ${fmt(seconds, 1)} | ${fmt(cpuRatio, 2)} | ${fmt(cpu, 1)} | ${fmt(cpuRatioAll, 2)} | ${fmt(acc.recall)} | ${fmt(acc.wer)} | ${fmt(acc.recognised)} (${change >= 0 ? '+' : ''}${fmt(change)}) | ${phraseCells(acc)} | ${fast ? 'PASS' : 'FAIL'} | ${kept ? 'PASS' : 'FAIL'} | ${spotsKept ? 'PASS' : 'FAIL'} |`,
    );
    if (c.chosen) {
      targets.push([
        `recogniser CPU time at most ${MAX_TIME_RATIO}x the baseline on talk-length recordings`,
        fast,
        `${fmt(cpuRatio, 2)}x (${fmt(cpu, 1)} s vs ${fmt(baseCpu, 1)} s; ${fmt(cpuRatioAll, 2)}x with the short talk; wall time ${fmt(ratio, 2)}x, ${fmt(seconds, 1)} s vs ${fmt(baseSeconds, 1)} s, noisier on a busy machine)`,
      ]);
      targets.push([`word recall loss at most ${MAX_RECALL_LOSS}`, kept, `${fmt(loss)} (${fmt(acc.recall)} vs ${fmt(base.recall)})`]);
      targets.push([
        `word-spotting phrase recall loss at most ${MAX_PHRASE_RECALL_LOSS}, at most ${MAX_EXTRA_FALSE_ALARMS} more false alarm`,
        spotsKept,
        `${fmt(phraseLoss)} (${acc.phrases.found} vs ${base.phrases.found} of ${base.phrases.truth}), false alarms ${acc.phrases.falseAlarms} vs ${base.phrases.falseAlarms}`,
      ]);
    }
  }
  console.log('');
  for (const [name, ok, value] of targets) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${value}`);
}

// Run as a script (the benchmark); imported (its test), it only lends the word alignment and phrase scoring.
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
