// Browser-safe entry (@rostrum/analysis/live): the engine's intensity, syllable-nucleus and
// voice-activity rules for the Record tab's live cues. Nothing here may import Node.
export { CLIP_LEVEL, FRAME_BLOCKS, LiveMeter, toDbfs, type TLiveFrame } from './live-meter.js';
export { LIVE_WINDOW_SECONDS, LiveWindow, measureLive, type TLiveMeasure } from './live-window.js';
export { IDEALS } from '../report/ideals.js';
