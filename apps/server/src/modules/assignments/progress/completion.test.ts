import { describe, expect, it } from 'vitest';
import { addRecordingFacts, memberCompletion, NO_FACTS, type TCompletionFacts } from './completion.js';

// Completion per member (002 sections 3 and 4): each enabled criterion against the facts of the
// member's recordings; disabled criteria are null and never hold a member back.

const facts = (over: Partial<TCompletionFacts> = {}): TCompletionFacts => ({
  ...NO_FACTS,
  recordingsCount: 1,
  ...over,
});

const ALL = {
  minRecordings: true,
  minRecordingsCount: 2,
  minRating: true,
  minRatingNum: 6,
  minScore: true,
  minScoreNum: 5,
  managerReview: true,
  shareRecording: true,
  selfCommentary: true,
};

describe('memberCompletion', () => {
  it('no recordings: assigned (Not Started), whatever the criteria', () => {
    expect(memberCompletion({}, NO_FACTS).status).toBe('assigned');
    expect(memberCompletion(ALL, NO_FACTS)).toEqual({
      status: 'assigned',
      minRecordings: false,
      minRating: false,
      minScore: false,
      managerReview: false,
      shareRecording: false,
      selfCommentary: false,
    });
  });

  it('no criteria enabled: one recording completes it; every criterion is null', () => {
    expect(memberCompletion({}, facts())).toEqual({
      status: 'completed',
      minRecordings: null,
      minRating: null,
      minScore: null,
      managerReview: null,
      shareRecording: null,
      selfCommentary: null,
    });
  });

  it('every enabled criterion met: completed', () => {
    const met = facts({
      recordingsCount: 2,
      bestAverageRating: 6,
      bestScore: 5,
      anySubmitted: true,
      anyShared: true,
      anySelfComment: true,
    });
    expect(memberCompletion(ALL, met)).toEqual({
      status: 'completed',
      minRecordings: true,
      minRating: true,
      minScore: true,
      managerReview: true,
      shareRecording: true,
      selfCommentary: true,
    });
  });

  it.each([
    ['minRecordings', { recordingsCount: 1 }],
    ['minRating', { bestAverageRating: 5.99 }],
    ['minRating', { bestAverageRating: null }],
    ['minScore', { bestScore: 4.9 }],
    ['minScore', { bestScore: null }],
    ['managerReview', { anySubmitted: false }],
    ['shareRecording', { anyShared: false }],
    ['selfCommentary', { anySelfComment: false }],
  ] as const)('%s unmet (%o): in progress, that criterion false', (criterion, over) => {
    const base = facts({
      recordingsCount: 2,
      bestAverageRating: 6,
      bestScore: 5,
      anySubmitted: true,
      anyShared: true,
      anySelfComment: true,
    });
    const out = memberCompletion(ALL, { ...base, ...over });
    expect(out.status).toBe('inProgress');
    expect(out[criterion]).toBe(false);
    const others = Object.entries(out).filter(([k]) => k !== 'status' && k !== criterion);
    expect(others.every(([, v]) => v === true)).toBe(true);
  });

  it('only enabled criteria count: a disabled one is null even when its fact is missing', () => {
    const out = memberCompletion({ managerReview: true, minScore: false, minScoreNum: 9 }, facts({ anySubmitted: true, bestScore: 1 }));
    expect(out).toMatchObject({ status: 'completed', managerReview: true, minScore: null, shareRecording: null });
  });

  it('min recordings without a count needs one recording', () => {
    expect(memberCompletion({ minRecordings: true }, facts()).minRecordings).toBe(true);
  });
});

describe('addRecordingFacts', () => {
  it('counts, keeps the best score and rating, and any flag', () => {
    let f = NO_FACTS;
    f = addRecordingFacts(f, { overallScore: 4, averageRating: null, submitted: false, feedbackRequested: true, selfComment: false });
    f = addRecordingFacts(f, { overallScore: null, averageRating: 7.5, submitted: true, feedbackRequested: false, selfComment: false });
    f = addRecordingFacts(f, { overallScore: 3, averageRating: 5, submitted: false, feedbackRequested: false, selfComment: true });
    expect(f).toEqual({
      recordingsCount: 3,
      bestScore: 4,
      bestAverageRating: 7.5,
      anySubmitted: true,
      anyShared: true,
      anySelfComment: true,
    });
  });
});
