import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSIGNMENT_MSG, vocabulary } from '@rostrum/contract';
import { ScorecardStep } from './scorecard-step';
import { EMPTY_RATING_NAME } from './scorecard-rules';

// jsdom has no <dialog> methods; the alert only needs to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

function renderStep(editable = true) {
  const onSave = vi.fn();
  const onContinue = vi.fn();
  render(
    <ScorecardStep
      scorecard={null}
      editable={editable}
      vocab={vocabulary('other')}
      saving={false}
      onBack={() => {}}
      onSave={onSave}
      onContinue={onContinue}
    />,
  );
  return { onSave, onContinue, user: userEvent.setup() };
}

const alertText = () => within(screen.getByRole('alertdialog', { hidden: true })).getByText(/./, { selector: 'p' }).textContent;
const save = () => screen.getByRole('button', { name: 'Save and Continue' });

describe('scorecard step (002 section 5)', { timeout: 15_000 }, () => {
  it('alerts for a rating still named "New Rating" and saves nothing; OK closes the alert', async () => {
    const { onSave, user } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Add Rating' }));
    await user.click(save());
    await waitFor(() => expect(alertText()).toBe(ASSIGNMENT_MSG.unnamedRating));
    expect(screen.getByRole('alertdialog', { hidden: true }).hasAttribute('open')).toBe(true);
    expect(onSave).not.toHaveBeenCalled();
    // OK has the focus (Enter closes the alert), as the e2e spec checks.
    const ok = within(screen.getByRole('alertdialog', { hidden: true })).getByRole('button', { name: 'OK', hidden: true });
    expect(document.activeElement).toBe(ok);

    await user.click(ok);
    expect(screen.getByRole('alertdialog', { hidden: true }).hasAttribute('open')).toBe(false);
  });

  it('alerts for an empty name and for names giving one id, keeping what was typed', async () => {
    const { onSave, user } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Add Rating' }));
    await user.clear(screen.getByLabelText('Rating 5 name'));
    await user.click(save());
    await waitFor(() => expect(alertText()).toBe(EMPTY_RATING_NAME));

    await user.type(screen.getByLabelText('Rating 5 name'), 'STORY telling');
    await user.click(screen.getByRole('button', { name: 'Add Rating' }));
    await user.clear(screen.getByLabelText('Rating 6 name'));
    await user.type(screen.getByLabelText('Rating 6 name'), 'Storytelling');
    await user.click(save());
    await waitFor(() => expect(alertText()).toBe(ASSIGNMENT_MSG.duplicateRating('Storytelling')));
    expect(screen.getByLabelText('Rating 6 name')).toHaveProperty('value', 'Storytelling');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the presets and the custom rating as questions, with the coach-only switch', async () => {
    const { onSave, user } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Add Rating' }));
    await user.clear(screen.getByLabelText('Rating 5 name'));
    await user.type(screen.getByLabelText('Rating 5 name'), ' Storytelling ');
    await user.click(screen.getByRole('switch', { name: 'Coach-only scorecard' }));
    await user.click(save());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const body = onSave.mock.calls[0]![0];
    expect(body.coachOnlyScorecard).toBe(true);
    expect(body.questions.map((q: { id: string; label: string; order: number }) => [q.id, q.label, q.order])).toEqual([
      ['scoreOverall', 'Overall', 0],
      ['scoreOrganization', 'Organization and Content', 1],
      ['scoreDelivery', 'Vocal Delivery', 2],
      ['scoreXfactor', 'X Factor', 3],
      ['customstorytelling', 'Storytelling', 4],
    ]);
  });

  it('only continues when read-only', async () => {
    const { onSave, onContinue, user } = renderStep(false);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
