import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ASSIGNMENT_MSG, vocabulary } from '@rostrum/contract';
import { WordspottingStep } from './wordspotting-step';

function renderStep(words: string[], editable = true) {
  const onSave = vi.fn();
  const onContinue = vi.fn();
  render(
    <WordspottingStep
      words={words}
      editable={editable}
      vocab={vocabulary('other')}
      saving={false}
      onBack={() => {}}
      onSave={onSave}
      onContinue={onContinue}
    />,
  );
  return { onSave, onContinue };
}

describe('wordspotting step', { timeout: 15_000 }, () => {
  it('starts from the assignment\'s phrases and saves them trimmed, blanks dropped, "uh/um" first', async () => {
    const { onSave } = renderStep(['pipeline']);
    expect((screen.getByRole('textbox', { name: 'Phrase 1' }) as HTMLInputElement).value).toBe('uh/um');
    expect((screen.getByRole('textbox', { name: 'Phrase 2' }) as HTMLInputElement).value).toBe('pipeline');
    fireEvent.change(screen.getByRole('textbox', { name: 'Phrase 3' }), { target: { value: '  next steps ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(['uh/um', 'pipeline', 'next steps']));
  });

  it('is read-only once assigned and only continues', () => {
    const { onSave, onContinue } = renderStep(['pipeline'], false);
    screen.getByText(ASSIGNMENT_MSG.criteriaLocked);
    expect((screen.getByRole('textbox', { name: 'Phrase 2' }) as HTMLInputElement).matches(':disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
