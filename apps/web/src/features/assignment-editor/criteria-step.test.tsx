import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ASSIGNMENT_MSG, normaliseCriteria, vocabulary } from '@rostrum/contract';
import { CriteriaStep } from './criteria-step';

const saved = normaliseCriteria({ algorithm: 'rostrum-default' });
const algorithms = ['rostrum-default', 'rostrum-conversational'];

function renderStep(editable = true) {
  const onSave = vi.fn();
  const onContinue = vi.fn();
  render(
    <CriteriaStep
      criteria={saved}
      algorithms={algorithms}
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

describe('criteria step', { timeout: 15_000 }, () => {
  it('labels the algorithms by speaker type', () => {
    renderStep();
    expect((screen.getByRole('radio', { name: /Single Speaker/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Multi-Speaker/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('saves checked numbers by the rules: a count that is not positive becomes 1, a rating out of range 4', async () => {
    const { onSave } = renderStep();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Minimum number of recordings' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Number of recordings' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Minimum average rating' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Minimum rating, 1 to 10' }), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use a custom scorecard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        minRecordings: true,
        minRecordingsCount: 1,
        minRating: true,
        minRatingNum: 4,
        scorecard: true,
        minScore: false,
      }),
    );
    expect(onSave.mock.calls[0]![0]).not.toHaveProperty('minScoreNum');
  });

  it('saves the custom wordspotting list option, off by default', async () => {
    const { onSave } = renderStep();
    const box = screen.getByRole('checkbox', { name: 'Use a custom wordspotting list' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ wordspotting: true, scorecard: false });
  });

  it('drops the number of an unchecked criterion', async () => {
    const { onSave } = renderStep();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Minimum overall score' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Minimum score, 1 to 10' }), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Minimum overall score' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ minScore: false });
    expect(onSave.mock.calls[0]![0]).not.toHaveProperty('minScoreNum');
  });

  it('keeps a number as typed while its criterion is off, and saves it once it is on again', async () => {
    const { onSave } = renderStep();
    const box = screen.getByRole('checkbox', { name: 'Minimum average rating' });
    const rating = screen.getByRole('spinbutton', { name: 'Minimum rating, 1 to 10' }) as HTMLInputElement;
    expect(rating.disabled).toBe(true);
    fireEvent.click(box);
    fireEvent.change(rating, { target: { value: '7' } });
    fireEvent.click(box);
    expect(rating.value).toBe('');
    fireEvent.click(box);
    expect(rating.value).toBe('7');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ minRating: true, minRatingNum: 7 });
  });

  it('is read-only once assigned, with the message and the way forward', () => {
    const { onSave, onContinue } = renderStep(false);
    screen.getByText(ASSIGNMENT_MSG.criteriaLocked);
    screen.getByText(/archive this assignment and create a new one/);
    expect((screen.getByRole('radio', { name: /Multi-Speaker/ }) as HTMLInputElement).matches(':disabled')).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Minimum number of recordings' }) as HTMLInputElement).matches(':disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(onContinue).toHaveBeenCalled();
  });
});
