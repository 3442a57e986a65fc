import { describe, expect, it } from 'vitest';
import {
  addNewGroupLabel,
  deactivateAllLabel,
  groupMembersCaption,
  isSeatAlarm,
  managerPrivacyEffects,
  speakerPrivacyEffects,
} from './admin-groups.js';
import { vocabulary } from './vocabulary.js';

describe('seat alarm', () => {
  it('alarms at a limit of 0 or when active speakers reach the limit; never without a limit', () => {
    expect(isSeatAlarm({ seatLimit: 0, activeSpeakerSeats: 0 })).toBe(true);
    expect(isSeatAlarm({ seatLimit: 3, activeSpeakerSeats: 3 })).toBe(true);
    expect(isSeatAlarm({ seatLimit: 3, activeSpeakerSeats: 4 })).toBe(true);
    expect(isSeatAlarm({ seatLimit: 3, activeSpeakerSeats: 2 })).toBe(false);
    expect(isSeatAlarm({ seatLimit: null, activeSpeakerSeats: 10_000 })).toBe(false);
  });
});

describe('admin group wording', () => {
  const other = vocabulary('other');
  const edu = vocabulary('edu');
  it('uses the spec words, with the school variants', () => {
    expect(addNewGroupLabel(other)).toBe('Add New Group');
    expect(addNewGroupLabel(edu)).toBe('Add New Class');
    expect(deactivateAllLabel(other)).toBe('Deactivate All Speakers and Coaches');
    expect(deactivateAllLabel(edu)).toBe('Deactivate All Students and Instructors');
    expect(groupMembersCaption(other, true)).toBe('List of active speakers in this group');
    expect(groupMembersCaption(other, false)).toBe('List of all speakers in this group');
    expect(groupMembersCaption(edu, true)).toBe('List of active students in this class');
  });

  it('explains every level of both sides', () => {
    expect(Object.keys(managerPrivacyEffects(other))).toEqual(['0', '1', '2', '3']);
    expect(Object.keys(speakerPrivacyEffects(other))).toEqual(['0', '1', '2', '3', '4']);
    expect(managerPrivacyEffects(edu)[0]).toBe('Instructor sees all recordings, hears none, no feedback or scores.');
    expect(speakerPrivacyEffects(edu)[1]).toContain('see the list of all students');
  });
});
