import { formatTimer, LANE_LABELS, type TLaneKey, type TLaneMark, type TLanes } from '@rostrum/contract';

// What the lanes say in words: the hover reading at a moment, a mark's description, and the
// summary screen readers get in place of the pictures.

const at = (time: number) => formatTimer(time).replace(/\.\d$/, '');

export function describeMark(m: TLaneMark): string {
  if (m.kind === 'filler') return `${at(m.from)} · Filler (${m.label})`;
  if (m.kind === 'word') return `${at(m.from)} · Spotted: “${m.label}”`;
  return `${at(m.from)} · Upspeak: the phrase ends rising ${m.label}`;
}

function valueAt<T>(values: readonly T[], step: number, time: number): T | undefined {
  return values[Math.max(0, Math.min(values.length - 1, Math.floor(time / step)))];
}

/** The lane's value at a moment, for the hover tip ("1:23 · Pitch +2.4 semitones"). */
export function laneReading(lanes: TLanes, key: TLaneKey, time: number): string | null {
  if (time < 0 || time > lanes.duration) return null;
  const when = at(time);
  if (key === 'pitch') {
    const v = valueAt(lanes.pitch, lanes.step, time);
    if (v === null || v === undefined) return `${when} · No voiced pitch`;
    const st = v / 10;
    return `${when} · Pitch ${st > 0 ? '+' : st < 0 ? '−' : ''}${Math.abs(st).toFixed(1)} semitones from your middle`;
  }
  if (key === 'loudness') {
    const v = valueAt(lanes.loudness, lanes.step, time) ?? 0;
    return `${when} · Loudness ${v >= 0 ? 'at your loud level' : `${Math.abs(v)} dB below your loud level`}`;
  }
  if (key === 'rate') {
    const v = valueAt(lanes.rate, lanes.rateStep, time);
    if (v === null || v === undefined) return `${when} · Not speaking`;
    const rate = v / 10;
    const verdict = rate > lanes.rateIdeal.max ? 'fast' : rate < lanes.rateIdeal.min ? 'slow' : 'in the ideal range';
    return `${when} · ${rate.toFixed(1)} syllables per second (${verdict})`;
  }
  if (key === 'pauses') {
    const p = lanes.pauses.find(([from, to]) => time >= from && time <= to);
    return p ? `${at(p[0])} · Pause of ${(p[1] - p[0]).toFixed(1)} s` : `${when} · Speaking`;
  }
  return null;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The lanes in one sentence, for screen readers. */
export function lanesSummary(lanes: TLanes): string {
  const kinds = (k: TLaneMark['kind']) => lanes.marks.filter((m) => m.kind === k).length;
  const rates = lanes.rate.filter((v): v is number => v !== null);
  const fast = rates.filter((v) => v / 10 > lanes.rateIdeal.max).length;
  const slow = rates.filter((v) => v / 10 < lanes.rateIdeal.min).length;
  const share = (n: number) => (rates.length ? Math.round((100 * n) / rates.length) : 0);
  return [
    `${LANE_LABELS.pitch}: your usual range is ${lanes.pitchRange.low.toFixed(1)} to +${lanes.pitchRange.high.toFixed(1)} semitones around your middle.`,
    `${LANE_LABELS.rate}: fast ${share(fast)}% of the time, slow ${share(slow)}%.`,
    `${count(lanes.pauses.length, 'pause', 'pauses')}, ${count(kinds('filler'), 'filler', 'fillers')}, ${count(kinds('word'), 'spotted word', 'spotted words')}, ${count(kinds('upspeak'), 'rising phrase end', 'rising phrase ends')}.`,
  ].join(' ');
}
