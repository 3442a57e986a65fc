import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import { sent } from '../../test/operations';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  CORE_SCORES,
  FEEDBACK_MSG,
  scorecardQuestions,
  type TFeedback,
  type TRecordingFeedback,
  type TScorecardResponse,
} from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { ScorePanel } from './score-panel';
import { feedbackTabs } from './feedback-panel';

const RECORDING_ID = '6a1f1b7e-4c53-4b0e-9a55-0a6f2c1d9e11';
const GROUP_ID = '3d4e5f60-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SCORECARD_ID = '7b2e3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const USER_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const noAverage = { average: null, count: 0, coachAverage: null, coachCount: 0 };

function feedbackOf(scorecard: TRecordingFeedback['scorecard'] = null): TRecordingFeedback {
  return {
    items: [],
    averages: { scoreOverall: noAverage, scoreOrganization: noAverage, scoreDelivery: noAverage, scoreXfactor: noAverage },
    scorecard,
    questionAverages: {},
    scorecardVisible: true,
    allRatersVisible: true,
    reviewed: false,
    commentCount: 0,
    canComment: true,
    canScore: true,
  };
}

function savedScore(): TFeedback {
  return {
    feedbackId: '0b7c5d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
    recordingId: RECORDING_ID,
    groupId: null,
    userId: USER_ID,
    name: 'Ada Coach',
    isManager: true,
    kind: 'score',
    comment: null,
    createdDate: '2026-11-23T10:00:00.000Z',
    regionStart: null,
    regionEnd: null,
    scoreOverall: 8,
    scoreOrganization: 7,
    scoreDelivery: 6,
    scoreXfactor: 5,
    isMine: true,
    responses: [],
    responseId: null,
  };
}

function renderPanel(feedback: TRecordingFeedback) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ScorePanel recordingId={RECORDING_ID} groupId={GROUP_ID} feedback={feedback} />
    </QueryClientProvider>,
  );
}

const group = (label: string) => within(screen.getByRole('radiogroup', { name: label }));

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, score: number) {
  const name = score === 1 ? '1 (Poor)' : score === 10 ? '10 (Excellent)' : String(score);
  await user.click(group(label).getByRole('radio', { name }));
}

afterEach(() => vi.restoreAllMocks());

describe('ScorePanel validation (001 sections 4 and 5)', () => {
  it('asks for every core score on submit, focuses the first one and sends nothing', async () => {
    const create = vi.spyOn(operations, 'createFeedback');
    const user = userEvent.setup();
    renderPanel(feedbackOf());
    expect(screen.queryByText(FEEDBACK_MSG.scoreRequired)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Submit Scores' }));
    await waitFor(() => expect(screen.getAllByText('Choose a score from 1 to 10.')).toHaveLength(CORE_SCORES.length));
    expect(document.activeElement).toBe(group('Overall').getByRole('radio', { name: '1 (Poor)' }));
    expect(create).not.toHaveBeenCalled();
  });

  it("drops a rating's message once it is chosen and keeps the others", async () => {
    const user = userEvent.setup();
    renderPanel(feedbackOf());
    await user.click(screen.getByRole('button', { name: 'Submit Scores' }));
    await waitFor(() => expect(screen.getAllByText('Choose a score from 1 to 10.')).toHaveLength(4));

    // The rows that need a score are named above the button (issue 41), and leave as they are chosen.
    expect(screen.getByTestId('missing-scores').textContent).toBe(
      'Choose a score for Overall, Organization and Content, Vocal Delivery and X Factor.',
    );
    await choose(user, 'Overall', 7);
    expect(screen.getAllByText('Choose a score from 1 to 10.')).toHaveLength(3);
    expect(screen.getByTestId('missing-scores').textContent).toBe(
      'Choose a score for Organization and Content, Vocal Delivery and X Factor.',
    );
    const overall = screen.getByRole('group', { name: 'Overall' });
    expect(overall.getAttribute('aria-describedby')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit Scores' }));
    await waitFor(() => expect(document.activeElement).toBe(group('Organization and Content').getByRole('radio', { name: '1 (Poor)' })));
  });

  it('sends the four core scores once all are chosen', async () => {
    const create = vi.spyOn(operations, 'createFeedback').mockResolvedValue(savedScore());
    const user = userEvent.setup();
    renderPanel(feedbackOf());
    await choose(user, 'Overall', 8);
    await choose(user, 'Organization and Content', 7);
    await choose(user, 'Vocal Delivery', 6);
    await choose(user, 'X Factor', 10);
    await user.click(screen.getByRole('button', { name: 'Submit Scores' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        sent({
          recordingId: RECORDING_ID,
          groupId: GROUP_ID,
          scoreOverall: 8,
          scoreOrganization: 7,
          scoreDelivery: 6,
          scoreXfactor: 10,
        }),
      ),
    );
    expect(screen.queryByText('Choose a score from 1 to 10.')).toBeNull();
  });

  it("requires a custom scorecard's questions too and sends their answers by id", async () => {
    const questions = scorecardQuestions([['Eye contact 2.0', 'Looks at the audience']]).map((q) =>
      q.preset && q.id !== 'scoreOverall' ? { ...q, hidden: true } : q,
    );
    const custom = questions.find((q) => !q.preset);
    const create = vi.spyOn(operations, 'createFeedback').mockResolvedValue(savedScore());
    const response: TScorecardResponse = {
      responseId: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
      recordingId: RECORDING_ID,
      scorecardId: SCORECARD_ID,
      userId: USER_ID,
      isManager: true,
      responses: [{ id: custom?.id ?? '', response: 4 }],
      createdDate: '2026-11-23T10:00:00.000Z',
    };
    const saveResponse = vi.spyOn(operations, 'createScorecardResponse').mockResolvedValue(response);
    const user = userEvent.setup();
    renderPanel(feedbackOf({ id: SCORECARD_ID, questions, coachOnlyScorecard: false }));

    await user.click(screen.getByRole('button', { name: 'Submit Scores' }));
    await waitFor(() => expect(screen.getAllByText('Choose a score from 1 to 10.')).toHaveLength(2));
    expect(screen.getByText('Looks at the audience')).toBeTruthy();

    await choose(user, 'Overall', 9);
    await choose(user, 'Eye contact 2.0', 4);
    await user.click(screen.getByRole('button', { name: 'Submit Scores' }));
    await waitFor(() =>
      expect(saveResponse).toHaveBeenCalledWith(
        sent({
          recordingId: RECORDING_ID,
          scorecardId: SCORECARD_ID,
          responses: [{ id: 'customeyecontact2.0', response: 4 }],
        }),
      ),
    );
    expect(create).toHaveBeenCalledWith(
      sent({
        recordingId: RECORDING_ID,
        groupId: GROUP_ID,
        scoreOverall: 9,
        scoreOrganization: undefined,
        scoreDelivery: undefined,
        scoreXfactor: undefined,
      }),
    );
  });

  it('shows a failed save under the form', async () => {
    vi.spyOn(operations, 'createFeedback').mockRejectedValue(new ApiError(500, 'Network error', false));
    const user = userEvent.setup();
    renderPanel(feedbackOf());
    for (const c of CORE_SCORES) await choose(user, c.label, 5);
    await user.click(screen.getByRole('button', { name: 'Submit Scores' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your scores could not be saved. Please try again.');
  });
});

describe('ScoreAverages columns and the score tab (001 section 6)', () => {
  const scored = { average: 7.5, count: 2, coachAverage: 8, coachCount: 1 };
  const withScores = (allRatersVisible: boolean): TRecordingFeedback => ({
    ...feedbackOf(),
    canScore: false,
    allRatersVisible,
    averages: { scoreOverall: scored, scoreOrganization: scored, scoreDelivery: scored, scoreXfactor: scored },
  });

  it('shows the All raters column when the server allows it, and hides it at speaker level 4', () => {
    renderPanel(withScores(true));
    expect(screen.getByRole('columnheader', { name: 'All raters' })).toBeTruthy();
    cleanup();
    renderPanel(withScores(false));
    expect(screen.queryByRole('columnheader', { name: 'All raters' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Coach' })).toBeTruthy();
  });

  it('names the tab Add a Score only for a caller who may score or has scored', () => {
    expect(feedbackTabs({ canScore: true, items: [] })[1].label).toBe('Add a Score');
    expect(feedbackTabs({ canScore: false, items: [savedScore()] })[1].label).toBe('Add a Score');
    expect(feedbackTabs({ canScore: false, items: [] })[1].label).toBe('Scores');
    expect(feedbackTabs({ canScore: false, items: [{ ...savedScore(), isMine: false }] })[1].label).toBe('Scores');
  });
});
