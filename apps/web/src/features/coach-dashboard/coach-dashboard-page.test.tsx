import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ERROR_CODES, MSG, type TAssignment, type TGroup, type TMeResponse, type TPreferences } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { queryKeys } from '../../api/rostrum-api';
import { ViewerContext, buildViewer } from '../../app/viewer';
import { operations } from '../../api/operations.gen';
import { bodiesSentTo } from '../../test/operations';
import { CoachDashboardPage } from './coach-dashboard-page';
import { AVA, GROUP_ID, dashboard, group, groupAssignments, me, memberAssignment, templates } from './coach-dashboard-fixtures';

/** The page with the viewer built from the cached GET me, so a saved preference re-renders it as in the app. */
function Harness() {
  const { data } = useQuery<TMeResponse>({
    queryKey: queryKeys.me,
    queryFn: () => new Promise(() => {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ? (
    <ViewerContext.Provider value={buildViewer(data)}>
      <CoachDashboardPage />
    </ViewerContext.Provider>
  ) : null;
}

/** A member's assignments as GET groups/{id}/members/{userId}/assignments answers: Ava has two. */
const memberAssignmentsOf = (userId: string) => ({
  groupId: GROUP_ID,
  userId,
  assignments:
    userId === AVA
      ? [
          memberAssignment(),
          memberAssignment({
            assignmentId: '7a7b7c7d-7e7f-4a7b-8c7d-7e7f7a7b7c7d',
            name: 'Archived one',
            archived: true,
            status: 'completed',
            createdDate: '2020-01-01T10:00:00.000Z',
            recordingsCount: 0,
            submittedCount: 0,
            recordings: [],
          }),
        ]
      : [],
});

/** What GET assignments answers for a group's list and for the templates (a test may change them before they load). */
const lists: { group: TAssignment[]; templates: TAssignment[] } = { group: [], templates: [] };

function setup(preferences: TPreferences = {}, opts: Parameters<typeof me>[1] = {}, groupOver: Partial<TGroup> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(queryKeys.me, me(preferences, opts));
  const saved = bodiesSentTo('updatePreferences');
  vi.spyOn(operations, 'listGroups').mockResolvedValue([group(groupOver)]);
  lists.group = groupAssignments();
  lists.templates = templates();
  vi.spyOn(operations, 'listAssignments').mockImplementation(async (init) =>
    init?.params?.query?.scope === 'templates' ? lists.templates : lists.group,
  );
  vi.spyOn(operations, 'getCoachDashboard').mockResolvedValue(dashboard());
  // Called with the group and the member of each expanded row.
  const memberCall = vi.fn((_groupId: string, _userId: string) => {});
  vi.spyOn(operations, 'getMemberAssignments').mockImplementation(async (init) => {
    const { id: groupId, userId } = init.params.path;
    memberCall(groupId, userId);
    return memberAssignmentsOf(userId);
  });
  const createGroup = vi.spyOn(operations, 'createGroup');
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/coach-dashboard']}>
        <Routes>
          <Route path="/coach-dashboard" element={<Harness />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const prefs = () => queryClient.getQueryData<TMeResponse>(queryKeys.me)!.user.preferences;
  return { saved, prefs, memberCall, createGroup };
}

afterEach(() => vi.restoreAllMocks());

// jsdom has no <dialog> methods; the alert only needs to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

const cardNames = () => screen.getAllByTestId('assignment-card').map((c) => within(c).getAllByRole('link')[0]!.textContent);

describe('CoachDashboardPage', () => {
  it('shows the group, its invite, the actions the viewer has and the four stats; no Wordspotting button without the ability', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Pitch Practice' })).toBeTruthy();
    expect((screen.getByLabelText('Invite code') as HTMLInputElement).value).toBe('PITCH42');
    expect((screen.getByLabelText('Invite code') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Invite link') as HTMLInputElement).value).toBe('https://rostrum.example/join?code=PITCH42');
    expect(screen.getByRole('link', { name: 'Create Assignment' }).getAttribute('href')).toBe(`/assignments/create?groupId=${GROUP_ID}`);
    expect(screen.getByRole('link', { name: 'Reorder Assignments' }).getAttribute('href')).toBe(`/assignments/${GROUP_ID}/reorder`);
    expect(screen.queryByRole('button', { name: /Create New Group/ })).toBeNull();
    expect(screen.queryByText(/Wordspotting/)).toBeNull();
    const stats = await screen.findAllByTestId('stat-tile');
    await vi.waitFor(() =>
      expect(stats.map((s) => s.textContent)).toEqual([
        'Active Assignments1',
        'Total Recordings7',
        'Total Comments5',
        'Recordings For Review2',
      ]),
    );
  });

  it("links Wordspotting to its page with the group preselected when the group's list is the viewer's to set", async () => {
    // A viewer who may customise some list (their own) but not this group's gets no button.
    setup({}, { canCustomiseWordspotting: true });
    await screen.findByRole('heading', { name: 'Pitch Practice' });
    expect(screen.queryByRole('link', { name: 'Wordspotting' })).toBeNull();
    cleanup();
    const abilities = { canCoach: true, canManageMembers: true, canDownloadReport: false, canSetWordspotting: true } as TGroup['abilities'];
    setup({}, { canCustomiseWordspotting: true }, { abilities });
    await screen.findByRole('heading', { name: 'Pitch Practice' });
    const link = screen.getByRole('link', { name: 'Wordspotting' });
    expect(link.getAttribute('href')).toBe(`/wordspotting?groupId=${GROUP_ID}`);
  });

  it('filters the assignments (remembered as coachAssFilter), cuts long names and says when none match', async () => {
    const { saved, prefs } = setup();
    await screen.findAllByTestId('assignment-card');
    // Recent by default: the old completed one is left out.
    expect(cardNames()).toEqual(['A very long assignment na...']);
    const card = screen.getAllByTestId('assignment-card')[0]!;
    expect(within(card).getAllByRole('link')[0]!.getAttribute('title')).toBe('A very long assignment name that is cut');
    expect(within(card).getByText('Active (Non-Continuous Assignment)')).toBeTruthy();
    expect(within(card).getByText('For Review').nextSibling?.textContent).toBe('2');
    expect(within(card).getByRole('button', { name: /Download Report/ })).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: 'Completed' }));
    expect(prefs().coachAssFilter).toBe('completed');
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith({ coachAssFilter: 'completed' }));
    expect(cardNames()).toEqual(['Storytelling']);
    expect(within(screen.getAllByTestId('assignment-card')[0]!).queryByRole('button', { name: /Download Report/ })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(cardNames()).toEqual(['A very long assignment na...', 'Storytelling']);
  });

  it('a card with a due date shows it and how many members are overdue (issue 41 item 8)', async () => {
    setup();
    const [first] = groupAssignments();
    lists.group = [{ ...first!, dueAt: '2020-01-10T17:00:00.000Z', counts: { ...first!.counts, overdueCount: 2 } }];
    const card = (await screen.findAllByTestId('assignment-card'))[0]!;
    expect(within(card).getByTestId('due-line').textContent).toBe('Due Fri, Jan 10, 2020, 5:00 PM UTC');
    expect(within(card).getByText('2 overdue')).toBeTruthy();
  });

  it('a card without a due date shows neither', async () => {
    setup();
    const card = (await screen.findAllByTestId('assignment-card'))[0]!;
    expect(within(card).queryByTestId('due-line')).toBeNull();
    expect(within(card).queryByText(/overdue/)).toBeNull();
  });

  it('shows "No assignments found" when the remembered filter matches none', async () => {
    setup({ coachAssFilter: 'active' });
    lists.group = [groupAssignments()[1]!];
    expect(await screen.findByText('No assignments found')).toBeTruthy();
  });

  it('switches views (coachDashboardToggle) and filters the templates (templateToggle) down to the empty text', async () => {
    const { saved, prefs } = setup({ coachDashboardToggle: 'templates' });
    await screen.findAllByTestId('template-card');
    expect(screen.getAllByTestId('template-card')).toHaveLength(2);
    await userEvent.click(screen.getByRole('radio', { name: 'Private' }));
    expect(prefs().templateToggle).toBe('private');
    expect(screen.getAllByTestId('template-card').map((c) => within(c).getAllByRole('link')[0]!.textContent)).toEqual([
      'My private template',
    ]);

    lists.templates = [];
    await userEvent.click(screen.getByRole('radio', { name: 'Assignments' }));
    expect(prefs().coachDashboardToggle).toBe('assignments');
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith({ coachDashboardToggle: 'assignments' }));
    expect(await screen.findAllByTestId('assignment-card')).toHaveLength(1);
  });

  it('says "No templates found" with the hint when there are none', async () => {
    setup({ coachDashboardToggle: 'templates' });
    lists.templates = [];
    expect(await screen.findByText('No templates found')).toBeTruthy();
    expect(screen.getByText('Click the Create Assignment button to add a new assignment.')).toBeTruthy();
  });

  it('sorts the members (coachMemberSort) and shows the privacy caption', async () => {
    const { saved, prefs } = setup({ coachDashboardToggle: 'members' });
    const names = async () => (await screen.findAllByTestId('member-row')).map((r) => within(r).getAllByRole('button')[0]!.textContent);
    expect(await names()).toEqual(['Ben Young, assignments', 'Ava Zed, assignments']);
    expect(screen.getByText('Full list: you can listen to every recording of your speakers.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Speakers of Pitch Practice' });
    await userEvent.click(within(table).getByRole('button', { name: 'Comments' }));
    expect(prefs().coachMemberSort).toBe('comments-d');
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith({ coachMemberSort: 'comments-d' }));
    expect(await names()).toEqual(['Ben Young, assignments', 'Ava Zed, assignments']);
    await userEvent.click(within(table).getByRole('button', { name: 'Comments' }));
    expect(prefs().coachMemberSort).toBe('comments-u');
    expect(await names()).toEqual(['Ava Zed, assignments', 'Ben Young, assignments']);
    expect(within(table).getByRole('columnheader', { name: 'Comments' }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('opens a member to their assignments, filtered by status per group, and an assignment to the recordings with a player', async () => {
    const { prefs, memberCall } = setup({ coachDashboardToggle: 'members' });
    const ava = await screen.findByRole('button', { name: 'Ava Zed, assignments' });
    expect(ava.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(ava);
    expect(ava.getAttribute('aria-expanded')).toBe('true');
    expect(memberCall).toHaveBeenCalledWith(GROUP_ID, AVA);
    // Recent: the archived completed one is left out.
    expect((await screen.findAllByTestId('member-assignment-row')).map((r) => within(r).getAllByRole('button')[0]!.textContent)).toEqual([
      'Elevator Pitch, recordings',
    ]);
    await userEvent.click(within(screen.getByRole('group', { name: 'Assignment status filter' })).getByRole('radio', { name: 'All' }));
    expect(prefs().coachMemberAssFilters).toEqual({ [GROUP_ID]: 'all' });
    expect(screen.getAllByTestId('member-assignment-row')).toHaveLength(2);

    const pitch = screen.getByRole('button', { name: 'Elevator Pitch, recordings' });
    await userEvent.click(pitch);
    expect(pitch.getAttribute('aria-expanded')).toBe('true');
    const recordings = screen.getByRole('table', { name: 'Recordings of Ava Zed' });
    expect(within(recordings).getByText('First try')).toBeTruthy();
    expect(within(recordings).getByText('Submitted to coach')).toBeTruthy();
    expect(within(recordings).getByText('01:01')).toBeTruthy();
    expect(recordings.querySelector('audio')?.getAttribute('src')).toBe('/media/first.mp3');

    // Shared only: her one recording is flagged, not shared.
    await userEvent.click(within(screen.getByRole('group', { name: 'Recordings filter' })).getByRole('radio', { name: 'Shared' }));
    expect(prefs().coachMemberRecFilters).toEqual({ [GROUP_ID]: 'shared' });
    expect(screen.getByText('No recordings found')).toBeTruthy();
  });

  it('a member who has not completed an assignment after its due date shows "Overdue" as the status', async () => {
    setup({ coachDashboardToggle: 'members' });
    const row = memberAssignment({ status: 'inProgress', dueAt: '2020-01-10T17:00:00.000Z', overdue: true });
    vi.spyOn(operations, 'getMemberAssignments').mockResolvedValue({ groupId: GROUP_ID, userId: AVA, assignments: [row] });
    await userEvent.click(await screen.findByRole('button', { name: 'Ava Zed, assignments' }));
    const [shown] = await screen.findAllByTestId('member-assignment-row');
    expect(within(shown!).getByText('Overdue')).toBeTruthy();
    expect(within(shown!).queryByText('In Progress')).toBeNull();
  });

  it('sorts a member\'s assignments (coachMemberAssSort) and says "No assignments found" for a member with none', async () => {
    const { prefs } = setup({ coachDashboardToggle: 'members', coachMemberAssFilters: { [GROUP_ID]: 'all' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Ava Zed, assignments' }));
    const rows = async () =>
      (await screen.findAllByTestId('member-assignment-row')).map((r) => within(r).getAllByRole('button')[0]!.textContent);
    expect(await rows()).toEqual(['Archived one, recordings', 'Elevator Pitch, recordings']);
    const table = screen.getByRole('table', { name: 'Assignments of Ava Zed' });
    await userEvent.click(within(table).getByRole('button', { name: 'Recordings' }));
    expect(prefs().coachMemberAssSort).toBe('recordings-d');
    expect(await rows()).toEqual(['Elevator Pitch, recordings', 'Archived one, recordings']);
    expect(within(table).getByText('Disabled/Archived')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Ben Young, assignments' }));
    expect(await screen.findByText('No assignments found')).toBeTruthy();
  });

  it('opens the new-group form for org managers: an empty name focuses the field and saves nothing', async () => {
    const { createGroup } = setup({}, { orgType: 'edu', canCreateGroups: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Class' }));
    const field = screen.getByPlaceholderText('enter the course/semester/section number');
    field.blur();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.activeElement).toBe(field);
    expect(createGroup).not.toHaveBeenCalled();
  });

  it("a failed save is the spec's alert (002 section 8); after OK the form is open again with the name kept", async () => {
    const { createGroup } = setup({}, { orgType: 'edu', canCreateGroups: true });
    createGroup.mockRejectedValue(new ApiError(409, 'A group of that name exists', true, ERROR_CODES.groupNameTaken));
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Class' }));
    await userEvent.type(screen.getByPlaceholderText('enter the course/semester/section number'), 'Debate 101');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.hasAttribute('open')).toBe(true);
    expect(alert.textContent).toContain(MSG.groupSaveFailed);
    await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(alert.hasAttribute('open')).toBe(false);
    const field = screen.getByPlaceholderText('enter the course/semester/section number') as HTMLInputElement;
    expect(field.value).toBe('Debate 101');
    expect(document.activeElement).toBe(field);
  });
});
