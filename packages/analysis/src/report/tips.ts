import {
  CLARITY_WEIGHTS,
  judgeAgainstIdeal,
  NEGATIVE_VIBES,
  POSITIVE_VIBES,
  type TClarityPart,
  type TMetricKey,
  type TSpeakerScores,
  type TTips,
  UNCERTAIN_WORDS_TIP,
  uncertainCountNote,
} from '@rostrum/contract';
import { countIdeals, IDEALS } from './ideals.js';

type TWorkOn = TMetricKey | 'fillerWords';

interface TTipContext {
  scores: TSpeakerScores;
  fillersPerMinute: number;
  isConversational: boolean;
  /** Seconds: the switch ideal scales with the length of the conversation. */
  duration: number;
  /** Clarity's parts (0-1): a low Clarity's tip names the part that cost the most. */
  clarityParts?: Partial<Record<TClarityPart, number>>;
  /** Honest words: the fillers counted and how many rest on uncertain words; whether most words are uncertain. */
  uncertainWords?: { fillers: number; uncertainFillers: number; mostlyUncertain: boolean };
}

const FILLER_NOUN = { one: 'filler counted', many: 'fillers counted' };

/** What to do about the part of Clarity that cost the most points. */
const CLARITY_TIPS: Record<TClarityPart, string> = {
  audibility:
    'Part of your voice was lost to background noise or a muffled microphone: record somewhere quieter, keep the microphone close and uncovered, and voice the consonants at the ends of words.',
  articulation: 'Your syllables ran together: open your mouth a little more and give each syllable its own beat.',
  followablePace: 'You spoke faster than a listener can follow: slow down and let key words land.',
  recognised: 'Many words were hard to make out: articulate each syllable and finish your words; speaking slightly slower helps too.',
};

/** The part of Clarity that lost the most weighted points, if any was lost. */
function weakestClarityPart(parts: Partial<Record<TClarityPart, number>>): TClarityPart | null {
  let worst: TClarityPart | null = null;
  let lost = 0;
  for (const [k, w] of Object.entries(CLARITY_WEIGHTS) as [TClarityPart, number][]) {
    const part = parts[k];
    if (part !== undefined && w * (1 - part) > lost) {
      lost = w * (1 - part);
      worst = k;
    }
  }
  return worst;
}

const fmt = (x: number, d = 1): string => x.toFixed(d);

/** Tips written for the speaker, per metric, plus the two or three things to work on first. */
export function buildTips(ctx: TTipContext): TTips {
  const s = ctx.scores;
  const byMetric: Partial<Record<TMetricKey, string[]>> = {};
  const problems: { key: TWorkOn; severity: number; tip: string }[] = [];
  const add = (key: TMetricKey, tip: string): void => {
    byMetric[key] ??= [];
    byMetric[key].push(tip);
  };

  if (s.pace !== null) {
    const band = judgeAgainstIdeal(s.pace, IDEALS.pace);
    if (band === 'high') {
      const tip = `You spoke at ${fmt(s.pace)} syllables per second, faster than the ideal ${IDEALS.pace.idealMin}-${IDEALS.pace.idealMax}. Slow down on key points and let important words land.`;
      add('pace', tip);
      problems.push({ key: 'pace', severity: (s.pace - IDEALS.pace.idealMax) / 1.5, tip });
    } else if (band === 'low') {
      const tip = `You spoke at ${fmt(s.pace)} syllables per second, slower than the ideal ${IDEALS.pace.idealMin}-${IDEALS.pace.idealMax}. Pick up the pace in familiar passages to keep energy up.`;
      add('pace', tip);
      problems.push({ key: 'pace', severity: (IDEALS.pace.idealMin - s.pace) / 1.5, tip });
    } else
      add('pace', `Your pace of ${fmt(s.pace)} syllables per second is easy to follow. Keep it, and slow down deliberately for emphasis.`);
  }
  if (s.pauseToTalk !== null) {
    const band = judgeAgainstIdeal(s.pauseToTalk, IDEALS.pauseToTalk);
    if (band === 'low') {
      const tip = `You paused for ${fmt(s.pauseToTalk, 0)}% of your talking time. Add short pauses after key ideas so listeners can absorb them; pauses also replace filler words.`;
      add('pauseToTalk', tip);
      problems.push({ key: 'pauseToTalk', severity: (IDEALS.pauseToTalk.idealMin - s.pauseToTalk) / 10, tip });
    } else if (band === 'high') {
      const tip = `Pauses took ${fmt(s.pauseToTalk, 0)}% of your talking time. Rehearse transitions so the silences are chosen, not searched for.`;
      add('pauseToTalk', tip);
      problems.push({ key: 'pauseToTalk', severity: (s.pauseToTalk - IDEALS.pauseToTalk.idealMax) / 20, tip });
    } else add('pauseToTalk', 'Your pausing is in the ideal range: pauses give your points room without losing momentum.');
  }
  if (s.upspeak !== null) {
    if (s.upspeak > IDEALS.upspeak.idealMax) {
      const tip = `${fmt(s.upspeak, 0)}% of your phrases ended with a rising pitch, which can make statements sound like questions. End statements on a level or falling pitch.`;
      add('upspeak', tip);
      problems.push({ key: 'upspeak', severity: (s.upspeak - IDEALS.upspeak.idealMax) / 15, tip });
    } else
      add(
        'upspeak',
        s.upspeak === 0
          ? 'Your statements end firmly, with no upspeak.'
          : 'Some phrases rose at the end, which suits questions; keep statements ending level or falling.',
      );
  }
  const variety = [
    [
      'varietyPitch',
      s.varietyPitch,
      'pitch',
      'Let your pitch rise and fall with meaning: stress key words and avoid a flat, single-note delivery.',
      'Your pitch swings widely; keep the big movements for the words that matter.',
    ],
    [
      'varietyVolume',
      s.varietyVolume,
      'volume',
      'Vary your volume: lean in softer for asides and project more on key points.',
      'Your volume jumps a lot; steady it so listeners do not strain or flinch.',
    ],
    [
      'varietyPace',
      s.varietyPace,
      'pace',
      'Change gears: slow down for important ideas and move faster through familiar material.',
      'Your pace changes abruptly; smooth out the rushes and stalls.',
    ],
  ] as const;
  for (const [key, v, word, lowTip, highTip] of variety) {
    if (!v) continue;
    if (v.belowBand > 50) {
      add(key, lowTip);
      problems.push({ key, severity: v.belowBand / 60, tip: lowTip });
    } else if (v.aboveBand > 50) {
      add(key, highTip);
      problems.push({ key, severity: v.aboveBand / 80, tip: highTip });
    } else add(key, `Your ${word} variety was in the ideal band in ${fmt(v.inBand, 0)}% of the recording.`);
  }
  if (s.strengthOfOpening !== null) {
    if (s.strengthOfOpening < IDEALS.strengthOfOpening.idealMin) {
      const tip = 'Open strong: start speaking promptly, with energy and pitch movement, and no fillers in the first 30 seconds.';
      add('strengthOfOpening', tip);
      problems.push({ key: 'strengthOfOpening', severity: (IDEALS.strengthOfOpening.idealMin - s.strengthOfOpening) / 4, tip });
    } else add('strengthOfOpening', 'Your first 30 seconds sound engaging. Good hook!');
  }
  if (s.clarity !== null) {
    if (s.clarity < IDEALS.clarity.idealMin) {
      const weakest = ctx.clarityParts ? weakestClarityPart(ctx.clarityParts) : null;
      const tip = weakest
        ? CLARITY_TIPS[weakest]
        : 'Articulate each syllable and keep the microphone close; speaking slightly slower also makes words easier to catch.';
      add('clarity', tip);
      problems.push({ key: 'clarity', severity: (IDEALS.clarity.idealMin - s.clarity) / 4, tip });
    } else add('clarity', 'Your speech is clear and easy to understand.');
  }
  // A count from words the recogniser was guessing says so (docs/decisions/recogniser.md, "Honest words").
  const u = ctx.uncertainWords;
  const fillerNote = u ? uncertainCountNote(u.uncertainFillers, u.fillers, FILLER_NOUN) : null;
  const withNote = (tip: string) => (fillerNote ? `${tip} ${fillerNote}` : tip);
  if (ctx.fillersPerMinute > 2) {
    const tip = withNote(
      `You used about ${fmt(ctx.fillersPerMinute)} filler words (uh, um) per minute. Replace them with a short silent pause.`,
    );
    add('wordSpotting', tip);
    problems.push({ key: 'fillerWords', severity: ctx.fillersPerMinute / 4, tip });
  } else
    add(
      'wordSpotting',
      withNote(
        `You used about ${fmt(ctx.fillersPerMinute)} filler words (uh, um) per minute: few enough not to distract. Keep pausing silently instead.`,
      ),
    );
  if (u?.mostlyUncertain) add('wordSpotting', UNCERTAIN_WORDS_TIP);
  if (s.overall !== null)
    add(
      'overall',
      s.overall < IDEALS.overall.idealMin
        ? `Vocal Delivery sums up your pace, pausing, upspeak, variety, opening, clarity and filler words: ${fmt(s.overall)} out of 10. Listen to the weakest stretches it marks on the waveform, and start with the things to work on first.`
        : `Vocal Delivery sums up your pace, pausing, upspeak, variety, opening, clarity and filler words: ${fmt(s.overall)} out of 10, in the ideal range. Keep practising what got you here.`,
    );
  if (s.talkVsListen !== null) {
    const band = judgeAgainstIdeal(s.talkVsListen, IDEALS.talkVsListen);
    const tip =
      band === 'high'
        ? `You talked ${fmt(s.talkVsListen, 0)}% of the time. Ask more and leave room for others to answer.`
        : band === 'low'
          ? `You talked ${fmt(s.talkVsListen, 0)}% of the time. Share your view more often; the conversation needs your voice too.`
          : 'A balanced conversation: you talked and listened in good measure.';
    add('talkVsListen', tip);
    if (band !== 'ideal') problems.push({ key: 'talkVsListen', severity: Math.abs(s.talkVsListen - 50) / 20, tip });
  }
  if (s.questions !== null)
    add(
      'questions',
      s.questions === 0
        ? 'Ask open questions (what, how, why) to draw the other person in.'
        : `You asked ${s.questions} question${s.questions === 1 ? '' : 's'}.`,
    );
  if (s.waitTime !== null) {
    const band = judgeAgainstIdeal(s.waitTime, IDEALS.waitTime);
    add(
      'waitTime',
      band === 'low'
        ? 'You answered almost before others finished. Wait a beat: it shows you listened.'
        : band === 'high'
          ? 'Long silences before your replies; keep the conversation flowing.'
          : 'Your wait time before answering feels natural.',
    );
  }
  if (s.convoSwitches !== null) {
    const ideal = countIdeals(ctx.duration).convoSwitches!;
    const band = judgeAgainstIdeal(s.convoSwitches, ideal);
    add(
      'convoSwitches',
      band === 'low'
        ? `Only ${s.convoSwitches} meaningful switch${s.convoSwitches === 1 ? '' : 'es'} between speakers. Hand the conversation over more often: ask, then listen.`
        : band === 'high'
          ? `${s.convoSwitches} switches between speakers: a lot of short exchanges. Let each turn develop a full thought before handing over.`
          : `${s.convoSwitches} meaningful switches between speakers: a real back-and-forth.`,
    );
  }
  addVibeTips(s.vibes, add);

  problems.sort((a, b) => b.severity - a.severity);
  const top = problems.slice(0, 3);
  const tips = top.length ? top.map((p) => p.tip) : ['Strong delivery overall. Keep practising to make it a habit.'];
  if (ctx.isConversational && !top.length) tips.push('Well-balanced conversation.');
  return { main: { workOn: top.map((p) => p.key), tips }, byMetric };
}

/** The radars' tips: the strongest positive vibes to keep, and the negative ones to work on. */
function addVibeTips(vibes: Record<string, number>, add: (key: TMetricKey, tip: string) => void): void {
  const ranked = (names: readonly string[]) => names.filter((k) => vibes[k] !== undefined).sort((a, b) => vibes[b]! - vibes[a]!);
  const positives = ranked(POSITIVE_VIBES);
  const strong = positives.filter((k) => vibes[k]! >= IDEALS.positiveVibes.idealMin).slice(0, 2);
  if (strong.length)
    add(
      'positiveVibes',
      `You come across as ${strong.join(' and ')}. Keep what creates it: the vibe breakdown shows which measurements drove it.`,
    );
  else if (positives[0])
    add(
      'positiveVibes',
      `Your strongest positive vibe is ${positives[0]}. More pitch and volume variety at a steady pace raises most positive vibes.`,
    );
  const negatives = ranked(NEGATIVE_VIBES).filter((k) => vibes[k]! > IDEALS.negativeVibes.idealMax);
  for (const k of negatives.slice(0, 3))
    add('negativeVibes', `Listeners may hear you as ${k}; the vibe breakdown shows which measurements drove it.`);
  if (!negatives.length) add('negativeVibes', 'No negative vibe stands out in this recording.');
}
