// Pitch agreement with Praat for the scores bench: Praat's "To Pitch (ac)" with its standard
// settings (the ones PRAAT_PITCH_DEFAULTS copies), frame by frame against our pitch track.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contourIndex, type TContour } from '../signal/contour.js';

export interface TPraatPitch {
  /** Frame centre times, seconds. */
  times: number[];
  /** F0 per frame, Hz; 0 = unvoiced. */
  hz: number[];
}

export interface TPitchAgreement {
  /** Frames both trackers have (Praat's frame times, matched to our nearest frame). */
  frames: number;
  bothVoiced: number;
  /** Share of frames voiced in both whose F0 differ by at most 1 semitone, %. */
  withinSemitone: number;
  /** Share of frames where both call the frame voiced or both unvoiced, %. */
  voicingAgreement: number;
  /** Frames voiced in both that are off by about an octave (more than 10 semitones), up / down. */
  octaveUp: number;
  octaveDown: number;
  /** Frames only we, or only Praat, call voiced. */
  onlyOurs: number;
  onlyPraat: number;
}

/** Praat's pitch track of `file` with To Pitch (ac)'s standard settings (time step auto = 10 ms). */
export function praatPitch(file: string, dir: string): TPraatPitch {
  const script = join(dir, 'pitch-ac.praat');
  if (!existsSync(script))
    writeFileSync(
      script,
      [
        'form Pitch',
        '  sentence file',
        'endform',
        'Read from file: file$',
        'To Pitch (ac): 0, 75, 15, "no", 0.03, 0.45, 0.01, 0.35, 0.14, 600',
        'n = Get number of frames',
        'for i to n',
        '  t = Get time from frame number: i',
        '  f = Get value in frame: i, "Hertz"',
        '  appendInfoLine: fixed$(t, 5), " ", f',
        'endfor',
        '',
      ].join('\n'),
    );
  const times: number[] = [];
  const hz: number[] = [];
  for (const line of execFileSync('praat', ['--run', script, file], { encoding: 'utf8', maxBuffer: 64 << 20 }).split('\n')) {
    const [t, f] = line.trim().split(/\s+/);
    if (!t || f === undefined) continue;
    times.push(Number(t));
    const v = Number(f);
    hz.push(Number.isFinite(v) && v > 0 ? v : 0);
  }
  return { times, hz };
}

export function pitchAgreement(ours: TContour, praat: TPraatPitch): TPitchAgreement {
  let frames = 0;
  let bothVoiced = 0;
  let within = 0;
  let agree = 0;
  let octaveUp = 0;
  let octaveDown = 0;
  let onlyOurs = 0;
  let onlyPraat = 0;
  for (const [k, t] of praat.times.entries()) {
    const i = contourIndex(ours, t);
    if (i < 0 || i >= ours.values.length) continue;
    frames++;
    const a = ours.values[i] as number;
    const b = praat.hz[k] as number;
    if (a > 0 === b > 0) agree++;
    else if (a > 0) onlyOurs++;
    else onlyPraat++;
    if (a > 0 && b > 0) {
      bothVoiced++;
      const st = 12 * Math.log2(a / b);
      if (Math.abs(st) <= 1) within++;
      if (st > 10) octaveUp++;
      if (st < -10) octaveDown++;
    }
  }
  return {
    frames,
    bothVoiced,
    withinSemitone: bothVoiced ? (100 * within) / bothVoiced : Number.NaN,
    voicingAgreement: frames ? (100 * agree) / frames : Number.NaN,
    octaveUp,
    octaveDown,
    onlyOurs,
    onlyPraat,
  };
}
