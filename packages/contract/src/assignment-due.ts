import { z } from 'zod';

// Due dates of assignments (issue 41 item 8; docs/decisions/assignments.md "Due dates"). A due
// date is one instant (dueAt, ISO); the coach enters it, and everyone reads it, as a date and a
// time in the organisation's time zone, so a class in one place sees the same deadline whatever
// the time zone of each browser. Pure: the server (emails, CSV) and the web format it alike.

/** The organisation's time zone before an admin sets one. */
export const DEFAULT_TIME_ZONE = 'UTC';
/** The editor's time when the coach picks only a date: the end of that day. */
export const DEFAULT_DUE_TIME = '23:59';
/** The reminder goes this long before the due date, to speakers who have not completed it. */
export const DUE_REMINDER_HOURS = 24;

export const DUE_MSG = {
  dueLabel: 'Due date',
  timeLabel: 'Due time',
  clear: 'Clear due date',
  past: 'Choose a due date and time that is still ahead.',
  invalid: 'Enter a valid due date and time.',
  overdue: 'Overdue',
  csvHeader: 'Due Date',
  invalidTimeZone: 'Choose a time zone from the list.',
} as const;

/**
 * An IANA time zone name this runtime knows ("Europe/London", "America/New_York", "UTC"). Raw
 * offsets ("+01:00") are refused: a name follows the zone's daylight-saving changes.
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const ZTimeZoneSchema = z.string().trim().max(64).refine(isTimeZone, DUE_MSG.invalidTimeZone);

/** The zones an admin picks from: UTC first, then every zone the runtime lists. */
export function timeZoneOptions(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [DEFAULT_TIME_ZONE, ...listed.filter((z) => z !== DEFAULT_TIME_ZONE)];
}

/** dueAt in a request body: an ISO instant with its offset, or null to clear it. */
export const ZDueAtSchema = z.iso.datetime({ offset: true, message: DUE_MSG.invalid }).nullable();

/** A due date was given and lies at or before `now`. */
export function isPastDue(dueAt: string | Date | null, now: Date = new Date()): boolean {
  if (dueAt === null) return false;
  return new Date(dueAt).getTime() <= now.getTime();
}

// ---- wall-clock time in a zone -----------------------------------------------------------------

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, f);
  }
  return f;
}

/** The wall clock in the zone at an instant, as if it were UTC (milliseconds). */
function wallClockMs(instant: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The date ("2026-12-05") and time ("23:59") an instant shows in the zone: the editor's fields. */
export function zonedFields(dueAt: string | Date, timeZone: string): { date: string; time: string } {
  const wall = new Date(wallClockMs(new Date(dueAt).getTime(), timeZone));
  return {
    date: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
}

/**
 * The instant of a date ("2026-12-05") and time ("23:59") on the zone's wall clock: the editor's
 * fields as the dueAt it saves. A time skipped by a daylight-saving change lands just after it.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(wall) || Number(t[1]) > 23 || Number(t[2]) > 59) return null;
  // The zone's offset at a first guess, then at the instant it gives (they differ near a change).
  let at = wall - (wallClockMs(wall, timeZone) - wall);
  const offset = wallClockMs(at, timeZone) - at;
  if (offset !== wall - at) at = wall - offset;
  return new Date(at);
}

// ---- how a due date reads ----------------------------------------------------------------------

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string, kind: 'full' | 'time'): Intl.DateTimeFormat {
  const key = `${kind}/${timeZone}`;
  let f = formats.get(key);
  if (!f) {
    const time = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
    f = new Intl.DateTimeFormat(
      'en-US',
      kind === 'full' ? { timeZone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', ...time } : { timeZone, ...time },
    );
    formats.set(key, f);
  }
  return f;
}

/** "Sat, Dec 5, 2026, 11:59 PM UTC": the date and time in the organisation's zone, with the zone. */
export function formatDueAt(dueAt: string | Date, timeZone: string): string {
  return format(timeZone, 'full').format(new Date(dueAt));
}

/**
 * The line a card shows: "Due today, 11:59 PM UTC", "Due tomorrow, ..." while the date is ahead
 * and within a day on the zone's calendar, otherwise "Due Sat, Dec 5, 2026, 11:59 PM UTC".
 */
export function dueText(dueAt: string, timeZone: string, now: Date = new Date()): string {
  if (!isPastDue(dueAt, now)) {
    const day = zonedFields(dueAt, timeZone).date;
    const today = zonedFields(now, timeZone).date;
    const tomorrow = zonedFields(new Date(now.getTime() + 24 * 3600 * 1000), timeZone).date;
    const time = format(timeZone, 'time').format(new Date(dueAt));
    if (day === today) return `Due today, ${time}`;
    if (day === tomorrow) return `Due tomorrow, ${time}`;
  }
  return `Due ${formatDueAt(dueAt, timeZone)}`;
}

/** The reminder's words, in the bell and the email: "Reminder: “{name}” is due {date, time}." */
export function dueReminderText(name: string, due: string): string {
  return `Reminder: “${name}” is due ${due}.`;
}
