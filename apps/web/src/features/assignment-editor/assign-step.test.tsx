import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ASSIGNMENT_MSG, vocabulary } from '@rostrum/contract';
import { groupMemberAbilities } from '../../test/fixtures';
import { AssignStep, assignProblem } from './assign-step';

const GROUP = '11111111-1111-4111-8111-111111111111';
const EMPTY_GROUP = '22222222-2222-4222-8222-222222222222';
const SPEAKER = '44444444-4444-4444-8444-444444444444';

const group = (groupId: string, name: string, canCoach = true) => ({ groupId, name, abilities: { canCoach } });
// canAssign is the server's word: a member whose speaker role has lapsed still lists it in its roles here.
const member = (userId: string, name: string, roles: string[], canAssign: boolean) => ({
  userId,
  name,
  roles,
  membershipStatus: 'active',
  abilities: groupMemberAbilities({ canAssign }),
});

vi.mock('../../api/operations.gen', () => ({
  operations: {
    listGroups: async () => [
      group('11111111-1111-4111-8111-111111111111', 'Pitch Practice'),
      group('22222222-2222-4222-8222-222222222222', 'Empty Room'),
      group('33333333-3333-4333-8333-333333333333', 'Spoken Here', false),
    ],
    listGroupMembers: async ({ params }: { params: { path: { id: string } } }) =>
      params.path.id === '11111111-1111-4111-8111-111111111111'
        ? [
            member('44444444-4444-4444-8444-444444444444', 'Sam Speaker', ['speaker'], true),
            member('c', 'Casey Coach', ['manager'], false),
            member('l', 'Lee Lapsed', ['speaker'], false),
          ]
        : [],
  },
}));

function renderStep(preselected: string | null = null, error: string | null = null) {
  const onAssign = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AssignStep
        vocab={vocabulary('other')}
        preselectedGroupId={preselected}
        saving={false}
        error={error}
        onBack={() => {}}
        onAssign={onAssign}
      />
    </QueryClientProvider>,
  );
  return onAssign;
}

describe('assignProblem', () => {
  it('gives Error 1 when nothing is chosen and Error 2 for groups without speakers', () => {
    const count = (g: string) => (g === GROUP ? 1 : 0);
    expect(assignProblem({ continuous: true, groupIds: [], userIds: [] }, count)).toBe(ASSIGNMENT_MSG.assignNoTarget);
    expect(assignProblem({ continuous: true, groupIds: [], userIds: [SPEAKER] }, count)).toBe(ASSIGNMENT_MSG.assignNoTarget);
    expect(assignProblem({ continuous: true, groupIds: [EMPTY_GROUP], userIds: [] }, count)).toBeNull();
    expect(assignProblem({ continuous: false, groupIds: [EMPTY_GROUP], userIds: [] }, count)).toBe(ASSIGNMENT_MSG.assignNoSpeakers);
    expect(assignProblem({ continuous: false, groupIds: [EMPTY_GROUP], userIds: [SPEAKER] }, count)).toBeNull();
    expect(assignProblem({ continuous: false, groupIds: [GROUP, EMPTY_GROUP], userIds: [] }, count)).toBeNull();
  });
});

describe('assign step', { timeout: 15_000 }, () => {
  it('offers only the groups the user coaches and only the speakers the server marks assignable', async () => {
    renderStep();
    await screen.findByRole('checkbox', { name: 'Pitch Practice' });
    expect(screen.queryByRole('checkbox', { name: 'Spoken Here' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Non-Continuous/ }));
    await screen.findByRole('checkbox', { name: 'Sam Speaker' });
    expect(screen.queryByRole('checkbox', { name: 'Casey Coach' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Lee Lapsed' })).toBeNull();
    expect(screen.getByText('1 speaker')).toBeTruthy();
  });

  it('shows Error 1 without calling the server when nothing is chosen', async () => {
    const onAssign = renderStep();
    await screen.findByRole('checkbox', { name: 'Pitch Practice' });
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ASSIGNMENT_MSG.assignNoTarget);
    expect(onAssign).not.toHaveBeenCalled();
  });

  it('shows Error 2 for a non-continuous assignment to a group without speakers', async () => {
    const onAssign = renderStep();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Empty Room' }));
    fireEvent.click(screen.getByRole('radio', { name: /Non-Continuous/ }));
    await screen.findByText('0 speakers');
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ASSIGNMENT_MSG.assignNoSpeakers);
    expect(onAssign).not.toHaveBeenCalled();
  });

  it('takes the message away on any change, and leaves the focus on Assign', async () => {
    const onAssign = renderStep();
    await screen.findByRole('checkbox', { name: 'Pitch Practice' });
    const assign = screen.getByRole('button', { name: 'Assign' });
    assign.focus();
    fireEvent.click(assign);
    await screen.findByTestId('assign-error');
    expect(document.activeElement).toBe(assign);
    fireEvent.click(screen.getByRole('radio', { name: /Non-Continuous/ }));
    expect(screen.queryByTestId('assign-error')).toBeNull();

    fireEvent.click(assign);
    await screen.findByTestId('assign-error');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pitch Practice' }));
    expect(screen.queryByTestId('assign-error')).toBeNull();
    expect(onAssign).not.toHaveBeenCalled();
  });

  it("shows the server's Error 1 or 2 while the step has none of its own", async () => {
    renderStep(GROUP, ASSIGNMENT_MSG.assignNoSpeakers);
    await screen.findByRole('checkbox', { name: 'Pitch Practice' });
    expect(screen.getByTestId('assign-error').textContent).toBe(ASSIGNMENT_MSG.assignNoSpeakers);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pitch Practice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.getByTestId('assign-error').textContent).toBe(ASSIGNMENT_MSG.assignNoTarget));
  });

  it('assigns the preselected group continuously', async () => {
    const onAssign = renderStep(GROUP);
    const box = (await screen.findByRole('checkbox', { name: 'Pitch Practice' })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(onAssign).toHaveBeenCalledWith({ continuous: true, groupIds: [GROUP], userIds: [] }, ['Pitch Practice']));
  });

  it('leaves out a preselected group that is not offered (?groupId= of another group, or not an id)', async () => {
    const onAssign = renderStep('not-a-group');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Pitch Practice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(onAssign).toHaveBeenCalledWith({ continuous: true, groupIds: [GROUP], userIds: [] }, ['Pitch Practice']));
  });

  it('assigns chosen speakers non-continuously', async () => {
    const onAssign = renderStep();
    await screen.findByRole('checkbox', { name: 'Pitch Practice' });
    fireEvent.click(screen.getByRole('radio', { name: /Non-Continuous/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Sam Speaker' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(onAssign).toHaveBeenCalledWith({ continuous: false, groupIds: [], userIds: [SPEAKER] }, ['Pitch Practice']));
  });
});
