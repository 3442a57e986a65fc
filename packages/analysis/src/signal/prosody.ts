import { computeBandPower, type TBandPower } from './band-power.js';
import type { TContour } from './contour.js';
import { computeIntensity } from './intensity.js';
import { computePitchTracks } from './pitch.js';
import { detectSyllableNuclei, type TNucleus } from './syllable-nuclei.js';
import { detectVoiceActivity, type TInterval, type TVoiceActivity } from './voice-activity.js';

export interface TProsody {
  duration: number;
  pitch: TContour;
  intensity: TContour;
  activity: TVoiceActivity;
  nuclei: TNucleus[];
  /** Power in each of the Speech Intelligibility Index's octave bands, for clarity. */
  bands: TBandPower;
}

/** Every signal track the metrics need, from one channel of 16 kHz PCM. */
export function analyzeProsody(samples: Float32Array, sampleRate: number): TProsody {
  // Praat's default voicing threshold (0.45) for the metrics; de Jong & Wempe's lenient 0.25 to
  // check that a syllable nucleus is voiced (it keeps weak, breathy vowels).
  const [pitch, lenientPitch] = computePitchTracks(samples, sampleRate, {}, [0.25]) as [TContour, TContour];
  const intensity = computeIntensity(samples, sampleRate, { minPitch: 100 });
  const activity = keepVoiced(detectVoiceActivity(intensity), pitch);
  const { nuclei } = detectSyllableNuclei(samples, sampleRate, lenientPitch);
  const bands = computeBandPower(samples, sampleRate);
  return { duration: samples.length / sampleRate, pitch, intensity, activity, nuclei, bands };
}

/** Noise can be loud but is never voiced: a sounding run needs 50 ms of pitch to count as speech. */
function keepVoiced(activity: TVoiceActivity, pitch: TContour): TVoiceActivity {
  const voicedSeconds = (s: TInterval): number => {
    let n = 0;
    for (let i = Math.max(0, Math.ceil(s.from / pitch.step)); i <= Math.floor(s.to / pitch.step); i++) if ((pitch.values[i] ?? 0) > 0) n++;
    return n * pitch.step;
  };
  const speech = activity.speech.filter((s) => voicedSeconds(s) >= 0.05);
  const pauses: TInterval[] = [];
  for (let i = 1; i < speech.length; i++) {
    const a = speech[i - 1] as TInterval;
    const b = speech[i] as TInterval;
    pauses.push({ from: a.to, to: b.from });
  }
  return { speech, pauses, threshold: activity.threshold };
}
