import { describe, expect, it, vi } from 'vitest';
import { useRef } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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
  recordings: [{ title: 'Elevator Pitch - v1', assignmentId: 'a-old', practicePromptId: null }],
  preselectId: null,
  prompt: null,
  again: null,
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

// The options form's own check (ZIntakeOptionsSchema: POST recordings' title rule) and the body
// it sends, as a tab uses them: validate on Save, the title focused on failure, then body.

const sharing = {
  ...viewer,
  org: { ...viewer.org, settings: { Debug_Recording_Options: true } },
  groups: [{ ...group, recordingAbilities: { canShare: true, canFlag: false } }],
  assignmentsOn: false,
} as unknown as TViewer;

function SaveForm({ onBody }: { onBody: (body: object) => void }) {
  const form = useIntakeOptions(sharing);
  const titleRef = useRef<HTMLInputElement>(null);
  return (
    <form
      aria-label="Options"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!(await form.validate())) return titleRef.current?.focus();
        onBody(form.body({ source: 'ui upload form', fileName: 'talk.mp3', fileSize: 10 }));
      }}
    >
      <RecordingOptionsFields form={form} viewer={sharing} titleRef={titleRef} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('the options form on Save', () => {
  it("refuses a blank title with the API rule's message, focuses it, and typing clears the message", async () => {
    const onBody = vi.fn();
    render(<SaveForm onBody={onBody} />);
    fireEvent.change(title(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(title().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(title());
    expect(onBody).not.toHaveBeenCalled();
    fireEvent.change(title(), { target: { value: 'P' } });
    expect(screen.queryByText('Title is required')).toBeNull();
  });

  it('sends the trimmed title, the group, the sharing choice and the debug options that apply', async () => {
    const onBody = vi.fn();
    render(<SaveForm onBody={onBody} />);
    fireEvent.change(title(), { target: { value: '  Pitch  ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Share with entire group' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'en-GB' } });
    fireEvent.change(screen.getByLabelText(/Analysis webhook/), { target: { value: ' https://example.com/hook ' } });
    fireEvent.change(screen.getByLabelText(/metadata JSON/), { target: { value: '{not json' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onBody).toHaveBeenCalledTimes(1));
    expect(onBody.mock.calls[0]![0]).toEqual({
      title: 'Pitch',
      source: 'ui upload form',
      fileName: 'talk.mp3',
      fileSize: 10,
      groupId: 'g1',
      algorithm: 'rostrum-default',
      feedbackRequested: true,
      submitted: false,
      language: 'en-GB',
      vvAnalysisWebhook: 'https://example.com/hook',
    });
  });
});
