import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { vocabulary } from '@rostrum/contract';
import { AssignmentInfo } from './assignment-info';
import { ID, assignment } from './details-fixtures';
import { MemberTable, type TMemberRow } from './member-table';

const vocab = vocabulary('other');

describe('AssignmentInfo', () => {
  it('ticks the criteria the current user met; links open in a new tab, recordings return to the assignment', () => {
    render(
      <MemoryRouter>
        <AssignmentInfo assignment={assignment()} vocab={vocab} coach={false} met={{ minRecordings: true, managerReview: false }} />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Completion criteria' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Upload at least 2 recordings');
    expect(within(items[0]!).getByLabelText('Met')).toBeTruthy();
    expect(within(items[1]!).getByLabelText('Not met yet')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Pitch guide/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Model pitch' }).getAttribute('href')).toBe(
      `/evaluate/8d9e0f1a-2b3c-4d4e-8f5a-6b7c8d9e0f1a?assignmentId=${ID}`,
    );
    expect(screen.getByText('Continuous Group Assignment')).toBeTruthy();
  });

  it('shows the custom wordspotting list to coaches only, when its criterion is on', () => {
    const a = assignment();
    const withList = { ...a, criteria: { ...a.criteria, wordspotting: true }, wordspotting: ['uh/um', 'next steps'] };
    const { rerender } = render(
      <MemoryRouter>
        <AssignmentInfo assignment={withList} vocab={vocab} coach met={null} />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Wordspotting phrases' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['uh/um', 'next steps']);
    rerender(
      <MemoryRouter>
        <AssignmentInfo assignment={withList} vocab={vocab} coach={false} met={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading', { name: 'Custom Wordspotting List' })).toBeNull();
    rerender(
      <MemoryRouter>
        <AssignmentInfo assignment={{ ...withList, criteria: a.criteria }} vocab={vocab} coach met={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading', { name: 'Custom Wordspotting List' })).toBeNull();
  });

  it("disables a template's Public/Private radios for anyone but the owner", async () => {
    const onShareChange = vi.fn();
    const tpl = assignment({ isTemplate: true, groupId: null, groupName: null });
    const { rerender } = render(
      <MemoryRouter>
        <AssignmentInfo assignment={tpl} vocab={vocab} coach met={null} onShareChange={onShareChange} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('radio', { name: /Public/ }).matches(':disabled')).toBe(true);
    rerender(
      <MemoryRouter>
        <AssignmentInfo
          assignment={{ ...tpl, abilities: { ...tpl.abilities, canToggleShared: true } }}
          vocab={vocab}
          coach
          met={null}
          onShareChange={onShareChange}
        />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('radio', { name: /Public/ }));
    expect(onShareChange).toHaveBeenCalledWith(true);
  });
});

const member = (name: string, over: Partial<TMemberRow> = {}): TMemberRow => {
  const [firstName = '', lastName = ''] = name.split(' ');
  return {
    userId: name,
    name,
    firstName,
    lastName,
    isMe: false,
    status: 'assigned',
    lastUpload: null,
    recordingsCount: 0,
    flaggedCount: 0,
    sharedCount: 0,
    commentCount: 0,
    met: {},
    ratingColumn: 'average',
    showCoachRating: true,
    recordings: [],
    ...over,
  };
};

function renderTable(props: Partial<Parameters<typeof MemberTable>[0]> = {}) {
  return render(
    <MemoryRouter>
      <MemberTable
        rows={[member('Ann Zed', { status: 'completed', flaggedCount: 1 }), member('Cy Abel')]}
        columns={{ coach: true, recordingsColumn: true, flaggedOrShared: 'flagged', filter: 'flagged' }}
        vocab={vocab}
        assignmentId={ID}
        filter="all"
        onFilter={() => {}}
        sort={{ key: 'name', direction: 'ascending' }}
        onSort={() => {}}
        noTargets={false}
        openMine={false}
        {...props}
      />
    </MemoryRouter>,
  );
}

describe('MemberTable', () => {
  it("shows the coach's columns, every one but Comments sortable", () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Assigned members' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Name',
      'Speaker Assignment Status',
      'Last Upload',
      'Recordings',
      'Recordings Flagged for Review',
      'Comments',
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .filter((h) => within(h).queryByRole('button')).length,
    ).toBe(5);
    expect(screen.getAllByTestId('member-row')[0]?.textContent).toContain('Cy Abel');
  });

  it("the speaker's: no Recordings column, Shared with Group unless the server hides it", () => {
    renderTable({ columns: { coach: false, recordingsColumn: false, flaggedOrShared: 'shared', filter: 'shared' } });
    expect(screen.getByRole('columnheader', { name: 'Shared with Group' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Recordings' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Peer Shared' })).toBeTruthy();
  });

  it('says "No users found" for an empty filter and the no-active-users sentence without targets', () => {
    renderTable({ filter: 'flagged', rows: [member('Cy Abel')] });
    expect(screen.getByText('No users found')).toBeTruthy();
    renderTable({ rows: [], noTargets: true });
    expect(screen.getByText('There are currently no active users for this assignment.')).toBeTruthy();
  });
});
