#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { METRIC_TITLES, type TResults } from '@rostrum/contract';
import { AnalysisError } from './analysis-error.js';
import { analyze } from './analyze.js';

const USAGE =
  'Usage: rostrum-analyze FILE [--algorithm default|conversational] [--words "a,b"] [--speakers N] [--transcriber pocketsphinx|whisper|none] [--json]';

function summary(r: TResults): string {
  const s = r.scores;
  const lines = [
    `${r.isConversational ? 'Conversational' : 'Single speaker'} analysis, ${r.data.duration.toFixed(1)} s, ${r.numSpeakers} speaker(s)`,
  ];
  const row = (title: string, value: string): void => {
    lines.push(`  ${title.padEnd(34)} ${value}`);
  };
  if (s.overall !== null) row(METRIC_TITLES.overall, `${s.overall.toFixed(1)} / 10`);
  if (s.strengthOfOpening !== null) row(METRIC_TITLES.strengthOfOpening, `${s.strengthOfOpening.toFixed(1)} / 10`);
  if (s.clarity !== null) row(METRIC_TITLES.clarity, `${s.clarity.toFixed(1)} / 10`);
  if (s.pace !== null)
    row(
      METRIC_TITLES.pace,
      `${s.pace.toFixed(2)} syllables/s (${r.data.labels.pace ?? '-'})${r.data.wordsPerMinute ? `, ${r.data.wordsPerMinute} wpm` : ''}`,
    );
  if (s.pauseToTalk !== null) row(METRIC_TITLES.pauseToTalk, `${s.pauseToTalk.toFixed(0)} % (${r.data.labels.pauseToTalk ?? '-'})`);
  if (s.upspeak !== null) row(METRIC_TITLES.upspeak, `${s.upspeak.toFixed(0)} % (${r.data.labels.upspeak ?? '-'})`);
  for (const key of ['varietyVolume', 'varietyPace', 'varietyPitch'] as const) {
    const v = s[key];
    if (v) row(METRIC_TITLES[key], `${v.inBand}% in band, ${v.belowBand}% below, ${v.aboveBand}% above (value ${v.value})`);
  }
  if (s.talkVsListen !== null) row(METRIC_TITLES.talkVsListen, `${s.talkVsListen} %`);
  if (s.convoSwitches !== null) row(METRIC_TITLES.convoSwitches, String(s.convoSwitches));
  if (s.questions !== null) row(METRIC_TITLES.questions, String(s.questions));
  row(
    METRIC_TITLES.wordSpotting,
    Object.entries(s.wordSpotting)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', '),
  );
  row('Reading', `${s.reading ?? '-'} (${r.data.labels.reading ?? '-'})`);
  const vibes = Object.entries(s.vibes)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  row('Top vibes', vibes.map(([k, v]) => `${k} ${v}`).join(', '));
  lines.push('Work on:');
  for (const tip of r.tips.main.tips) lines.push(`  - ${tip}`);
  if (r.data.transcript)
    lines.push(`Transcript (${r.data.transcriber}): ${r.data.transcript.slice(0, 300)}${r.data.transcript.length > 300 ? '...' : ''}`);
  return lines.join('\n');
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      algorithm: { type: 'string', default: 'default' },
      words: { type: 'string' },
      speakers: { type: 'string' },
      transcriber: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const file = positionals[0];
  if (values.help || !file) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const transcriber = values.transcriber as 'pocketsphinx' | 'whisper' | 'none' | undefined;
  try {
    const results = await analyze(file, {
      algorithm: values.algorithm,
      wordSpotting: values.words ? values.words.split(',') : [],
      numSpeakers: values.speakers ? Number(values.speakers) : undefined,
      transcriber,
    });
    process.stdout.write(values.json ? `${JSON.stringify(results, null, 2)}\n` : `${summary(results)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof AnalysisError) {
      process.stderr.write(
        `${values.json ? JSON.stringify({ failed: true, failedReason: e.failedReason, detail: e.message }) : `Failed: ${e.message}`}\n`,
      );
      return 1;
    }
    throw e;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
