import { describe, expect, it } from 'vitest';
import {
  mayCustomiseWordspotting,
  normaliseWordspotting,
  sameWordspotting,
  wordspottingListLabel,
  ZDeleteWordspottingQuerySchema,
  ZSaveWordspottingBodySchema,
  wordspottingScopeValid,
} from './wordspotting-lists.js';

const ID = '3f1c1a52-8d7e-4c55-9a55-0b9cf3e6a001';

describe('normaliseWordspotting (002 section 5)', () => {
  it('keeps "uh/um" first, trims, drops blanks and repeats ignoring case, squeezes spaces', () => {
    expect(normaliseWordspotting([' You   know ', '', 'so', 'SO', 'Uh/Um', '  '])).toEqual(['uh/um', 'You know', 'so']);
    expect(normaliseWordspotting([])).toEqual(['uh/um']);
  });
});

describe('ZSaveWordspottingBodySchema', () => {
  it('takes exactly one scope, at most 25 phrases with "uh/um", each at most 100 characters', () => {
    expect(ZSaveWordspottingBodySchema.parse({ algorithm: 'a', words: ['so'], groupId: ID }).words).toEqual(['uh/um', 'so']);
    expect(ZSaveWordspottingBodySchema.safeParse({ algorithm: 'a', words: ['so'] }).success).toBe(false);
    expect(ZSaveWordspottingBodySchema.safeParse({ algorithm: 'a', words: ['so'], groupId: ID, userId: ID }).success).toBe(false);
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`);
    expect(ZSaveWordspottingBodySchema.safeParse({ algorithm: 'a', words: words(24), orgId: ID }).success).toBe(true);
    expect(ZSaveWordspottingBodySchema.safeParse({ algorithm: 'a', words: words(25), orgId: ID }).success).toBe(false);
    // Blanks and repeats do not count towards the 25.
    expect(ZSaveWordspottingBodySchema.safeParse({ algorithm: 'a', words: [...words(24), '', 'W0'], orgId: ID }).success).toBe(true);
    expect(ZSaveWordspottingBodySchema.safeParse({ algorithm: 'a', words: ['x'.repeat(100)], orgId: ID }).success).toBe(true);
    expect(ZSaveWordspottingBodySchema.safeParse({ algorithm: 'a', words: ['x'.repeat(101)], orgId: ID }).success).toBe(false);
  });

  it('delete queries parse with any scope count; wordspottingScopeValid decides', () => {
    const q = ZDeleteWordspottingQuerySchema.parse({ algorithm: 'a' });
    expect(wordspottingScopeValid(q)).toBe(false);
    expect(wordspottingScopeValid({ ...q, orgId: ID })).toBe(true);
    expect(wordspottingScopeValid({ ...q, orgId: ID, userId: ID })).toBe(false);
  });
});

describe('labels and comparison', () => {
  it('names each source', () => {
    expect(wordspottingListLabel({ source: 'org', name: 'Northwind' })).toBe('Organisation list (Northwind)');
    expect(wordspottingListLabel({ source: 'group', name: 'Sales Team' })).toBe('Group list (Sales Team)');
    expect(wordspottingListLabel({ source: 'assignment', name: 'Pitch' })).toBe('Assignment list (Pitch)');
    expect(wordspottingListLabel({ source: 'user', name: null })).toBe('Personal list');
    expect(wordspottingListLabel({ source: 'default', name: null })).toBe('Default list');
  });

  it('sameWordspotting compares phrases in order', () => {
    expect(sameWordspotting(['uh/um', 'so'], ['uh/um', 'so'])).toBe(true);
    expect(sameWordspotting(['uh/um', 'so'], ['uh/um', 'like'])).toBe(false);
    expect(sameWordspotting(['uh/um'], ['uh/um', 'so'])).toBe(false);
  });
});

describe("mayCustomiseWordspotting: any list that is the caller's to change", () => {
  const none = { isOrgAdmin: false, coachesAnyGroup: false, isSpeaker: false };
  it('needs the setting of a scope and the role for it', () => {
    expect(mayCustomiseWordspotting({ Custom_Wordspotting_For_Orgs: true }, { ...none, isOrgAdmin: true })).toBe(true);
    expect(mayCustomiseWordspotting({ Custom_Wordspotting_For_Orgs: true }, { ...none, coachesAnyGroup: true })).toBe(false);
    expect(mayCustomiseWordspotting({ Custom_Wordspotting_For_Groups: true }, { ...none, coachesAnyGroup: true })).toBe(true);
    expect(mayCustomiseWordspotting({ Custom_Wordspotting_For_Groups: true }, { ...none, isSpeaker: true })).toBe(false);
    expect(mayCustomiseWordspotting({ Custom_Wordspotting_For_Users: true }, { ...none, isSpeaker: true })).toBe(true);
    expect(mayCustomiseWordspotting({}, { isOrgAdmin: true, coachesAnyGroup: true, isSpeaker: true })).toBe(false);
  });
});
