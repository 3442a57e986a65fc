import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ASSIGNMENT_MSG, normaliseCriteria, vocabulary, type TAssignment } from '@rostrum/contract';
import { ViewerContext, type TViewer } from '../../app/viewer';
import { assignmentAbilities } from '../../test/fixtures';
import { AssignmentEditPage } from './assignment-editor-page';

const ID = '66666666-6666-4666-8666-666666666666';
const abilities = assignmentAbilities({
  canEdit: true,
  canEditCriteria: true,
  canDelete: true,
  canCopy: true,
  canAssign: true,
  canToggleShared: true,
});
const template = {
  assignmentId: ID,
  name: 'Elevator Pitch',
  description: 'Pitch it.',
  isTemplate: true,
  isGlobal: false,
  userTargets: [],
  groupTargets: [],
  attachments: [],
  scorecard: null,
  criteria: normaliseCriteria({ algorithm: 'rostrum-default' }),
  abilities,
} as unknown as TAssignment;
const loaded = vi.hoisted(() => ({ current: null as unknown }));

vi.mock('../../api/operations.gen', () => ({ operations: { getAssignment: async () => loaded.current } }));

const viewer = {
  mode: 'manager',
  manager: true,
  vocab: vocabulary('other'),
  user: { userId: 'u' },
  org: {
    algorithmConfig: { algorithms: [{ name: 'rostrum-default', venue: 'speech' }], default_algorithm: 'rostrum-default' },
    timeZone: 'UTC',
  },
} as unknown as TViewer;

function open(path: string, assignment: TAssignment) {
  loaded.current = assignment;
  render(
    <ViewerContext.Provider value={viewer}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/assignments/edit/:assignmentId/:stepNum" element={<AssignmentEditPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ViewerContext.Provider>,
  );
}

describe('assignment editor page', { timeout: 15_000 }, () => {
  it.each(['0', '8', '3', 'x', '4'])('shows the invalid-step message for step %s', async (step) => {
    open(`/assignments/edit/${ID}/${step}`, template);
    await screen.findByText(ASSIGNMENT_MSG.invalidStep);
    expect(screen.queryByRole('navigation', { name: 'Assignment steps' })).toBeNull();
  });

  it('shows steps 2 to 5 of a global template as invalid', async () => {
    const global = { ...template, isGlobal: true, abilities: { ...abilities, canEdit: false, canEditCriteria: false } } as TAssignment;
    for (const step of ['2', '5']) {
      open(`/assignments/edit/${ID}/${step}`, global);
      await screen.findByText(ASSIGNMENT_MSG.invalidStep);
      document.body.innerHTML = '';
    }
  });

  it('opens a valid step with the header and the visible steps', async () => {
    open(`/assignments/edit/${ID}/2`, template);
    await screen.findByRole('heading', { level: 2, name: 'Criteria' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard | Elevator Pitch | Edit');
    const steps = screen.getByRole('navigation', { name: 'Assignment steps' });
    expect(steps.textContent).toContain('Criteria');
    expect(steps.textContent).not.toContain('Scorecard');
    expect(steps.textContent).not.toContain('Wordspotting');
  });
});
