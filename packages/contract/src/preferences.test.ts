import { describe, expect, it } from 'vitest';
import {
  GROUP_PREFERENCE_CHOICES,
  PREFERENCE_CHOICES,
  PREFERENCE_DEFAULTS,
  PREFERENCES_LIMITS,
  readPreferences,
  sortPreferenceValues,
  ZPreferencesSchema,
  ZUpdatePreferencesBodySchema,
} from './preferences.js';

const g1 = '0b6e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const g2 = '1b6e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const body = (v: unknown) => ZUpdatePreferencesBodySchema.safeParse(v);

describe('preferences (002 sections 2.2 and 2.4)', () => {
  it('names the remembered keys with their values, each default among them', () => {
    expect(PREFERENCE_CHOICES.coachAssFilter).toEqual(['recent', 'completed', 'active', 'all']);
    expect(PREFERENCE_CHOICES.myLibFilter).toEqual(['submitted', 'assignment', 'all', 'private']);
    expect(PREFERENCE_CHOICES.myLibSort).toContain('recordingComments-d');
    expect(sortPreferenceValues(['title', 'group'])).toEqual(['title-u', 'title-d', 'group-u', 'group-d']);
    for (const [key, values] of Object.entries({ ...PREFERENCE_CHOICES, ...GROUP_PREFERENCE_CHOICES })) {
      expect(values, key).toContain(PREFERENCE_DEFAULTS[key as keyof typeof PREFERENCE_DEFAULTS]);
    }
  });

  it('takes the named values, per-group maps keyed by group id (lower-cased), and other client keys', () => {
    const ok = body({
      currentMode: 'speaker',
      coachDashboardToggle: 'members',
      coachMemberSort: 'joinDate-d',
      speakerAssignmentFilters: { [g1.toUpperCase()]: 'all', [g2]: null },
      tableRowIndices: [0, 2, g1],
      'hideVideo:abc': true,
      assPreviewSort: 'name-u',
    });
    expect(ok.success).toBe(true);
    expect(ok.data?.speakerAssignmentFilters).toEqual({ [g1]: 'all', [g2]: null });
  });

  it.each([
    ['a wrong value', { templateToggle: 'public' }],
    ['a sort without direction', { coachMemberSort: 'name' }],
    ['a sort key of another table', { myLibSort: 'joinDate-u' }],
    ['live cues neither on nor off', { liveCues: true }],
    ['a group key that is not an id', { coachMemberRecFilters: { general: 'all' } }],
    ['a wrong per-group value', { coachMemberRecFilters: { [g1]: 'recent' } }],
    ['a per-group key given one value', { speakerAssignmentFilters: 'all' }],
    ['an object under a client key', { mine: { a: 1 } }],
    ['a bad key name', { 'no spaces': 1 }],
    ['negative row index', { tableRowIndices: [-1] }],
  ])('refuses %s', (_, v) => {
    expect(body(v).success).toBe(false);
  });

  it('caps the groups of a per-group map', () => {
    const map = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, 'all']));
    expect(body({ speakerAssignmentFilters: map(PREFERENCES_LIMITS.groupEntries) }).success).toBe(true);
    expect(body({ speakerAssignmentFilters: map(PREFERENCES_LIMITS.groupEntries + 1) }).success).toBe(false);
  });

  it('stored maps hold no nulls', () => {
    expect(ZPreferencesSchema.safeParse({ speakerAssignmentFilters: { [g1]: null } }).success).toBe(false);
  });

  it('reads stored preferences leaving out what no longer fits its key', () => {
    const stored = {
      currentMode: 'manager',
      coachAssFilter: 'everything',
      myLibSort: 'title-u',
      speakerAssignmentFilters: { [g1]: 'active', nope: 'all', [g2]: 'bad' },
      coachMemberAssFilters: 'all',
      'hideVideo:r': true,
      nested: { a: 1 },
    };
    expect(readPreferences(stored)).toEqual({
      currentMode: 'manager',
      myLibSort: 'title-u',
      speakerAssignmentFilters: { [g1]: 'active' },
      'hideVideo:r': true,
    });
    expect(readPreferences(null)).toEqual({});
    expect(readPreferences(['x'])).toEqual({});
  });
});
