import { describe, expect, it } from 'vitest';
import { groupSaveBody, privacyControls } from './group-form-rules';

const levels = { managerPrivacyLevel: 2, speakerPrivacyLevel: 3 } as const;

describe('group form rules', () => {
  it('shows both controls by default, only the speaker one with Assignments, none when hidden', () => {
    expect(privacyControls({})).toEqual({ any: true, coach: true });
    expect(privacyControls({ Assignments: true })).toEqual({ any: true, coach: false });
    expect(privacyControls({ Hide_Privacy_Levels_In_Admin: true })).toEqual({ any: false, coach: false });
  });

  it('sends only groupId, name and (unless hidden) the two levels', () => {
    expect(groupSaveBody({}, 'Choir', levels)).toEqual({ name: 'Choir', ...levels });
    expect(groupSaveBody({}, 'Choir', levels, 'g-1')).toEqual({ groupId: 'g-1', name: 'Choir', ...levels });
    expect(groupSaveBody({ Assignments: true }, 'Choir', levels)).toEqual({ name: 'Choir', ...levels });
    expect(groupSaveBody({ Hide_Privacy_Levels_In_Admin: true }, 'Choir', levels, 'g-1')).toEqual({ groupId: 'g-1', name: 'Choir' });
  });
});
