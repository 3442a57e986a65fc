import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  ASSIGNMENT_MSG,
  comparisonMetrics,
  type TAssignment,
  type TAssignmentComparison,
  type TMeResponse,
  type TPreferences,
} from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { bodiesSentTo } from '../../test/operations';
import { client } from '../../api/http-client';
import { assignmentAbilities } from '../../test/fixtures';
import { ComparisonReport } from './comparison-report';

const ASSIGNMENT_ID = '3f0c9a52-6a0e-4d8f-9b1a-2c3d4e5f6a7b';
const metrics = comparisonMetrics(false);

function comparisonOf(over: Partial<TAssignmentComparison> = {}): TAssignmentComparison {
  return {
    assignmentId: ASSIGNMENT_ID,
    scoreType: 'flaggedScores',
    isConversational: false,
    metrics,
    defaultMetrics: ['ratings:overallMax', 'coachRatings:scoreDelivery'],
    recordings: [
      {
        recordingId: '9d8c7b6a-5f4e-4d3c-8b2a-1a0b9c8d7e6f',
        title: 'Elevator Pitch - v1',
        userId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        speakerName: 'Jordan Presenter',
        createdDate: '2026-11-20T10:00:00.000Z',
        values: { 'ratings:overallMax': 8, 'coachRatings:scoreDelivery': 7.5, 'scores:overall': 6.42, 'scores:pace': null },
      },
    ],
    ...over,
  };
}

const assignment = (over: Partial<TAssignment> = {}) =>
  ({
    assignmentId: ASSIGNMENT_ID,
    isTemplate: false,
    abilities: assignmentAbilities({ canSeeMembers: true }),
    ...over,
  }) as unknown as TAssignment;

/** Answers GET comparison with `data` per score type, and records the score types asked for. */
function serve(data: (scoreType: string) => TAssignmentComparison) {
  const asked: string[] = [];
  vi.spyOn(client, 'GET').mockImplementation((async (_path: string, init: { params: { query: { scoreType: string } } }) => {
    const scoreType = init.params.query.scoreType;
    asked.push(scoreType);
    return { data: { data: data(scoreType) }, response: new Response('{}', { status: 200 }) };
  }) as never);
  return asked;
}

function renderReport(prefs: TPreferences = {}, a = assignment()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(queryKeys.me, { user: { preferences: prefs } } as unknown as TMeResponse);
  const saved = bodiesSentTo('updatePreferences', (p: TPreferences) => p);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ComparisonReport assignment={a} />
    </QueryClientProvider>,
  );
  return { saved, queryClient, view };
}

const column = (name: string) => within(screen.getByRole('group', { name }));
const checked = (el: HTMLElement) => (el as HTMLInputElement).checked;
/** The chart and its table load lazily (Recharts), which takes a while on a busy machine. */
const findTable = () => screen.findByRole('table', {}, { timeout: 20_000 });

afterEach(() => vi.restoreAllMocks());

// Role queries walk the chart's SVG too: these tests take a few seconds on a busy machine.
describe('ComparisonReport (002 sections 2.6 and 9)', { timeout: 30_000 }, () => {
  it('starts on flagged recordings with the default metrics checked, grouped in three columns, with a data table', async () => {
    const asked = serve(() => comparisonOf());
    renderReport();
    expect(checked(await screen.findByRole('checkbox', { name: 'Highest Overall Rating' }))).toBe(true);
    expect(asked).toEqual(['flaggedScores']);
    expect((screen.getByRole('combobox', { name: 'Recordings' }) as HTMLSelectElement).value).toBe('flaggedScores');
    expect(checked(column('Coach Ratings').getByRole('checkbox', { name: 'Vocal Delivery' }))).toBe(true);
    expect(checked(column('Automated Scores').getByRole('checkbox', { name: 'Vocal Delivery' }))).toBe(false);
    expect(checked(column('Ratings').getByRole('checkbox', { name: 'Overall' }))).toBe(false);
    const table = await findTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Recording', 'Highest Overall Rating', 'Vocal Delivery (Coach Rating)']);
    expect(within(table).getByRole('row', { name: /Jordan Presenter: Elevator Pitch - v1/ }).textContent).toContain('87.5');
    expect(
      screen.getByRole('img', { name: /Bar chart of 1 recording by Highest Overall Rating, Vocal Delivery \(Coach Rating\)/ }),
    ).toBeTruthy();
  });

  it('uses and remembers the score type and the metric selection', async () => {
    const asked = serve((scoreType) => comparisonOf({ scoreType: scoreType as TAssignmentComparison['scoreType'] }));
    const user = userEvent.setup();
    const { saved } = renderReport({
      assignmentComparisonScoreType: 'sharedScores',
      assignmentComparisonSelectedMetrics: ['scores:overall'],
    });
    await screen.findByRole('group', { name: 'Automated Scores' });
    const automated = column('Automated Scores').getByRole('checkbox', { name: 'Vocal Delivery' });
    expect(asked).toEqual(['sharedScores']);
    expect(checked(automated)).toBe(true);
    expect(checked(screen.getByRole('checkbox', { name: 'Highest Overall Rating' }))).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Recordings' }), 'All Recordings');
    await waitFor(() => expect(asked).toEqual(['sharedScores', 'scores']));
    expect(saved).toHaveBeenLastCalledWith({ assignmentComparisonScoreType: 'scores' });

    await user.click(column('Automated Scores').getByRole('checkbox', { name: 'Pace' }));
    expect(saved).toHaveBeenLastCalledWith({ assignmentComparisonSelectedMetrics: ['scores:overall', 'scores:pace'] });
    expect(checked(column('Automated Scores').getByRole('checkbox', { name: 'Pace' }))).toBe(true);
    expect(within(await findTable()).getByRole('row', { name: /Jordan/ }).textContent).toContain('6.42-');

    await user.click(column('Automated Scores').getByRole('checkbox', { name: 'Vocal Delivery' }));
    await user.click(column('Automated Scores').getByRole('checkbox', { name: 'Pace' }));
    expect(saved).toHaveBeenLastCalledWith({ assignmentComparisonSelectedMetrics: [] });
    expect(screen.getByText('Choose a metric to compare')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("draws the bars and lists the legend in one order, the metric list's, with matching colours", async () => {
    const base = comparisonOf();
    const recording = { ...base.recordings[0]!, values: { ...base.recordings[0]!.values, 'scores:pace': 4.2 } };
    serve(() => ({ ...base, recordings: [recording] }));
    const user = userEvent.setup();
    const { view } = renderReport({ assignmentComparisonSelectedMetrics: ['ratings:overallMax', 'scores:pace'] });
    await findTable();
    // Checked after the others, Vocal Delivery still comes first (the metric list's order).
    await user.click(column('Automated Scores').getByRole('checkbox', { name: 'Vocal Delivery' }));
    const table = await findTable();
    // Not by name: Recharts' own legend sorted them so (Highest Overall Rating, Pace, Vocal Delivery).
    const names = ['Vocal Delivery', 'Pace', 'Highest Overall Rating'];
    const legend = within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem');
    expect(legend.map((li) => li.textContent)).toEqual(names);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Recording', ...names]);
    // The bars from left to right have the legend entries' colours.
    const swatches = legend.map((li) => (li.querySelector('.comparison-report__swatch') as HTMLElement).style.background);
    const bars = [...view.container.querySelectorAll('.recharts-bar-rectangle path')];
    const leftToRight = bars.sort((a, b) => Number(a.getAttribute('x')) - Number(b.getAttribute('x')));
    expect(leftToRight.map((p) => p.getAttribute('fill'))).toEqual(swatches);
    expect(swatches).toEqual(['var(--comparison-colour-1)', 'var(--comparison-colour-2)', 'var(--comparison-colour-3)']);
  });

  it('falls back to the defaults when the remembered metrics belong to another assignment', async () => {
    serve(() => comparisonOf());
    renderReport({ assignmentComparisonSelectedMetrics: ['ratings:customstorytelling'] });
    expect(checked(await screen.findByRole('checkbox', { name: 'Highest Overall Rating' }))).toBe(true);
  });

  it('says "No recordings found" when the score type has none', async () => {
    serve(() => comparisonOf({ recordings: [] }));
    renderReport();
    expect(await screen.findByText(ASSIGNMENT_MSG.noRecordings)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is not shown for templates or to those who may not see the members', () => {
    const get = vi.spyOn(client, 'GET');
    const { view } = renderReport({}, assignment({ isTemplate: true }));
    expect(view.container.innerHTML).toBe('');
    view.unmount();
    const second = renderReport({}, assignment({ abilities: assignmentAbilities() }));
    expect(second.view.container.innerHTML).toBe('');
    expect(get).not.toHaveBeenCalled();
  });
});
