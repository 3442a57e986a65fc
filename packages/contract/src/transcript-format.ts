import { SPEAKER_NAMES, type TResults, type TTranscriptItem } from './results.js';

// The transcript exports (issue 20): WebVTT, SRT and plain text from the results' word timings.
// Pure functions, tested beside.

/** A cue: one line of subtitles, of one speaker. */
export interface TCue {
  start: number;
  end: number;
  speaker: number;
  text: string;
}

/** Cue limits: readable subtitles are at most about 7 s and 80 characters, and break at pauses. */
export const CUE_LIMITS = { maxSeconds: 7, maxChars: 80, pauseSeconds: 0.7 } as const;

const isPunctuation = (w: TTranscriptItem) => w.type === 'punctuation' || w.isPunctuation;

/** Words joined as read: punctuation sticks to the word before it. */
function joinWords(words: readonly TTranscriptItem[]): string {
  let text = '';
  for (const w of words) text += isPunctuation(w) || !text ? w.text : ` ${w.text}`;
  return text.trim();
}

/**
 * Groups the words into cues: a new cue at a change of speaker (conversations), at a pause of
 * CUE_LIMITS.pauseSeconds or more, or where the next word would take the cue past the time or
 * length limit. Punctuation always joins the cue of the word before it.
 */
export function buildCues(items: readonly TTranscriptItem[], conversational: boolean, limits = CUE_LIMITS): TCue[] {
  const groups: TTranscriptItem[][] = [];
  let current: TTranscriptItem[] = [];
  for (const w of items) {
    const spoken = current.filter((x) => !isPunctuation(x));
    const first = spoken[0];
    const last = spoken[spoken.length - 1];
    if (isPunctuation(w) || !first || !last) {
      current.push(w);
      continue;
    }
    const newSpeaker = conversational && w.speaker !== first.speaker;
    const pause = w.start - last.end >= limits.pauseSeconds;
    const tooLong = w.end - first.start > limits.maxSeconds || joinWords([...current, w]).length > limits.maxChars;
    if (newSpeaker || pause || tooLong) {
      groups.push(current);
      current = [w];
    } else current.push(w);
  }
  if (current.length) groups.push(current);
  return groups.flatMap((g) => {
    const words = g.filter((x) => !isPunctuation(x));
    if (!words.length) return [];
    return [
      {
        start: words[0]!.start,
        end: Math.max(words[words.length - 1]!.end, words[0]!.start),
        speaker: words[0]!.speaker,
        text: joinWords(g),
      },
    ];
  });
}

/** "Speaker ONE" for conversations (the results page's names), nothing for one speaker. */
export function speakerLabel(speaker: number): string {
  return `Speaker ${SPEAKER_NAMES[speaker - 1] ?? speaker}`;
}

function clock(seconds: number, separator: '.' | ','): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${two(h)}:${two(m)}:${two(s)}${separator}${String(ms % 1000).padStart(3, '0')}`;
}

/** WebVTT time: 00:01:02.345. */
export const vttTime = (seconds: number) => clock(seconds, '.');
/** SRT time: 00:01:02,345. */
export const srtTime = (seconds: number) => clock(seconds, ',');

/** WebVTT cue text may not hold "-->" and treats < and & as markup. */
const vttText = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A WebVTT file; conversations carry each cue's speaker as a voice span (<v Speaker ONE>). */
export function toVtt(results: Pick<TResults, 'diarizedTranscript' | 'isConversational'>): string {
  const cues = buildCues(results.diarizedTranscript, results.isConversational);
  const blocks = cues.map((c, i) => {
    const text = vttText(c.text);
    const line = results.isConversational ? `<v ${speakerLabel(c.speaker)}>${text}` : text;
    return `${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${line}`;
  });
  return `WEBVTT\n\n${blocks.join('\n\n')}${blocks.length ? '\n' : ''}`;
}

/** An SRT file (CRLF line ends, as most players expect); conversations prefix "Speaker ONE: ". */
export function toSrt(results: Pick<TResults, 'diarizedTranscript' | 'isConversational'>): string {
  const cues = buildCues(results.diarizedTranscript, results.isConversational);
  return cues
    .map((c, i) => {
      const line = results.isConversational ? `${speakerLabel(c.speaker)}: ${c.text}` : c.text;
      return `${i + 1}\r\n${srtTime(c.start)} --> ${srtTime(c.end)}\r\n${line}\r\n`;
    })
    .join('\r\n');
}

/**
 * Plain text: the title, then the words in paragraphs: one per turn with "Speaker ONE:" in a
 * conversation, else a paragraph at each long pause. Without word timings, the transcript text.
 */
export function toText(title: string, results: Pick<TResults, 'diarizedTranscript' | 'isConversational' | 'data'>): string {
  const items = results.diarizedTranscript;
  if (!items.length) return `${title}\n\n${results.data.transcript}\n`;
  const paragraphs: { speaker: number; words: TTranscriptItem[] }[] = [];
  let prevEnd = 0;
  for (const w of items) {
    const last = paragraphs[paragraphs.length - 1];
    const turn = results.isConversational ? last?.speaker !== w.speaker && !isPunctuation(w) : !isPunctuation(w) && w.start - prevEnd > 1.5;
    if (!last || turn) paragraphs.push({ speaker: w.speaker, words: [w] });
    else last.words.push(w);
    if (!isPunctuation(w)) prevEnd = w.end;
  }
  const body = paragraphs.map((p) => (results.isConversational ? `${speakerLabel(p.speaker)}: ${joinWords(p.words)}` : joinWords(p.words)));
  return `${title}\n\n${body.join('\n\n')}\n`;
}
