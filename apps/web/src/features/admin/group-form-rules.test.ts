import { describe, expect, it } from 'vitest';
import { groupSaveBody, initialFreeYears, privacyControls } from './group-form-rules';

const levels = { managerPrivacyLevel: 2, speakerPrivacyLevel: 3 } as const;

describe('group form rules', () => {
  it('shows both controls by default, only the speaker one with Assignments, none when hidden', () => {
    expect(privacyControls({})).toEqual({ any: true, coach: true });
    expect(privacyControls({ Assignments: true })).toEqual({ any: true, coach: false });
    expect(privacyControls({ Hide_Privacy_Levels_In_Admin: true })).toEqual({ any: false, coach: false });
  });

  it('sends groupId, name, (unless hidden) the two levels, and the free duration when the form has it', () => {
    expect(groupSaveBody({}, 'Choir', levels, null)).toEqual({ name: 'Choir', ...levels });
    expect(groupSaveBody({}, 'Choir', levels, null, 'g-1')).toEqual({ groupId: 'g-1', name: 'Choir', ...levels });
    expect(groupSaveBody({ Assignments: true }, 'Choir', levels, 1)).toEqual({ name: 'Choir', ...levels, freeDuration: { years: 1 } });
    expect(groupSaveBody({ Hide_Privacy_Levels_In_Admin: true }, 'Choir', levels, 0, 'g-1')).toEqual({
      groupId: 'g-1',
      name: 'Choir',
      freeDuration: { years: 0 },
    });
  });

  it("starts the free duration at the group's, else the organisation's, else none; no field in perpetual orgs", () => {
    const org = (years: number | null, perpetual = false) => ({
      settings: { freeDuration: years === null ? null : { years } },
      hasPerpetualFreeDuration: perpetual,
    });
    expect(initialFreeYears(org(2), null)).toBe(2);
    expect(initialFreeYears(org(null), null)).toBe(0);
    expect(initialFreeYears(org(2), { settings: { freeDuration: { years: 0.5 } } })).toBe(0.5);
    expect(initialFreeYears(org(2), { settings: { freeDuration: null } })).toBe(2);
    expect(initialFreeYears(org(15, true), null)).toBeNull();
  });
});
