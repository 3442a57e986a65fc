import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { TRecording } from '@rostrum/contract';
import { FirstResultsTour } from './first-results-tour';

// The first results' tour (issue 41): shown to an owner with one analysed take until it is
// finished or skipped; each stop rings its element on the page.

const state = vi.hoisted(() => ({
  seen: 'pending' as string,
  setSeen: vi.fn(),
  speaker: true,
  recordings: [{ failed: false, uploading: false, processing: false }] as object[],
}));
vi.mock('../../app/viewer', () => ({ useViewer: () => ({ me: {}, speaker: state.speaker }) }));
vi.mock('../../app/preferences', () => ({ usePreference: () => [state.seen, state.setSeen] }));
vi.mock('./results-recording.queries', () => ({ useRecordings: () => ({ data: state.recordings }) }));

const recording = { access: { isOwner: true } } as unknown as TRecording;

function page() {
  return render(
    <>
      <div data-testid="take-summary-score" />
      <div data-testid="focus-on" />
      <a data-testid="record-again" href="/record">
        Record another take
      </a>
      <FirstResultsTour recording={recording} />
    </>,
  );
}
const ringed = () => [...document.querySelectorAll('.tour-target')].map((e) => e.getAttribute('data-testid'));

beforeEach(() => {
  state.seen = 'pending';
  state.speaker = true;
  state.recordings = [{ failed: false, uploading: false, processing: false }];
  state.setSeen.mockClear();
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(cleanup);

describe('first results tour', () => {
  it('walks the three stops, ringing each, and is remembered as done', () => {
    page();
    expect(screen.getByText('Your first results · 1 of 3')).toBeTruthy();
    expect(ringed()).toEqual(['take-summary-score']);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Three things to work on' })).toBeTruthy();
    expect(ringed()).toEqual(['focus-on']);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(ringed()).toEqual(['record-again']);
    expect(screen.queryByRole('button', { name: 'Skip tour' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(state.setSeen).toHaveBeenCalledWith('done');
  });

  it('Skip tour remembers it as skipped', () => {
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Skip tour' }));
    expect(state.setSeen).toHaveBeenCalledWith('skipped');
  });

  it('is not shown once seen, with a second analysed take, or to a viewer who is not a speaker', () => {
    state.seen = 'skipped';
    page();
    expect(screen.queryByTestId('first-results-tour')).toBeNull();
    cleanup();
    state.seen = 'pending';
    state.recordings = [...state.recordings, { failed: false, uploading: false, processing: false }];
    page();
    expect(screen.queryByTestId('first-results-tour')).toBeNull();
    expect(ringed()).toEqual([]);
    cleanup();
    state.recordings = state.recordings.slice(0, 1);
    state.speaker = false;
    page();
    expect(screen.queryByTestId('first-results-tour')).toBeNull();
  });
});
