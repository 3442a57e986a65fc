// Recording intake rules (spec 001 sections 4, 5, 9): limits, file types, trim coupling,
// URL checks and the default title for assignment uploads. Shared by the record page and the server.
import { z } from 'zod';

export const RECORDING_LIMITS = {
  maxSeconds: 900,
  /** 9000 tenths of a second. */
  maxTenths: 9000,
  minSeconds: 5,
  countdownSeconds: 3,
  maxBytes: 200 * 1024 * 1024,
  titleMax: 50,
  sampleRate: 16000,
  troubleshootingDelayMs: 1500,
  /** Consecutive zero-volume checks (about 10 ms each) that mean the microphone gives only silence. */
  silenceChecks: 600,
  silenceChecksIos: 290,
} as const;

export const TRIM_LIMITS = { minClip: 10, maxEnd: 7199, maxStart: 7189 } as const;

export const ALLOWED_MEDIA_EXTENSIONS = [
  '3gp',
  'aac',
  'amr',
  'm4a',
  'mp3',
  'ogg',
  'oga',
  'opus',
  'wav',
  'wma',
  'flac',
  'webm',
  'aif',
  'aiff',
  'caf',
  'mkv',
  'flv',
  'avi',
  'mov',
  'wmv',
  'mp4',
  'm4v',
  'mpg',
  'mpeg',
  '3g2',
  'ts',
  'mts',
] as const;

export const INTAKE_MSG = {
  invalidFileType: 'You have submitted a file with an invalid filetype. Only audio and video files may be uploaded.',
  tooShort: (n: number) =>
    `Your recording is only ${n} second${n === 1 ? '' : 's'} long. Recordings shorter than 5 seconds long cannot be submitted.`,
  zoomShareLink:
    'Zoom Share Links are not supported. To process a Zoom video, please either use our Zoom integration or download the video then upload it via the Upload File tab.',
  uploadError:
    'Error uploading your file. Please retry your upload. If you attempted to upload a file larger than 200 MB, please use a smaller file.',
  recordUploadError: 'Error uploading your new recording. Did you disconnect from the Internet or WiFi?',
  urlUploadError:
    'Error processing the URL. Please ensure the URL you entered is correct. You may also wish to reload the page then resubmit the URL.',
  authorizationError: 'You may need to modify your Microphone/Privacy Settings to grant your browser access to your microphone.',
  silenceError: 'Your browser was not able to access your microphone and was capturing only silence...',
  /** The silence text on iPhone and iPad (001 section 8): Safari has to let go of the microphone first. */
  silenceErrorIos:
    'Your browser was not able to access your microphone and was capturing only silence... Please force-close Safari (swipe it away in the app switcher) and open it again, or open this page in a new tab, then try again.',
  /** With the authorization error in Edge on Windows (001 section 8), where Windows itself can keep the microphone from the browser. */
  edgeWindowsMicHint:
    'In Edge on Windows, also open Settings > Privacy & security > Microphone and make sure microphone access, and access for desktop apps, is turned on.',
  /** 'Display Error' for Internet Explorer (001 section 8). */
  displayErrorIe: 'The waveform could not be displayed. Internet Explorer is not supported: please use Edge, Chrome or Firefox.',
  displayError: 'The waveform could not be displayed. Please reload the page or try another browser.',
  fileHelp: 'Many formats accepted. Max 200 MB, 15min',
  /** The record page's intro for free-trial users (000 section 1, 001 section 2). */
  freeTrialIntro:
    'Your free trial starts here: record your speech in the browser or upload it, and we will analyze it for your Vibe score and delivery results.',
  /** The app's own thanks page after a free-trial URL upload. */
  freeTrialThanksTitle: 'Thank you for trying us out!',
  freeTrialThanksText: 'Your speech is being analyzed. Results may take up to 15 minutes.',
  /** POST recordings by someone without an active speaker membership (the record page says it first). */
  needsSpeaker: 'Recording needs an active speaker membership in this group.',
  tooLong: 'Recordings can be at most 15 minutes long. Use the clipping controls to choose up to 15 minutes.',
  tooLarge: 'Files can be at most 200 MB.',
  urlRequired: 'Enter the address of an audio or video file (http:// or https://).',
  urlBlocked: 'That address cannot be fetched: only public http(s) addresses are allowed.',
  urlFetchFailed: 'The file at that URL could not be downloaded.',
  stillUploading: 'Audio is still being uploaded...',
  extracting: 'Extracting audio...',
  computing: 'Computing results...',
  computingNote: 'Results may take up to 15 minutes.',
  videoNotReady: 'Video playback will be ready shortly. Please wait.',
  /** The Record tab's offer of a take kept on this device after a reload or crash (issue 19). */
  keptTakeTitle: 'You have an unsaved recording',
  keptTake: (seconds: number, when: string) =>
    `Your recording of ${spokenLength(seconds)} from ${when} was not saved. It is kept on this device: keep it to give it a title and save it, or discard it.`,
  keepTake: 'Keep It',
  discardTake: 'Discard',
} as const;

/** A take's length in words: "12 seconds", "1 minute", "3 minutes 5 seconds". */
export function spokenLength(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (m === 0) return unit(s, 'second');
  return s === 0 ? unit(m, 'minute') : `${unit(m, 'minute')} ${unit(s, 'second')}`;
}

/** The file's extension, lower case, or '' when it has none. */
export function fileExtension(name: string): string {
  const m = /\.([^./\\]+)$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}

/** The spec's client check: a three-letter extension that is not an audio/video type is refused. */
export function isRefusedExtension(name: string): boolean {
  const ext = fileExtension(name);
  return ext.length === 3 && !(ALLOWED_MEDIA_EXTENSIONS as readonly string[]).includes(ext);
}

export interface TTrim {
  from: number;
  to: number;
}

/** Start moved: end is pushed to at least start + 10 (within the limits). */
export function trimStartChanged(trim: TTrim, from: number): TTrim {
  const start = clamp(from, 0, TRIM_LIMITS.maxStart);
  const end = normaliseEnd(trim.to);
  return { from: start, to: Math.max(end, start + TRIM_LIMITS.minClip) };
}

/** End moved: start is pulled to at most end - 10. An end below 0 (default -1) becomes 7199. */
export function trimEndChanged(trim: TTrim, to: number): TTrim {
  const end = clamp(normaliseEnd(to), TRIM_LIMITS.minClip, TRIM_LIMITS.maxEnd);
  return { from: Math.min(clamp(trim.from, 0, TRIM_LIMITS.maxStart), end - TRIM_LIMITS.minClip), to: end };
}

export function normaliseEnd(to: number): number {
  return to < 0 ? TRIM_LIMITS.maxEnd : to;
}

/** Seconds of audio a trim keeps from a file of the given duration. */
export function trimmedDuration(duration: number, trim: TTrim | null | undefined): number {
  if (!trim) return duration;
  const end = Math.min(normaliseEnd(trim.to), duration);
  return Math.max(0, end - Math.max(0, trim.from));
}

/** URL tab check: http(s) only; Zoom share links are refused with their own message. */
export function checkRecordingUrl(raw: string): { ok: true; url: string } | { ok: false; message: string } {
  const value = raw.trim();
  if (!/^https?:\/\//i.test(value)) return { ok: false, message: INTAKE_MSG.urlRequired };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: INTAKE_MSG.urlRequired };
  }
  if (url.pathname.includes('/rec/share')) return { ok: false, message: INTAKE_MSG.zoomShareLink };
  return { ok: true, url: url.toString() };
}

/** The URL tab's address field: checkRecordingUrl's rule and message; the output is the normalised URL. */
export const ZRecordingUrlSchema = z.string().transform((raw, ctx) => {
  const checked = checkRecordingUrl(raw);
  if (checked.ok) return checked.url;
  ctx.addIssue({ code: 'custom', message: checked.message });
  return z.NEVER;
});

/** mm:ss.t, or hh:mm:ss.t from one hour (the waveform timer). */
export function formatTimer(seconds: number): string {
  const s = Math.max(0, seconds);
  const tenths = Math.floor((s * 10) % 10);
  const whole = Math.floor(s);
  const hh = Math.floor(whole / 3600);
  const mm = Math.floor((whole % 3600) / 60);
  const ss = whole % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hh > 0 || s >= 3600 ? `${two(hh)}:${two(mm)}:${two(ss)}.${tenths}` : `${two(mm)}:${two(ss)}.${tenths}`;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
