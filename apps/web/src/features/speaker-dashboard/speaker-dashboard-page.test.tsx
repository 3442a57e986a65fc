import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import {
  COMPLETED_EXPLAINED,
  SPEAKER_DASHBOARD_MSG,
  vocabulary,
  type TLibraryRecording,
  type TMeResponse,
  type TPreferences,
  type TSpeakerDashboard,
} from '@rostrum/contract';
import { meQuery, queryKeys } from '../../api/rostrum-api';
import { bodiesSentTo } from '../../test/operations';
import { ViewerContext, type TViewer } from '../../app/viewer';
import { G1, G2, card, dashboard, libraryRow } from './dashboard-fixtures';
import { SpeakerDashboardPage } from './speaker-dashboard-page';

// The page reads preferences from the viewer, which the app rebuilds from the cached GET me; the
// harness does the same so a saved choice shows as it would in the app.
function LiveViewer({ children }: { children: ReactNode }) {
  const { data } = useQuery({ ...meQuery, enabled: false });
  const viewer = {
    me: data,
    user: data!.user,
    mode: 'speaker',
    vocab: vocabulary('other'),
    org: { timeZone: 'UTC' },
  } as unknown as TViewer;
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

function setup({
  preferences = {},
  dash,
  library = [],
}: {
  preferences?: TPreferences;
  dash: TSpeakerDashboard;
  library?: TLibraryRecording[];
}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(queryKeys.me, { user: { preferences } } as unknown as TMeResponse);
  queryClient.setQueryData(queryKeys.speakerDashboard, dash);
  queryClient.setQueryData(queryKeys.library, library);
  const saved = bodiesSentTo('updatePreferences');
  render(
    <QueryClientProvider client={queryClient}>
      <LiveViewer>
        <MemoryRouter>
          <SpeakerDashboardPage />
        </MemoryRouter>
      </LiveViewer>
    </QueryClientProvider>,
  );
  const prefs = () => queryClient.getQueryData<TMeResponse>(queryKeys.me)!.user.preferences;
  return { saved, prefs };
}

afterEach(() => vi.restoreAllMocks());

const titles = () => screen.getAllByTestId('library-row').map((row) => within(row).getAllByRole('link')[0]!.textContent);
// A saved choice reaches the page through the query cache, which notifies after a tick.
const expectTitles = (want: string[]) => vi.waitFor(() => expect(titles()).toEqual(want));

describe('SpeakerDashboardPage: toggle and stats', () => {
  it('shows the four stats, opens on Assignments by default and saves the toggle', async () => {
    const { saved, prefs } = setup({ dash: dashboard([{ groupId: G1, name: 'Debate Club', assignments: [card()] }]) });
    for (const label of ['Active Assignments', 'Total Recordings', 'Total Comments', 'Recordings Flagged']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(screen.getByRole('radio', { name: 'Assignments' })).toHaveProperty('checked', true);
    expect(screen.getByRole('heading', { name: 'Debate Club' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'My Recordings' }));
    expect(prefs().speakerDashboardToggle).toBe('library');
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith({ speakerDashboardToggle: 'library' }));
    expect(await screen.findByText('No recordings found')).toBeTruthy();
  });

  it('opens on the saved toggle', () => {
    setup({ preferences: { speakerDashboardToggle: 'library' }, dash: dashboard([]), library: [libraryRow({ title: 'Saved view' })] });
    expect(screen.getByRole('radio', { name: 'My Recordings' })).toHaveProperty('checked', true);
    expect(screen.getByText('Saved view')).toBeTruthy();
  });
});

describe('SpeakerDashboardPage: due dates and Completed explained (issue 41 item 8)', () => {
  it('shows "Due …" on a card with a due date, and "Overdue" as a warning when the server says so', () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setUTCHours(12, 0, 0, 0);
    setup({
      dash: dashboard([
        {
          groupId: G1,
          name: 'Debate Club',
          assignments: [
            card({ name: 'Soon', dueAt: tomorrow.toISOString() }),
            card({ name: 'Late', dueAt: '2020-01-10T17:00:00.000Z', overdue: true, status: 'assigned' }),
            card({ name: 'Whenever' }),
          ],
        },
      ]),
    });
    const cardOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
    const [soon, late, whenever] = [cardOf('Soon'), cardOf('Late'), cardOf('Whenever')];
    expect(within(soon).getByTestId('due-line').textContent).toBe('Due tomorrow, 12:00 PM UTC');
    expect(within(late).getByTestId('due-line').textContent).toBe('Due Fri, Jan 10, 2020, 5:00 PM UTCOverdue');
    // The status word says it too, in place of "Not Started".
    expect(within(late).getByText('Overdue', { selector: '.assignment-card__status' })).toBeTruthy();
    expect(within(whenever).queryByTestId('due-line')).toBeNull();
  });

  it('explains Completed on a completed card and beside the stats, and only then', () => {
    setup({ dash: dashboard([{ groupId: G1, name: 'Debate Club', assignments: [card({ name: 'Open' })] }]) });
    expect(screen.queryByTestId('completed-note')).toBeNull();
    expect(screen.queryByTestId('active-assignments-note')).toBeNull();
  });

  it('a first take that completes an assignment: the card says why it is Completed, the stats why Active is 0', () => {
    setup({
      dash: {
        ...dashboard([{ groupId: G1, name: 'Debate Club', assignments: [card({ name: 'One take', status: 'completed' })] }]),
        stats: { activeAssignments: 0, totalRecordings: 1, totalComments: 0, recordingsFlagged: 0 },
      },
    });
    const note = screen.getByTestId('completed-note');
    expect(note.textContent).toBe(COMPLETED_EXPLAINED);
    expect(note.closest('li')!.textContent).toContain('One take');
    expect(screen.getByTestId('active-assignments-note').textContent).toMatch(/^Active Assignments counts only assignments still to do/);
  });
});

describe('SpeakerDashboardPage: assignments', () => {
  it('says so when there are no assignments at all', () => {
    setup({ dash: dashboard([]) });
    expect(screen.getByText(SPEAKER_DASHBOARD_MSG.noAssignments)).toBeTruthy();
  });

  it('filters each group on its own, saves the filter per group, and says "No assignments." when none match', async () => {
    const old = new Date(Date.now() - 60 * 86_400_000).toISOString();
    const { saved, prefs } = setup({
      preferences: { speakerAssignmentFilters: { [G2]: 'completed' } },
      dash: dashboard([
        {
          groupId: G1,
          name: 'Debate Club',
          assignments: [card({ name: 'Open one' }), card({ name: 'Done long ago', status: 'completed', createdDate: old })],
        },
        { groupId: G2, name: 'Toastmasters', assignments: [card({ name: 'Still going' })] },
      ]),
    });
    const [debate, toast] = screen.getAllByTestId('speaker-group') as [HTMLElement, HTMLElement];
    // Recent by default: the old completed one is left out.
    expect(within(debate).getByText('Open one')).toBeTruthy();
    expect(within(debate).queryByText('Done long ago')).toBeNull();
    // The saved Completed filter of the second group leaves nothing.
    expect(within(toast).getByText(SPEAKER_DASHBOARD_MSG.noAssignmentsInFilter)).toBeTruthy();
    fireEvent.click(within(debate).getByRole('radio', { name: 'All' }));
    expect(await within(debate).findByText('Done long ago')).toBeTruthy();
    expect(prefs().speakerAssignmentFilters).toEqual({ [G2]: 'completed', [G1]: 'all' });
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith({ speakerAssignmentFilters: { [G1]: 'all' } }));
  });

  it('shows the counts, the Record link by algorithm and ability, and hides Peer Recordings when null', () => {
    setup({
      dash: dashboard([
        {
          groupId: G1,
          name: 'Debate Club',
          assignments: [
            card({ name: 'Panel talk', algorithm: 'rostrum-conversational' }),
            card({
              name: 'Private group one',
              counts: { myRecordings: 1, comments: 0, peerRecordings: null },
              abilities: { canSubmit: false },
            }),
          ],
        },
      ]),
    });
    // By name: both cards are made "now", so their order can go either way within a millisecond.
    const cardNamed = (name: string) => screen.getAllByTestId('assignment-card').find((c) => within(c).queryByText(name)) as HTMLElement;
    const panel = cardNamed('Panel talk');
    const hidden = cardNamed('Private group one');
    const record = within(panel).getByRole('link', { name: 'Record (Multi-Speaker)' });
    expect(record.getAttribute('href')).toMatch(/^\/record\?assignmentId=/);
    expect(within(panel).getByText('Peer Recordings')).toBeTruthy();
    expect(within(panel).getByText('My Recordings')).toBeTruthy();
    expect(within(hidden).queryByText('Peer Recordings')).toBeNull();
    expect(within(hidden).queryByRole('link', { name: /Record/ })).toBeNull();
    expect(within(hidden).getByRole('link', { name: /Details/ })).toBeTruthy();
  });
});

describe('SpeakerDashboardPage: My Library', () => {
  const rows = () => [
    libraryRow({
      title: 'Bravo',
      groupName: 'Beta',
      createdDate: '2026-11-03T10:00:00.000Z',
      duration: 30,
      overallScore: 5,
      numComments: 2,
      scoreOverallAvgRating: 6,
      scoreOverallAvgRatingCoach: 9,
      submitted: true,
      assignmentId: G2,
      assignmentName: 'Pitch',
    }),
    libraryRow({
      title: 'alpha',
      groupName: 'Alpha',
      createdDate: '2026-11-01T10:00:00.000Z',
      duration: 90,
      overallScore: 8,
      numComments: 0,
      scoreOverallAvgRating: 8,
      scoreOverallAvgRatingCoach: 4,
    }),
    libraryRow({
      title: 'Charlie',
      groupName: 'Gamma',
      createdDate: '2026-11-02T10:00:00.000Z',
      duration: 60,
      overallScore: 6,
      numComments: 5,
      scoreOverallAvgRating: 3,
      scoreOverallAvgRatingCoach: 7,
      assignmentId: G1,
      assignmentName: 'Intro',
    }),
  ];
  const library = { speakerDashboardToggle: 'library' } as const;

  it('sorts newest first by default and by every column both ways, saving "{key}-u|d"', async () => {
    const { saved, prefs } = setup({ preferences: library, dash: dashboard([]), library: rows() });
    await expectTitles(['Bravo', 'Charlie', 'alpha']);
    const cases: [string, string, string[], string[]][] = [
      ['Title', 'title', ['alpha', 'Bravo', 'Charlie'], ['Charlie', 'Bravo', 'alpha']],
      ['Group', 'group', ['alpha', 'Bravo', 'Charlie'], ['Charlie', 'Bravo', 'alpha']],
      ['Duration', 'duration', ['Bravo', 'Charlie', 'alpha'], ['alpha', 'Charlie', 'Bravo']],
      ['Vocal Delivery', 'overall', ['Bravo', 'Charlie', 'alpha'], ['alpha', 'Charlie', 'Bravo']],
      ['Comments', 'recordingComments', ['alpha', 'Bravo', 'Charlie'], ['Charlie', 'Bravo', 'alpha']],
      ['Overall Rating', 'rating', ['Charlie', 'Bravo', 'alpha'], ['alpha', 'Bravo', 'Charlie']],
      ['Coach Rating', 'coachRating', ['alpha', 'Charlie', 'Bravo'], ['Bravo', 'Charlie', 'alpha']],
      ['Uploaded', 'uploaded', ['alpha', 'Charlie', 'Bravo'], ['Bravo', 'Charlie', 'alpha']],
    ];
    // [header, stored key, ascending order, descending order]
    for (const [label, key, first, second] of cases) {
      const header = () => screen.getByRole('button', { name: label });
      const ariaSort = () => screen.getByRole('columnheader', { name: label }).getAttribute('aria-sort');
      fireEvent.click(header());
      const firstDir = prefs().myLibSort!.slice(-1);
      expect(prefs().myLibSort).toBe(`${key}-${firstDir}`);
      await vi.waitFor(() => expect(ariaSort()).toBe(firstDir === 'u' ? 'ascending' : 'descending'));
      expect(titles()).toEqual(firstDir === 'u' ? first : second);
      fireEvent.click(header());
      expect(prefs().myLibSort).toBe(`${key}-${firstDir === 'u' ? 'd' : 'u'}`);
      await vi.waitFor(() => expect(ariaSort()).toBe(firstDir === 'u' ? 'descending' : 'ascending'));
      expect(titles()).toEqual(firstDir === 'u' ? second : first);
    }
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith({ myLibSort: 'uploaded-u' }));
  }, 20_000);

  it('filters All, Flagged for Review, Assignments and Private, saving the filter', async () => {
    const { saved, prefs } = setup({ preferences: { ...library, myLibFilter: 'private' }, dash: dashboard([]), library: rows() });
    const filters = within(screen.getByRole('group', { name: 'Show recordings' }));
    await expectTitles(['alpha']);
    fireEvent.click(filters.getByRole('radio', { name: 'Flagged for Review' }));
    await expectTitles(['Bravo']);
    expect(prefs().myLibFilter).toBe('submitted');
    fireEvent.click(filters.getByRole('radio', { name: 'Assignments' }));
    await expectTitles(['Bravo', 'Charlie']);
    fireEvent.click(filters.getByRole('radio', { name: 'All' }));
    await vi.waitFor(() => expect(titles()).toHaveLength(3));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith({ myLibFilter: 'all' }));
  });

  it('says "No recordings found" when a filter leaves none', () => {
    setup({ preferences: { ...library, myLibFilter: 'submitted' }, dash: dashboard([]), library: [libraryRow()] });
    expect(screen.getByText('No recordings found')).toBeTruthy();
  });

  it('remembers open rows by recording id and shows the player and details', async () => {
    const list = rows();
    const { saved, prefs } = setup({
      preferences: { ...library, tableRowIndices: [list[2]!.recordingId] },
      dash: dashboard([]),
      library: list,
    });
    const charlie = screen.getByRole('button', { name: 'Details of Charlie' });
    expect(charlie.getAttribute('aria-expanded')).toBe('true');
    const details = screen.getByTestId('library-details');
    expect(within(details).getByText('Intro')).toBeTruthy();
    expect(details.querySelector('audio')?.getAttribute('src')).toBe('https://media.example/a.m4a');
    fireEvent.click(screen.getByRole('button', { name: 'Details of Bravo' }));
    expect(prefs().tableRowIndices).toEqual([list[2]!.recordingId, list[0]!.recordingId]);
    await vi.waitFor(() => expect(screen.getAllByTestId('library-details')).toHaveLength(2));
    fireEvent.click(charlie);
    await vi.waitFor(() => expect(charlie.getAttribute('aria-expanded')).toBe('false'));
    await vi.waitFor(() => expect(saved).toHaveBeenLastCalledWith({ tableRowIndices: [list[0]!.recordingId] }));
  });

  it('shows the processing and failed sentences', () => {
    setup({
      preferences: library,
      dash: dashboard([]),
      library: [libraryRow({ title: 'Busy', processing: true, overallScore: null }), libraryRow({ title: 'Broken', failed: true })],
    });
    expect(screen.getByText('This recording is still processing.')).toBeTruthy();
    expect(screen.getByText('This recording could not be processed.')).toBeTruthy();
  });
});
