import { useEffect, useState } from 'react';
import { LiveWindow } from '@rostrum/analysis/live';
import { FRAME_SECONDS, startCueTap } from './cue-tap';
import { INITIAL_CUES, LevelWatch, METER_FLOOR_DB, nextCues, type TCueState, type TLevelWarning } from './live-cues';

/** The meter redraws this often, ms; the frames come every 20 ms. */
const METER_REFRESH_MS = 100;
/** The window is measured (pace and pausing) this often, ms. */
const MEASURE_EVERY_MS = 1000;
/** The meter falls at most this much per refresh (dB), so it reads as a level, not a flicker. */
const METER_FALL_DB = 4;

export interface TLiveCuesView {
  /** The meter's level, dBFS, METER_FLOOR_DB when nothing comes. */
  levelDb: number;
  warning: TLevelWarning;
  cues: TCueState;
}

const INITIAL_VIEW: TLiveCuesView = { levelDb: METER_FLOOR_DB, warning: null, cues: INITIAL_CUES };

/** Live cues of a recording's stream while it is given; nothing runs without one. */
export function useLiveCues(stream: MediaStream | null): TLiveCuesView {
  const [view, setView] = useState<TLiveCuesView>(INITIAL_VIEW);
  useEffect(() => {
    setView(INITIAL_VIEW);
    if (!stream) return;
    const window = new LiveWindow();
    const level = new LevelWatch();
    let cues = INITIAL_CUES;
    let shownDb = METER_FLOOR_DB;
    const tap = startCueTap(stream, (frame) => {
      window.add(frame);
      level.add(frame, FRAME_SECONDS);
    });
    const meter = setInterval(() => {
      // Rises at once, falls gently.
      shownDb = Math.max(METER_FLOOR_DB, level.takePeakDb(), shownDb - METER_FALL_DB);
      setView((v) => ({ ...v, levelDb: shownDb, warning: level.warning }));
    }, METER_REFRESH_MS);
    const measure = setInterval(() => {
      const next = nextCues(cues, window.measure());
      if (next === cues) return;
      cues = next;
      setView((v) => ({ ...v, cues }));
    }, MEASURE_EVERY_MS);
    return () => {
      tap.stop();
      clearInterval(meter);
      clearInterval(measure);
    };
  }, [stream]);
  return view;
}
