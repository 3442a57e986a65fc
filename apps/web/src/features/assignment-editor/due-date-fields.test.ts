import { describe, expect, it } from 'vitest';
import { DUE_MSG } from '@rostrum/contract';
import { dueAtOfFields, dueFieldsOf, dueFieldsProblem } from './due-date-fields';

const NOW = new Date('2026-12-04T12:00:00Z');

describe('due date fields', () => {
  it('read a saved due date on the zone’s clock, and save back the same instant', () => {
    const f = dueFieldsOf('2026-12-06T04:59:00.000Z', 'America/New_York');
    expect(f).toEqual({ dueDate: '2026-12-05', dueTime: '23:59' });
    expect(dueAtOfFields(f, 'America/New_York')).toBe('2026-12-06T04:59:00.000Z');
    expect(dueFieldsOf(null, 'UTC')).toEqual({ dueDate: '', dueTime: '23:59' });
    expect(dueAtOfFields({ dueDate: '', dueTime: '10:00' }, 'UTC')).toBeNull();
    // A date with the time emptied takes the end of the day.
    expect(dueAtOfFields({ dueDate: '2026-12-05', dueTime: '' }, 'UTC')).toBe('2026-12-05T23:59:00.000Z');
  });

  it('refuse a new date not ahead and malformed fields; the saved date may stay once past', () => {
    expect(dueFieldsProblem({ dueDate: '2026-12-04', dueTime: '11:00' }, 'UTC', null, NOW)).toBe(DUE_MSG.past);
    expect(dueFieldsProblem({ dueDate: '2026-12-04', dueTime: '13:00' }, 'UTC', null, NOW)).toBeNull();
    expect(dueFieldsProblem({ dueDate: '2026-12-04', dueTime: '11:00' }, 'UTC', '2026-12-04T11:00:00.000Z', NOW)).toBeNull();
    expect(dueFieldsProblem({ dueDate: '2026-12-04', dueTime: '10:00' }, 'UTC', '2026-12-04T11:00:00.000Z', NOW)).toBe(DUE_MSG.past);
    expect(dueFieldsProblem({ dueDate: '2026-1-4', dueTime: '10:00' }, 'UTC', null, NOW)).toBe(DUE_MSG.invalid);
    expect(dueFieldsProblem({ dueDate: '', dueTime: '10:00' }, 'UTC', null, NOW)).toBeNull();
  });
});
