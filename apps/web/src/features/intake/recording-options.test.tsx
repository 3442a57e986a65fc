import { describe, expect, it } from 'vitest';
import { useRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { vocabulary } from '@rostrum/contract';
import type { TViewer } from '../../app/viewer';
import type { TIntakeAssignment, TIntakeData } from './intake-options';
import { RecordingOptionsFields, useIntakeOptions } from './recording-options';

// The record form's Recording type choice (001 section 2) with Assignments on.

const assignment = (assignmentId: string, name: string): TIntakeAssignment => ({
  assignmentId,
  name,
  groupId: 'g1',
  groupName: 'Pitch Practice',
  criteria: { algorithm: 'rostrum-default' },
  abilities: { canSubmit: true },
});
const group = {
  groupId: 'g1',
  name: 'Pitch Practice',
  createdDate: '2026-01-01T00:00:00.000Z',
  abilities: { canRecord: true },
  recordingAbilities: { canShare: false, canFlag: false },
};
const viewer = {
  org: {
    settings: { Assignments: true },
    algorithmConfig: { default_algorithm: 'rostrum-default', algorithms: [{ name: 'rostrum-default' }] },
  },
  groups: [group],
  vocab: vocabulary('other'),
  assignmentsOn: true,
} as unknown as TViewer;

// Newest first, as GET assignments?scope=assigned lists them.
const data: TIntakeData = {
  assignments: [assignment('a-new', 'Quarterly Update'), assignment('a-old', 'Elevator Pitch')],
  recordings: [{ title: 'Elevator Pitch - v1', assignmentId: 'a-old' }],
  preselectId: null,
};

function Form() {
  const form = useIntakeOptions(viewer, data);
  const titleRef = useRef<HTMLInputElement>(null);
  return <RecordingOptionsFields form={form} viewer={viewer} titleRef={titleRef} />;
}

const select = () => screen.getByRole('combobox', { name: 'Assignment' }) as HTMLSelectElement;
const title = () => screen.getByLabelText('Title') as HTMLInputElement;

describe('the record form keeps the assignment chosen across Private', () => {
  it('returns to the chosen assignment, with its default title, after Private', () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('radio', { name: 'Assignment' }));
    expect(select().value).toBe('a-new');
    fireEvent.change(select(), { target: { value: 'a-old' } });
    expect(title().value).toBe('Elevator Pitch - v2');

    fireEvent.click(screen.getByRole('radio', { name: 'Private' }));
    expect(screen.queryByRole('combobox', { name: 'Assignment' })).toBeNull();
    expect(title().value).toBe('');

    fireEvent.click(screen.getByRole('radio', { name: 'Assignment' }));
    expect(select().value).toBe('a-old');
    expect(title().value).toBe('Elevator Pitch - v2');
  });

  it('keeps a title typed while Private when the assignment comes back', () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('radio', { name: 'Assignment' }));
    fireEvent.change(select(), { target: { value: 'a-old' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Private' }));
    fireEvent.change(title(), { target: { value: 'My take' } });

    fireEvent.click(screen.getByRole('radio', { name: 'Assignment' }));
    expect(select().value).toBe('a-old');
    expect(title().value).toBe('My take');
  });
});
