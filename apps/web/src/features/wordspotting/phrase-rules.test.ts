import { describe, expect, it } from 'vitest';
import { changeBox, clickBox, initialBoxes, leaveBox, MAX_PHRASES, phrasesToSave, removeBox } from './phrase-rules';

const many = (n: number) => Array.from({ length: n }, (_, i) => `phrase ${i + 1}`);

describe('phrase rules (002 section 5)', () => {
  it('starts with "uh/um" first, the saved phrases in order and one empty box at the end', () => {
    expect(initialBoxes([])).toEqual(['uh/um', '']);
    expect(initialBoxes(['so', 'uh/um', 'you know'])).toEqual(['uh/um', 'so', 'you know', '']);
    expect(initialBoxes(['UH/UM', ' ', 'like'])).toEqual(['uh/um', 'like', '']);
  });

  it('keeps an empty box at the end while typing, but never more than 25 boxes', () => {
    expect(changeBox(['uh/um', ''], 1, 'so').boxes).toEqual(['uh/um', 'so', '']);
    const full = ['uh/um', ...many(23), ''];
    expect(full).toHaveLength(MAX_PHRASES);
    expect(changeBox(full, 24, 'last').boxes).toEqual(['uh/um', ...many(23), 'last']);
    expect(initialBoxes(many(30))).toHaveLength(MAX_PHRASES);
    expect(initialBoxes(many(30)).at(-1)).toBe('phrase 24');
  });

  it('adds a new empty box when the last empty box is clicked, up to 25', () => {
    expect(clickBox(['uh/um', 'so', ''], 2)).toEqual(['uh/um', 'so', '', '']);
    // Not the last box, or the last one is not empty: nothing added.
    expect(clickBox(['uh/um', 'so', ''], 1)).toEqual(['uh/um', 'so', '']);
    expect(clickBox(['uh/um', 'so'], 1)).toEqual(['uh/um', 'so']);
    const full = ['uh/um', ...many(23), ''];
    expect(clickBox(full, 24)).toHaveLength(MAX_PHRASES);
  });

  it('cuts a phrase at 100 characters', () => {
    const long = 'x'.repeat(120);
    expect(changeBox(['uh/um', ''], 1, long).boxes[1]).toHaveLength(100);
  });

  it('puts "uh/um" back, with the alert, when it is cleared, edited away or removed', () => {
    expect(changeBox(['uh/um', 'so', ''], 0, '')).toEqual({ boxes: ['uh/um', 'so', ''], fillerRestored: true });
    expect(changeBox(['uh/u', 'so', ''], 0, '  ')).toEqual({ boxes: ['uh/um', 'so', ''], fillerRestored: true });
    // Typing in it is allowed until the box is left.
    const typed = changeBox(['uh/um', ''], 0, 'uh/u');
    expect(typed).toEqual({ boxes: ['uh/u', ''], fillerRestored: false });
    expect(leaveBox(typed.boxes, 0)).toEqual({ boxes: ['uh/um', ''], fillerRestored: true });
    expect(leaveBox(['Uh/Um', ''], 0).fillerRestored).toBe(false);
    expect(leaveBox(['uh/u', 'so'], 1).fillerRestored).toBe(false);
    expect(removeBox(['uh/um', 'so', ''], 0)).toEqual({ boxes: ['uh/um', 'so', ''], fillerRestored: true });
  });

  it('removes another box and keeps the trailing empty box', () => {
    expect(removeBox(['uh/um', 'so', 'like', ''], 1)).toEqual({ boxes: ['uh/um', 'like', ''], fillerRestored: false });
    expect(removeBox(['uh/um', 'so', ''], 2).boxes).toEqual(['uh/um', 'so', '']);
    const full = ['uh/um', ...many(24)];
    expect(removeBox(full, 3).boxes).toEqual(['uh/um', ...many(24).filter((_, i) => i !== 2), '']);
  });

  it('saves the phrases trimmed, blanks dropped', () => {
    expect(phrasesToSave(['uh/um', '  so ', '', '   ', 'you know', ''])).toEqual(['uh/um', 'so', 'you know']);
  });
});
