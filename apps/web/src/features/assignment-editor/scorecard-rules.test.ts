import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_MSG } from '@rostrum/contract';
import {
  addRating,
  canMoveDown,
  canMoveUp,
  checkScorecard,
  EMPTY_RATING_NAME,
  moveRating,
  NEW_RATING_LABEL,
  ratingRows,
  removeRating,
  renamed,
  updateRating,
  type TRatingRow,
} from './scorecard-rules';

const named = (rows: TRatingRow[], index: number, label: string) => updateRating(rows, rows[index]!.key, { label });

describe('scorecard rules', () => {
  it('starts with the four presets; a new rating is called "New Rating"', () => {
    const rows = ratingRows(null);
    expect(rows.map((r) => r.label)).toEqual(['Overall', 'Organization and Content', 'Vocal Delivery', 'X Factor']);
    const more = addRating(rows);
    expect(more[4]).toMatchObject({ label: NEW_RATING_LABEL, preset: false, savedLabel: null });
  });

  it('keeps presets named, Overall shown, and presets undeletable', () => {
    const rows = ratingRows(null);
    const overall = rows[0]!;
    const changed = updateRating(rows, overall.key, { label: 'Total', hidden: true });
    expect(changed[0]).toMatchObject({ label: 'Overall', hidden: false });
    expect(updateRating(rows, rows[1]!.key, { hidden: true })[1]!.hidden).toBe(true);
    expect(removeRating(rows, overall.key)).toHaveLength(4);
  });

  it('moves custom ratings up and down but never above position 5', () => {
    let rows = addRating(addRating(ratingRows(null)));
    rows = named(named(rows, 4, 'Eye contact'), 5, 'Story');
    expect(canMoveUp(rows, 4)).toBe(false);
    expect(canMoveUp(rows, 5)).toBe(true);
    expect(canMoveUp(rows, 2)).toBe(false);
    expect(canMoveDown(rows, 3)).toBe(false);
    expect(canMoveDown(rows, 5)).toBe(false);
    expect(moveRating(rows, 4, -1).map((r) => r.label)).toEqual(rows.map((r) => r.label));
    expect(
      moveRating(rows, 5, -1)
        .map((r) => r.label)
        .slice(4),
    ).toEqual(['Story', 'Eye contact']);
    expect(
      moveRating(rows, 4, 1)
        .map((r) => r.label)
        .slice(4),
    ).toEqual(['Story', 'Eye contact']);
  });

  it('refuses a rating still called "New Rating" and an empty name', () => {
    const rows = addRating(ratingRows(null));
    expect(checkScorecard(rows)).toEqual({ ok: false, message: ASSIGNMENT_MSG.unnamedRating });
    expect(checkScorecard(named(rows, 4, '  '))).toEqual({ ok: false, message: EMPTY_RATING_NAME });
  });

  it('refuses names whose ids are the same, presets included', () => {
    let rows = addRating(addRating(ratingRows(null)));
    // Ids keep letters, digits, dot and dash only (002 section 5): the space makes no new name.
    rows = named(named(rows, 4, 'STORY telling'), 5, 'Storytelling');
    expect(checkScorecard(rows)).toEqual({ ok: false, message: ASSIGNMENT_MSG.duplicateRating('Storytelling') });
    expect(checkScorecard(named(rows, 5, 'Overall'))).toEqual({ ok: false, message: ASSIGNMENT_MSG.duplicateRating('Overall') });
  });

  it('drops "please delete" ratings and numbers the rest in order with ids from names', () => {
    let rows = addRating(addRating(addRating(ratingRows(null))));
    rows = named(named(named(rows, 4, ' Storytelling '), 5, 'Please Delete'), 6, 'Call to Action');
    const result = checkScorecard(rows);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.questions.map((q) => [q.id, q.label, q.order])).toEqual([
      ['scoreOverall', 'Overall', 0],
      ['scoreOrganization', 'Organization and Content', 1],
      ['scoreDelivery', 'Vocal Delivery', 2],
      ['scoreXfactor', 'X Factor', 3],
      ['customstorytelling', 'Storytelling', 4],
      ['customcalltoaction', 'Call to Action', 5],
    ]);
  });

  it('warns only when a saved custom rating is renamed', () => {
    const saved = ratingRows({
      questions: [
        { id: 'scoreOverall', label: 'Overall', description: '', order: 0, preset: true, hidden: false },
        { id: 'customstory', label: 'Story', description: '', order: 1, preset: false, hidden: false },
      ],
    });
    expect(renamed(saved[1]!)).toBe(false);
    expect(renamed(named(saved, 1, 'Storytelling')[1]!)).toBe(true);
    expect(renamed(addRating(saved)[2]!)).toBe(false);
  });
});
