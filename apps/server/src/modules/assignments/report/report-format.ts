import { judgeAgainstIdeal, roundAverage, zonedFields, type TIdeal, type TVariety } from '@rostrum/contract';

// How the CSV report writes each value (002 section 9). Pure functions, tested beside.

/** Missing data. */
export const MISSING = '-';

/** A cell: '-' for nothing, else the value. */
export const cell = (v: string | number | null | undefined): string | number => (v === null || v === undefined || v === '' ? MISSING : v);

/** Two decimals, as a string so 7 stays "7.00" in every spreadsheet. */
export const twoDecimals = (v: number | null | undefined): string => (v === null || v === undefined ? MISSING : v.toFixed(2));

/** A rating average to 2 decimals ('-' without ratings). */
export const averageCell = (values: readonly number[]): string => twoDecimals(roundAverage(values));

/** Scores as the results page shows them: one decimal. */
export const oneDecimal = (v: number | null | undefined): string => (v === null || v === undefined ? MISSING : v.toFixed(1));

/** mm:ss, or hh:mm:ss from an hour (002 section 9). */
export function durationText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return MISSING;
  const s = Math.round(seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${two(h)}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`;
}

/** 'reading' is Yes from 50 (002 section 9). */
export const readingText = (score: number | null | undefined): string =>
  score === null || score === undefined ? MISSING : score >= 50 ? 'Yes' : 'No';

/** Variety: the largest share of segments below, in or above the band wins; ties go to Ideal. */
export function varietyText(v: TVariety | null | undefined): string {
  if (!v) return MISSING;
  if (v.inBand >= v.belowBand && v.inBand >= v.aboveBand) return 'Ideal';
  return v.belowBand >= v.aboveBand ? 'Too little' : 'Too much';
}

const BANDS = {
  pace: { low: 'Too slow', ideal: 'Ideal', high: 'Too fast' },
  pauseToTalk: { low: 'Too little', ideal: 'Ideal', high: 'Too much' },
} as const;

/** Pace and pause against the recording's own ideal range. */
export function bandText(key: keyof typeof BANDS, value: number | null | undefined, ideal: TIdeal | undefined): string {
  if (value === null || value === undefined || !ideal) return MISSING;
  return BANDS[key][judgeAgainstIdeal(value, ideal)];
}

/** Upspeak: None at 0, Some within the ideal range, Too much above it (as the results page). */
export function upspeakText(value: number | null | undefined, ideal: TIdeal | undefined): string {
  if (value === null || value === undefined || !ideal) return MISSING;
  if (value <= 0) return 'None';
  return value <= ideal.idealMax ? 'Some' : 'Too much';
}

/**
 * Formula injection: a text cell starting with = + - @ (or a tab or carriage return) would run
 * as a formula in a spreadsheet, so it gets a leading apostrophe, which spreadsheets show as
 * text. The missing-data mark '-' alone is ours and stays; numbers are never text cells.
 */
export function safeText(v: string): string {
  if (v === MISSING) return v;
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** The date part of a report's file name and of its dates: YYYY-MM-DD (UTC). */
export const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

/** A date and time for the CSV: YYYY-MM-DD HH:MM (UTC), which every spreadsheet reads. */
export const dateTime = (d: Date | null | undefined): string => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : MISSING);

/** A due date on the organisation's wall clock, with its zone: "2026-12-05 23:59 Europe/London"; '-' for none. */
export function dueDateCell(dueAt: Date | null, timeZone: string): string {
  if (!dueAt) return MISSING;
  const { date, time } = zonedFields(dueAt, timeZone);
  return `${date} ${time} ${timeZone}`;
}

/**
 * The file name: the group or assignment name plus the date (002 section 9), e.g.
 * "Elevator Pitch 2026-11-23.csv". The header carries an ASCII fallback and the UTF-8 name
 * (RFC 6266 filename*), so no name can break out of the header.
 */
export function reportFileName(name: string, at: Date): string {
  return `${fileStem(name, 'Report')} ${isoDate(at)}.csv`;
}

/** A name made safe as a file name on any system: no control characters or \ / : * ? " < > |, at most 100 characters. */
export function fileStem(name: string, fallback: string): string {
  const stem = name
    .replace(/[\p{Cc}\\/:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return stem || fallback;
}

export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9 ._()-]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
