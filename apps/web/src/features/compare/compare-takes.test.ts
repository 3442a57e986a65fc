import { describe, expect, it } from 'vitest';
import { NEGATIVE_VIBES, POSITIVE_VIBES, type TRecording, type TResults, type TSpeakerScores } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { COMPARE_TEXT, compareRow, takeLoad, takesInOrder, type TTakeLoad } from './compare-takes';

const vibes = Object.fromEntries([...POSITIVE_VIBES, ...NEGATIVE_VIBES].map((v) => [v, 5])) as TSpeakerScores['vibes'];
const scores = (pace: number | null): TSpeakerScores =>
  ({ overall: 7, pace, vibes, isEmptyResults: false, varietyVolume: null, varietyPace: null, varietyPitch: null }) as TSpeakerScores;
const results = (pace: number | null): TResults =>
  ({
    isConversational: false,
    scores: { ...scores(pace), perSpeaker: null },
    ideals: { pace: { min: 1, max: 8, idealMin: 3.5, idealMax: 5.0 } },
  }) as unknown as TResults;
const recording = (id: string, createdDate: string, over: Partial<TRecording> = {}): TRecording =>
  ({
    recordingId: id,
    title: `Take ${id}`,
    createdDate,
    state: 'done',
    speakerNum: null,
    access: { canHear: true, isOwner: true },
    results: results(6),
    ...over,
  }) as TRecording;
const loaded = (r: TRecording) => takeLoad(r.recordingId, { data: r, error: null, isPending: false });

describe('takeLoad', () => {
  it('says why a recording cannot be compared', () => {
    const missing = takeLoad('x', { error: new ApiError(404, 'Not found', true), isPending: false });
    expect(missing).toMatchObject({ kind: 'problem', message: COMPARE_TEXT.notFound });
    const failed = takeLoad('x', { error: new ApiError(500, 'Server', true), isPending: false });
    expect(failed).toMatchObject({ kind: 'problem', message: COMPARE_TEXT.failed });
    const listOnly = loaded(recording('a', '2026-01-01T10:00:00Z', { access: { canHear: false, isOwner: false }, results: null }));
    expect(listOnly).toMatchObject({ kind: 'problem', title: 'Take a', message: COMPARE_TEXT.cannotHear });
    const processing = loaded(recording('a', '2026-01-01T10:00:00Z', { state: 'computing', results: null }));
    expect(processing).toMatchObject({ kind: 'problem', message: COMPARE_TEXT.notAnalysed });
    expect(takeLoad('a', { error: null, isPending: true })).toEqual({ id: 'a', kind: 'loading' });
  });
});

describe('takesInOrder and compareRow', () => {
  it('judges every later take against the earliest, whatever the address order', () => {
    const loads: TTakeLoad[] = [
      loaded(recording('late', '2026-01-03T10:00:00Z', { results: results(5.0) })),
      loaded(recording('first', '2026-01-01T10:00:00Z', { results: results(6.0) })),
      loaded(recording('mid', '2026-01-02T10:00:00Z', { results: results(5.4) })),
      takeLoad('gone', { error: new ApiError(404, 'Not found', true), isPending: false }),
    ];
    const takes = takesInOrder(loads);
    expect(takes.map((t) => t.recording.recordingId)).toEqual(['first', 'mid', 'late']);
    expect(compareRow('pace', takes)).toEqual([
      { value: 6.0, change: null },
      { value: 5.4, change: 'closer' },
      { value: 5.0, change: 'in-band' },
    ]);
    // No ideal for the metric: the change is not available.
    expect(compareRow('clarity', takes).map((c) => c.change)).toEqual([null, 'unknown', 'unknown']);
  });
});
