import { describe, expect, it } from 'vitest';
import {
  nextTakeTitle,
  cardName,
  criteriaAlgorithmLabel,
  normaliseAttachmentUrl,
  normaliseCriteria,
  ZAssignmentDescriptionSchema,
  ZAssignmentWordspottingSchema,
  ZAttachmentLinkBodySchema,
} from './assignment-criteria.js';

describe('normaliseCriteria (002 section 5)', () => {
  it.each([
    [
      { minRecordings: true, minRecordingsCount: 0 },
      { minRecordings: true, minRecordingsCount: 1 },
    ],
    [
      { minRecordings: true, minRecordingsCount: 2.5 },
      { minRecordings: true, minRecordingsCount: 1 },
    ],
    [
      { minRecordings: true, minRecordingsCount: 3 },
      { minRecordings: true, minRecordingsCount: 3 },
    ],
    [
      { minRating: true, minRatingNum: 11 },
      { minRating: true, minRatingNum: 4 },
    ],
    [
      { minRating: true, minRatingNum: 0 },
      { minRating: true, minRatingNum: 4 },
    ],
    [
      { minRating: true, minRatingNum: 7 },
      { minRating: true, minRatingNum: 7 },
    ],
    [{ minScore: true }, { minScore: true, minScoreNum: 4 }],
    [
      { minScore: true, minScoreNum: 10 },
      { minScore: true, minScoreNum: 10 },
    ],
  ])('%o becomes %o', (input, want) => {
    expect(normaliseCriteria({ algorithm: 'rostrum-default', ...input })).toMatchObject(want);
  });

  it('drops the numbers of unchecked criteria and fills every flag', () => {
    expect(normaliseCriteria({ algorithm: 'a', minRecordingsCount: 3, minRatingNum: 5, minScoreNum: 6 })).toEqual({
      algorithm: 'a',
      minRecordings: false,
      minRating: false,
      minScore: false,
      managerReview: false,
      shareRecording: false,
      selfCommentary: false,
      wordspotting: false,
      scorecard: false,
    });
  });
});

describe('criteriaAlgorithmLabel', () => {
  it.each([
    ['rostrum-default', 'Single Speaker'],
    ['old-unknown', 'Single Speaker'],
    ['rostrum-conversational', 'Multi-Speaker'],
    ['legacy_conversational_v2', 'Multi-Speaker'],
  ])('%s: %s', (name, label) => expect(criteriaAlgorithmLabel(name)).toBe(label));
});

describe('attachment links (002 section 5)', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['http://example.com/x', 'https://example.com/x'],
    ['HTTP://example.com', 'https://example.com'],
    ['https://example.com', 'https://example.com'],
    ['  example.com/a  ', 'https://example.com/a'],
  ])('%s -> %s', (raw, want) => expect(normaliseAttachmentUrl(raw)).toBe(want));

  it('needs a name and a valid https address of at most 100 characters', () => {
    expect(ZAttachmentLinkBodySchema.parse({ name: ' Guide ', attachmentUrl: 'example.com' })).toEqual({
      name: 'Guide',
      attachmentUrl: 'https://example.com',
    });
    const long = ZAttachmentLinkBodySchema.safeParse({ name: 'a', attachmentUrl: `example.com/${'a'.repeat(81)}` });
    expect(long.success).toBe(false);
    expect(ZAttachmentLinkBodySchema.safeParse({ name: 'a', attachmentUrl: `example.com/${'a'.repeat(80)}` }).success).toBe(true);
    expect(ZAttachmentLinkBodySchema.safeParse({ name: '', attachmentUrl: 'example.com' }).error?.issues[0]?.message).toBe('Enter a name');
    expect(ZAttachmentLinkBodySchema.safeParse({ name: 'a', attachmentUrl: 'not a url' }).error?.issues[0]?.message).toBe(
      'Enter a valid web address',
    );
    expect(ZAttachmentLinkBodySchema.safeParse({ name: 'x'.repeat(101), attachmentUrl: 'example.com' }).success).toBe(false);
  });
});

describe('description and wordspotting', () => {
  it('name required, trimmed, at most 100; instructions required', () => {
    expect(ZAssignmentDescriptionSchema.parse({ name: ' A ', description: ' B ' })).toEqual({ name: 'A', description: 'B' });
    expect(ZAssignmentDescriptionSchema.safeParse({ name: '  ', description: 'B' }).error?.issues[0]?.message).toBe('Enter a name');
    expect(ZAssignmentDescriptionSchema.safeParse({ name: 'x'.repeat(101), description: 'B' }).success).toBe(false);
    expect(ZAssignmentDescriptionSchema.safeParse({ name: 'A', description: ' ' }).error?.issues[0]?.message).toBe(
      'Enter the instructions',
    );
  });

  it('phrases: blanks dropped, each at most 100, at most 25', () => {
    expect(ZAssignmentWordspottingSchema.parse([' so ', '', '  ', 'like'])).toEqual(['so', 'like']);
    expect(ZAssignmentWordspottingSchema.safeParse(['x'.repeat(101)]).success).toBe(false);
    expect(ZAssignmentWordspottingSchema.safeParse(Array.from({ length: 26 }, (_, i) => `p${i}`)).success).toBe(false);
    expect(ZAssignmentWordspottingSchema.safeParse([...Array.from({ length: 25 }, (_, i) => `p${i}`), '']).success).toBe(true);
  });
});

describe('names on cards and recording titles', () => {
  it('cuts names over 28 characters to 25 plus an ellipsis', () => {
    expect(cardName('x'.repeat(28))).toBe('x'.repeat(28));
    expect(cardName('x'.repeat(29))).toBe(`${'x'.repeat(25)}...`);
  });

  it('titles "{assignment} - v{N}" with the next unused number; names over 42 cut to 41 plus "..."', () => {
    expect(nextTakeTitle('Pitch', [])).toBe('Pitch - v1');
    expect(nextTakeTitle('Pitch', ['Pitch - v1', 'Pitch - v3'])).toBe('Pitch - v2');
    expect(nextTakeTitle('y'.repeat(42), [])).toBe(`${'y'.repeat(42)} - v1`);
    expect(nextTakeTitle('y'.repeat(43), [])).toBe(`${'y'.repeat(41)}... - v1`);
  });
});
