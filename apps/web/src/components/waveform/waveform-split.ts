/** One speaker's turns, for the speaker colours under the waveform and the split lanes. */
export interface TSpeakerTurns {
  speaker: number;
  turns: { from: number; to: number }[];
}

/** Stored peaks (peaksUrl): min/max pairs; `channels` holds one list per channel of a multichannel file. */
export interface TSplitPeaks {
  peaksPerSecond: number;
  data: number[];
  duration: number;
  channels?: number[][];
}

export interface TWaveformSplit {
  /** 'channels': the file's own channels; 'speakers': a mono recording split by its diarization. */
  kind: 'channels' | 'speakers';
  /** One min/max list per lane, drawn with wavesurfer's splitChannels. */
  channels: number[][];
}

/**
 * How many waveforms the player draws (001 section 9: "a URL containing 'multichannel' splits
 * channels"; more than two channels or speakers get their own view). A file with more than two
 * channels (stereo is one voice twice), or an address holding 'multichannel', shows its channels apart; a one-channel recording with
 * more than two speakers shows one lane per speaker, the waveform where that speaker talks.
 * Otherwise one waveform (null).
 */
export function waveformSplit(o: {
  playbackUrl: string;
  numSpeakers: number;
  peaks: TSplitPeaks;
  speakers?: readonly TSpeakerTurns[];
}): TWaveformSplit | null {
  const stored = o.peaks.channels ?? [];
  if (stored.length > 2) return { kind: 'channels', channels: stored };
  if (o.playbackUrl.includes('multichannel')) return { kind: 'channels', channels: stored.length ? stored : [o.peaks.data] };
  const speakers = o.speakers ?? [];
  if (o.numSpeakers > 2 && speakers.length > 2) {
    return { kind: 'speakers', channels: speakers.map((s) => whileTalking(o.peaks, s.turns)) };
  }
  return null;
}

/** The peaks inside the speaker's turns, silence elsewhere. */
function whileTalking(peaks: TSplitPeaks, turns: TSpeakerTurns['turns']): number[] {
  const out = new Array<number>(peaks.data.length).fill(0);
  for (let b = 0; 2 * b < peaks.data.length; b++) {
    const t = b / peaks.peaksPerSecond;
    if (!turns.some((turn) => t >= turn.from && t < turn.to)) continue;
    out[2 * b] = peaks.data[2 * b] ?? 0;
    out[2 * b + 1] = peaks.data[2 * b + 1] ?? 0;
  }
  return out;
}
