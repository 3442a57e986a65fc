import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { vocabulary, type TAssignment } from '@rostrum/contract';
import { assignmentAbilities, assignmentCounts } from '../../test/fixtures';
import { AssignmentInfo } from './assignment-info';
import { MemberTable, type TMemberRow } from './member-table';

const vocab = vocabulary('other');
const ID = '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

function assignment(over: Partial<TAssignment> = {}): TAssignment {
  return {
    assignmentId: ID,
    name: 'Elevator Pitch',
    description: 'Pitch your idea in 60 seconds.',
    isTemplate: false,
    isShared: false,
    isGlobal: false,
    archived: false,
    deleted: false,
    deactivated: false,
    continuous: true,
    userId: null,
    ownerName: 'Morgan Mentor',
    groupId: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
    groupName: 'Pitch Practice',
    assignmentTemplateId: null,
    sortOrder: null,
    criteria: {
      algorithm: 'default',
      minRecordings: true,
      minRecordingsCount: 2,
      minRating: false,
      minScore: false,
      managerReview: true,
      shareRecording: false,
      selfCommentary: false,
      wordspotting: false,
      scorecard: false,
    },
    userTargets: [],
    groupTargets: [],
    attachments: [
      {
        id: '6b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e',
        name: 'Pitch guide',
        attachmentType: 'link',
        attachmentUrl: 'https://example.com/guide',
        recordingId: null,
      },
      {
        id: '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
        name: 'Model pitch',
        attachmentType: 'recording',
        attachmentUrl: null,
        recordingId: '8d9e0f1a-2b3c-4d4e-8f5a-6b7c8d9e0f1a',
      },
    ],
    scorecard: null,
    wordspotting: [],
    createdDate: '2026-11-01T10:00:00.000Z',
    myUserTarget: null,
    completionStatus: null,
    counts: assignmentCounts(),
    abilities: assignmentAbilities({ canSubmit: true }),
    ...over,
  };
}

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
