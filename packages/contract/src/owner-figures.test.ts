import { describe, expect, it } from 'vitest';
import { leadSpeaker, ownerScores, speakerScores, speakersFound, tipsDescribe, vibeScore, vibeScoreText } from './owner-figures.js';
import type { TResults, TSpeakerScores } from './results.js';

const scores = (overall: number | null, pace: number): TSpeakerScores =>
  ({ overall, pace, wordSpotting: { 'uh/um': pace }, vibes: {}, isEmptyResults: false }) as unknown as TSpeakerScores;

const single = { isConversational: false, numSpeakers: 1, scores: { ...scores(7.96, 4), perSpeaker: null } } as unknown as TResults;
// As the engine wrote conversations before: the owner's single-speaker Vocal Delivery kept in.
const conversation = {
  isConversational: true,
  numSpeakers: 2,
  scores: {
    ...scores(8, 3),
    perSpeaker: [
      { ...scores(8, 3), speaker: 1 },
      { ...scores(6.5, 5), speaker: 2 },
    ],
  },
} as unknown as TResults;

describe('owner figures', () => {
  it("reads a single speaker's scores whatever speakerNum says", () => {
    expect(ownerScores(single, null)?.pace).toBe(4);
    expect(ownerScores(single, 2)?.pace).toBe(4);
    expect(vibeScore(single, null)).toBe(7.96);
  });
  it("reads the claimed speaker of a conversation, the first when unclaimed, and no one else's", () => {
    expect(ownerScores(conversation, null)?.pace).toBe(3);
    expect(ownerScores(conversation, 2)?.pace).toBe(5);
    expect(speakerScores(conversation, 3)).toBeNull();
  });
  it('gives a conversation no Vibe score, also from results that still carry one', () => {
    expect(vibeScore(conversation, 1)).toBeNull();
    expect(vibeScore(conversation, 2)).toBeNull();
    expect(ownerScores(conversation, 1)?.overall).toBeNull();
  });
  it('gives a take without metrics no Vibe score (its page shows none)', () => {
    const empty = { ...single, scores: { ...single.scores, isEmptyResults: true } } as TResults;
    expect(vibeScore(empty, null)).toBeNull();
    expect(ownerScores(empty, null)?.isEmptyResults).toBe(true);
  });
  it('writes the Vibe score to one decimal everywhere, a dash without one', () => {
    expect(vibeScoreText(7.96)).toBe('8.0');
    expect(vibeScoreText(8)).toBe('8.0');
    expect(vibeScoreText(null)).toBe('—');
  });
  it('counts between one and five speakers', () => {
    expect(speakersFound({ numSpeakers: 0 })).toBe(1);
    expect(speakersFound({ numSpeakers: 2 })).toBe(2);
  });
  it('knows whose tips the results carry: the speaker they were analysed for, not a speaker claimed later', () => {
    expect(leadSpeaker(single)).toBe(1);
    expect(tipsDescribe(single, null)).toBe(true);
    expect(leadSpeaker(conversation)).toBe(1);
    // Stored results come back with their keys in another order.
    const { perSpeaker, ...lead } = conversation.scores;
    const reordered = Object.fromEntries(Object.entries(lead).reverse());
    expect(leadSpeaker({ ...conversation, scores: { ...reordered, perSpeaker } as TResults['scores'] })).toBe(1);
    const { speaker: _, ...two } = perSpeaker![1]!;
    const ledByTwo = { ...conversation, scores: { ...two, perSpeaker } } as TResults;
    expect(leadSpeaker(ledByTwo)).toBe(2);
    expect(tipsDescribe(conversation, 1)).toBe(true);
    expect(tipsDescribe(conversation, 2)).toBe(false);
    expect(tipsDescribe(conversation, null)).toBe(false);
    expect(tipsDescribe(ledByTwo, 2)).toBe(true);
  });
});
