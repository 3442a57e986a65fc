import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_MSG, customQuestionId, scorecardQuestions } from './assignment.js';
import { checkScorecardQuestions } from './assignment-scorecard.js';
import { ERROR_CODES } from './error-codes.js';

const custom = (labels: string[]) => scorecardQuestions(labels.map((l) => [l, ''] as const));

describe('checkScorecardQuestions (002 section 5)', () => {
  it('keeps a valid scorecard, with ids from names and the order renumbered', () => {
    const qs = custom(['Story Telling', 'Call-to.Action']).map((q) => ({ ...q, order: q.order * 10 }));
    const r = checkScorecardQuestions(qs);
    expect(r.ok && r.questions.map((q) => [q.id, q.order])).toEqual([
      ['scoreOverall', 0],
      ['scoreOrganization', 1],
      ['scoreDelivery', 2],
      ['scoreXfactor', 3],
      ['customstorytelling', 4],
      ['customcall-to.action', 5],
    ]);
  });

  it('drops ratings labelled "please delete"', () => {
    const r = checkScorecardQuestions(custom(['Please Delete', 'Keep']));
    expect(r.ok && r.questions.map((q) => q.label)).toEqual(['Overall', 'Organization and Content', 'Vocal Delivery', 'X Factor', 'Keep']);
  });

  it('refuses "New Rating"', () => {
    expect(checkScorecardQuestions(custom(['New Rating']))).toEqual({
      ok: false,
      code: ERROR_CODES.scorecardUnnamedRating,
      message: ASSIGNMENT_MSG.unnamedRating,
    });
  });

  it('refuses names giving the same id, naming the second', () => {
    expect(checkScorecardQuestions(custom(['Story!', 'story']))).toEqual({
      ok: false,
      code: ERROR_CODES.scorecardDuplicateRating,
      message: ASSIGNMENT_MSG.duplicateRating('story'),
    });
    expect(checkScorecardQuestions(custom(['Overall'])).ok).toBe(false);
  });

  it('drops characters other than letters, digits, dot and dash, so spaces make no new name', () => {
    expect(customQuestionId('STORY telling')).toBe('customstorytelling');
    expect(customQuestionId('Eye-contact 2.0!')).toBe('customeye-contact2.0');
    expect(checkScorecardQuestions(custom(['STORY telling', 'Storytelling']))).toEqual({
      ok: false,
      code: ERROR_CODES.scorecardDuplicateRating,
      message: ASSIGNMENT_MSG.duplicateRating('Storytelling'),
    });
  });

  it.each([
    ['a renamed preset', custom([]).map((q) => (q.id === 'scoreDelivery' ? { ...q, label: 'Voice' } : q))],
    ['a missing preset', custom(['A']).filter((q) => q.id !== 'scoreXfactor')],
    ['Overall hidden', custom([]).map((q) => (q.id === 'scoreOverall' ? { ...q, hidden: true } : q))],
    ['a custom rating above position 5', custom(['A']).map((q) => (q.label === 'A' ? { ...q, order: 2 } : q))],
    ['a preset that is not marked preset', custom([]).map((q) => (q.id === 'scoreXfactor' ? { ...q, preset: false } : q))],
  ])('refuses %s', (_label, qs) => {
    const r = checkScorecardQuestions(qs);
    expect(r).toEqual({ ok: false, code: ERROR_CODES.scorecardInvalidRatings, message: ASSIGNMENT_MSG.invalidRatings });
  });

  it('hidden presets other than Overall are fine', () => {
    expect(checkScorecardQuestions(custom([]).map((q) => (q.id === 'scoreXfactor' ? { ...q, hidden: true } : q))).ok).toBe(true);
  });
});
