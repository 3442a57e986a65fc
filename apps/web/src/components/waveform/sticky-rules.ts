import { BREAKPOINTS } from '@rostrum/contract';

// When the waveform may stick under the header (001 section 9): after scrolling 80 px past its
// top, except on small viewports, with 4 or more speakers, for video on non-large viewports, or
// when the viewport is shorter than 600 px (750 px with 3 speakers).

export const STICKY_OFFSET_PX = 80;

export function stickyAllowed(v: { width: number; height: number; numSpeakers: number; isVideo: boolean }): boolean {
  if (v.width <= BREAKPOINTS.small) return false;
  if (v.numSpeakers >= 4) return false;
  if (v.isVideo && v.width <= BREAKPOINTS.medium) return false;
  if (v.height < (v.numSpeakers === 3 ? 750 : 600)) return false;
  return true;
}
