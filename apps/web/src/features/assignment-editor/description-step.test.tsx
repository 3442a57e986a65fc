import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DUE_MSG, vocabulary } from '@rostrum/contract';
import { DescriptionStep } from './description-step';

// Step 1's due date (issue 41 item 8): optional, on the organisation's clock, a new one ahead.

function renderStep(dueAt: string | null = null, timeZone = 'America/New_York', dueError: string | null = null) {
  const onSave = vi.fn();
  render(
    <MemoryRouter>
      <DescriptionStep
        initial={{ name: 'Pitch', description: 'Pitch it.', dueAt }}
        vocab={vocabulary('edu')}
        timeZone={timeZone}
        saving={false}
        cancelHref="/coach-dashboard"
        dueError={dueError}
        onSave={onSave}
      />
    </MemoryRouter>,
  );
  return { onSave };
}

const date = () => screen.getByLabelText(DUE_MSG.dueLabel) as HTMLInputElement;
const time = () => screen.getByLabelText(DUE_MSG.timeLabel) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save and Continue' }));

describe('description step: due date', { timeout: 15_000 }, () => {
  it('without a date: the time waits at 23:59 and the save sends dueAt null', async () => {
    const { onSave } = renderStep();
    expect(date().value).toBe('');
    expect(time().value).toBe('23:59');
    expect(time().disabled).toBe(true);
    expect(screen.getByText(/In your organization's time zone \(America\/New_York\)\. Students who have not completed it/)).toBeTruthy();
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Pitch', description: 'Pitch it.', dueAt: null }));
  });

  it("a date ahead is saved as the instant of that wall-clock time in the organisation's zone", async () => {
    const { onSave } = renderStep();
    fireEvent.change(date(), { target: { value: '2099-01-09' } });
    fireEvent.change(time(), { target: { value: '23:30' } });
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ dueAt: '2099-01-10T04:30:00.000Z' })));
  });

  it('a date in the past is refused with a clear message and nothing is saved', async () => {
    const { onSave } = renderStep();
    fireEvent.change(date(), { target: { value: '2020-01-01' } });
    save();
    expect(await screen.findByText(DUE_MSG.past)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('an overdue assignment keeps its saved date; Clear removes it', async () => {
    const { onSave } = renderStep('2020-01-10T04:30:00.000Z');
    expect(date().value).toBe('2020-01-09');
    expect(time().value).toBe('23:30');
    save();
    await waitFor(() => expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ dueAt: '2020-01-10T04:30:00.000Z' })));
    fireEvent.click(screen.getByRole('button', { name: DUE_MSG.clear }));
    expect(date().value).toBe('');
    save();
    await waitFor(() => expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ dueAt: null })));
  });

  it("shows the server's refusal on the date field", async () => {
    renderStep('2099-01-10T04:30:00.000Z', 'UTC', DUE_MSG.past);
    expect(await screen.findByText(DUE_MSG.past)).toBeTruthy();
  });
});
