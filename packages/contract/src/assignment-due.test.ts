import { describe, expect, it } from 'vitest';
import {
  dueReminderText,
  dueText,
  formatDueAt,
  isPastDue,
  isTimeZone,
  timeZoneOptions,
  ZDueAtSchema,
  ZTimeZoneSchema,
  zonedFields,
  zonedInstant,
} from './assignment-due.js';

// Due dates on the organisation's wall clock (issue 41 item 8): the editor's fields and the
// instant they save agree in any zone, across daylight-saving changes.

describe('zonedInstant and zonedFields', () => {
  it.each([
    ['UTC', '2026-12-05', '23:59', '2026-12-05T23:59:00.000Z'],
    ['Europe/London', '2026-12-05', '23:59', '2026-12-05T23:59:00.000Z'],
    ['Europe/London', '2026-07-01', '09:00', '2026-07-01T08:00:00.000Z'],
    ['America/New_York', '2026-01-09', '23:30', '2026-01-10T04:30:00.000Z'],
    ['America/New_York', '2026-07-04', '12:00', '2026-07-04T16:00:00.000Z'],
    ['Asia/Kolkata', '2026-03-01', '00:00', '2026-02-28T18:30:00.000Z'],
    ['Pacific/Auckland', '2026-12-31', '23:59', '2026-12-31T10:59:00.000Z'],
  ])('%s %s %s is %s, and back', (zone, date, time, iso) => {
    expect(zonedInstant(date, time, zone)?.toISOString()).toBe(iso);
    expect(zonedFields(iso, zone)).toEqual({ date, time });
  });

  it('a time around a daylight-saving change: the repeated hour takes its first instant, a skipped one lands after the gap', () => {
    // New York, 2026-11-01: 01:30 happens twice (EDT, then EST).
    expect(zonedInstant('2026-11-01', '01:30', 'America/New_York')?.toISOString()).toMatch(/^2026-11-01T0[56]:30:00.000Z$/);
    // New York, 2026-03-08: 02:30 does not exist; the instant is an hour either side of it.
    const skipped = zonedInstant('2026-03-08', '02:30', 'America/New_York')!;
    expect(['2026-03-08T06:30:00.000Z', '2026-03-08T07:30:00.000Z']).toContain(skipped.toISOString());
  });

  it('malformed fields name no instant', () => {
    for (const [d, tm] of [
      ['2026-12-5', '23:59'],
      ['2026-12-05', '24:00'],
      ['2026-12-05', '12:60'],
      ['', '23:59'],
      ['tomorrow', '9am'],
    ])
      expect(zonedInstant(d!, tm!, 'UTC')).toBeNull();
  });
});

describe('how a due date reads', () => {
  const now = new Date('2026-12-04T12:00:00Z');
  it('today and tomorrow on the zone’s calendar, else the full date; always with the zone', () => {
    expect(dueText('2026-12-04T23:59:00Z', 'UTC', now)).toBe('Due today, 11:59 PM UTC');
    expect(dueText('2026-12-05T23:59:00Z', 'UTC', now)).toBe('Due tomorrow, 11:59 PM UTC');
    expect(dueText('2026-12-09T09:00:00Z', 'UTC', now)).toBe('Due Wed, Dec 9, 2026, 9:00 AM UTC');
    // 04:00 UTC on the 5th is still the 4th in New York.
    expect(dueText('2026-12-05T04:00:00Z', 'America/New_York', now)).toBe('Due today, 11:00 PM EST');
    // Once past it reads as a date, not "today".
    expect(dueText('2026-12-04T11:00:00Z', 'UTC', now)).toBe('Due Fri, Dec 4, 2026, 11:00 AM UTC');
    expect(formatDueAt('2026-12-05T23:59:00Z', 'UTC')).toBe('Sat, Dec 5, 2026, 11:59 PM UTC');
    expect(dueReminderText('Pitch', 'Sat, Dec 5, 2026, 11:59 PM UTC')).toBe('Reminder: “Pitch” is due Sat, Dec 5, 2026, 11:59 PM UTC.');
  });

  it('isPastDue: at or before now; never without a date', () => {
    expect(isPastDue(null, now)).toBe(false);
    expect(isPastDue(now, now)).toBe(true);
    expect(isPastDue('2026-12-04T12:01:00Z', now)).toBe(false);
  });
});

describe('the schemas', () => {
  it('time zones: IANA names the runtime knows, not offsets or anything else', () => {
    for (const z of ['UTC', 'Europe/London', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) expect(isTimeZone(z), z).toBe(true);
    for (const z of ['Mars/Olympus', '+01:00', '', 'UTC; drop', '../etc']) expect(isTimeZone(z), z).toBe(false);
    expect(ZTimeZoneSchema.safeParse('Asia/Tokyo').success).toBe(true);
    expect(timeZoneOptions()[0]).toBe('UTC');
    expect(timeZoneOptions()).toContain('Europe/London');
  });

  it('dueAt: an ISO instant with its offset, or null', () => {
    expect(ZDueAtSchema.parse(null)).toBeNull();
    expect(ZDueAtSchema.parse('2026-12-05T23:59:00+01:00')).toBe('2026-12-05T23:59:00+01:00');
    for (const bad of ['2026-12-05', 'tomorrow', 5, '2026-12-05 23:59'])
      expect(ZDueAtSchema.safeParse(bad).success, String(bad)).toBe(false);
  });
});
