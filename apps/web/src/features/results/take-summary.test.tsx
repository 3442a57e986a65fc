import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TRecording, TResults, TSpeakerScores } from '@rostrum/contract';
import { WaveformContext } from '../../components/waveform/waveform-context';
import { WaveformController } from '../../components/waveform/waveform-controller';
import { queryKeys } from '../../api/rostrum-api';
import { TakeChanges } from './take-changes';
import { TakeSummary } from './take-summary';

// The top of the results (issue 41): the Vibe score and its band, the three fixes with their
// moments, and (after the player) the inline comparison with the previous take.

const ideal = (idealMin: number, idealMax: number) => ({ min: 0, max: 10, idealMin, idealMax });
const IDEALS = { overall: ideal(7, 10), pace: ideal(3.5, 5), pauseToTalk: ideal(15, 45), upspeak: ideal(0, 15) };

function results(over: { overall: number; pace: number; hotSpots?: boolean }): TResults {
  return {
    isConversational: false,
    scores: { overall: over.overall, pace: over.pace, pauseToTalk: 20, upspeak: 0, vibes: {}, perSpeaker: null, isEmptyResults: false },
    tips: {
      main: {
        workOn: ['pace', 'fillerWords', 'upspeak'],
        tips: ['Slow down a little.', 'Replace ums with a pause.', 'End statements down.'],
      },
      byMetric: {},
    },
    timestamped: {
      metrics: over.hotSpots
        ? {
            pace: { hotSpots: [{ from: 12, to: 12.4, spread: 1 }], segments: [] },
            wordSpotting: { hotSpots: [{ from: 3, to: 3.3, spread: 0 }], segments: [] },
          }
        : {},
      vibes: {},
    },
    ideals: IDEALS,
    diarizedTranscript: [],
    data: { vibes: {} },
  } as unknown as TResults;
}

const recording = (id: string, title: string, r: TResults, isOwner = true) =>
  ({
    recordingId: id,
    title,
    createdDate: '2026-12-01T10:00:00.000Z',
    state: 'done',
    speakerNum: 1,
    access: { canHear: true, isOwner },
    results: r,
    wordspotting: { used: null, current: null, reanalyzing: false, canReanalyze: false },
  }) as unknown as TRecording;

afterEach(cleanup);

function renderSummary(props: { now: TResults; previous?: TRecording; isOwner?: boolean }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  if (props.previous) queryClient.setQueryData(queryKeys.recording(props.previous.recordingId), props.previous);
  const controller = new WaveformController();
  const playSpan = vi.spyOn(controller, 'playSpan').mockImplementation(() => {});
  const now = recording('now', 'Pitch - v2', props.now, props.isOwner);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <WaveformContext.Provider value={controller}>
          <TakeSummary
            recording={now}
            results={props.now}
            scores={props.now.scores as TSpeakerScores}
            ownerView
            previousTakeId={props.previous?.recordingId ?? null}
          />
          {/* As the results view places it: after the player, once there is a previous take. */}
          {props.previous && (
            <TakeChanges
              previousId={props.previous.recordingId}
              take={{ recording: now, results: props.now, scores: props.now.scores as TSpeakerScores }}
            />
          )}
        </WaveformContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { controller, playSpan };
}

describe('TakeSummary', () => {
  it('leads with the Vibe score and what its band says, then the three fixes', () => {
    renderSummary({ now: results({ overall: 6.2, pace: 5.6 }) });
    const score = screen.getByTestId('take-summary-score');
    expect(score.textContent).toBe('Vibe score6.2 out of 10Vocal Delivery, your Vibe scoreBelow the ideal band (7-10 out of 10)');
    const fixes = within(screen.getByTestId('focus-on')).getAllByRole('listitem');
    expect(fixes.map((li) => li.textContent)).toEqual([
      'Pace: Slow down a little.',
      'Filler Words: Replace ums with a pause.',
      'Upspeak: End statements down.',
    ]);
    // No moments, no previous take: nothing to play, nothing to compare.
    expect(screen.queryByRole('button', { name: /Play the moment/ })).toBeNull();
    expect(screen.queryByTestId('take-changes')).toBeNull();
  });

  it("plays a fix's first moment with a little around it and marks them on the waveform; fillers play word spotting's", () => {
    const { controller, playSpan } = renderSummary({ now: results({ overall: 7.5, pace: 5.6, hotSpots: true }) });
    fireEvent.click(screen.getByRole('button', { name: 'Play the moment: Pace' }));
    expect(playSpan).toHaveBeenLastCalledWith(11.5, 15);
    expect(controller.getState().highlight).toEqual({ key: 'focus-pace', count: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Play the moment: Filler Words' }));
    expect(playSpan).toHaveBeenLastCalledWith(2.5, 6);
    expect(controller.getState().highlight).toEqual({ key: 'focus-fillerWords', count: 1 });
    // Upspeak has no moments in these results.
    expect(screen.queryByRole('button', { name: 'Play the moment: Upspeak' })).toBeNull();
  });

  it('compares with the previous take by the ideal band: the Vibe score and each score', () => {
    const before = results({ overall: 6.2, pace: 5.6 });
    renderSummary({ now: results({ overall: 7.1, pace: 6.0 }), previous: recording('before', 'Pitch - v1', before) });
    expect(screen.getByTestId('vibe-change').textContent).toBe(' +0.9 since the previous take (in the ideal band)');
    const changes = within(screen.getByTestId('take-changes'));
    expect(changes.getByRole('heading', { name: 'Since your previous take' })).toBeTruthy();
    expect(screen.getByTestId('take-changes').textContent).toContain('Against Pitch - v1: 1 score better, 1 score worse.');
    const row = (name: RegExp) => changes.getByRole('row', { name });
    // What moved first; the rest on request.
    expect(row(/^Vocal Delivery/).textContent).toBe('Vocal Delivery6.27.1 in the ideal band');
    expect(row(/^Pace/).textContent).toBe('Pace5.66.0 further from ideal');
    expect(changes.queryByRole('row', { name: /^Pausing/ })).toBeNull();
    fireEvent.click(changes.getByRole('button', { name: 'Show all 4 scores' }));
    expect(row(/^Pausing/).textContent).toBe('Pausing20%20% in the ideal band');
    expect(changes.getByRole('button', { name: 'Show only what moved' }).getAttribute('aria-expanded')).toBe('true');
    expect(changes.getByRole('link', { name: 'Compare with previous take' }).getAttribute('href')).toBe('/compare?ids=before,now');
  });

  it("says 'the previous take' to someone who is not the owner", () => {
    const before = results({ overall: 6.2, pace: 5.6 });
    renderSummary({ now: results({ overall: 6.2, pace: 5.6 }), previous: recording('before', 'Pitch - v1', before), isOwner: false });
    expect(screen.getByRole('heading', { name: 'Since the previous take' })).toBeTruthy();
    expect(screen.getByTestId('take-changes').textContent).toContain('no score moved against its ideal band.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
