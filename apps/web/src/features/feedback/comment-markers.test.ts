import type { TFeedback } from '@rostrum/contract';
import { describe, expect, it } from 'vitest';
import { commentMarkers } from './comment-markers';

const base = { recordingId: 'r', groupId: null, userId: 'u', isManager: true, createdDate: '2026-11-25T10:00:00Z' };
const item = (over: Partial<TFeedback>): TFeedback => ({ ...base, ...over }) as unknown as TFeedback;

describe('commentMarkers', () => {
  it('marks region comments only, with the author and the comment cut to a tip', () => {
    const long = 'Slow down here. '.repeat(20);
    const markers = commentMarkers([
      item({ feedbackId: 'a', name: 'Casey Coach', kind: 'comment', comment: 'Great\n opening!', regionStart: 1, regionEnd: 3 }),
      item({ feedbackId: 'b', name: 'Casey Coach', kind: 'comment', comment: 'No region', regionStart: null, regionEnd: null }),
      item({ feedbackId: 'c', name: 'Casey Coach', kind: 'score', comment: null, regionStart: null, regionEnd: null }),
      item({ feedbackId: 'd', name: 'Pat Peer', kind: 'comment', comment: long, regionStart: 10, regionEnd: 12.5 }),
    ]);
    expect(markers.map((m) => m.id)).toEqual(['a', 'd']);
    expect(markers[0]).toEqual({ id: 'a', start: 1, end: 3, label: 'Casey Coach: Great opening!' });
    expect(markers[1]!.label.length).toBeLessThanOrEqual('Pat Peer: '.length + 140);
    expect(markers[1]!.label.endsWith('…')).toBe(true);
  });
});
