import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TRecording } from '@rostrum/contract';
import { queryKeys, storeChangedRecording } from './rostrum-api';

const tips = { main: { workOn: ['pace'], tips: ['Slow down.'] }, byMetric: { pace: ['Slow down.'] } };
const timestamped = { metrics: { pace: { hotSpots: [{ from: 1, to: 2, spread: 1 }], segments: [] } }, vibes: {} };
const none = { tips: { main: { workOn: [], tips: [] }, byMetric: {} }, timestamped: { metrics: {}, vibes: {} } };
const rec = (over: { feedbackRequested: boolean; duration?: number; expanded: boolean }) =>
  ({
    recordingId: 'r1',
    feedbackRequested: over.feedbackRequested,
    results: { algorithm: 'rostrum-default', data: { duration: over.duration ?? 30 }, ...(over.expanded ? { tips, timestamped } : none) },
  }) as unknown as TRecording;

describe('storeChangedRecording', () => {
  it("keeps the cached tips and moments when a change's answer has none, and takes everything else from the answer", () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.recording('r1'), rec({ feedbackRequested: false, expanded: true }));
    storeChangedRecording(client, rec({ feedbackRequested: true, expanded: false }));
    const stored = client.getQueryData<TRecording>(queryKeys.recording('r1'))!;
    expect(stored.feedbackRequested).toBe(true);
    expect(stored.results!.tips).toEqual(tips);
    expect(stored.results!.timestamped).toEqual(timestamped);
  });

  it('takes the answer whole when its results are another analysis, or when nothing was cached', () => {
    const client = new QueryClient();
    storeChangedRecording(client, rec({ feedbackRequested: true, expanded: false }));
    expect(client.getQueryData<TRecording>(queryKeys.recording('r1'))!.results!.tips).toEqual(none.tips);
    client.setQueryData(queryKeys.recording('r1'), rec({ feedbackRequested: false, expanded: true }));
    storeChangedRecording(client, rec({ feedbackRequested: false, duration: 31, expanded: false }));
    expect(client.getQueryData<TRecording>(queryKeys.recording('r1'))!.results!.tips).toEqual(none.tips);
  });
});
