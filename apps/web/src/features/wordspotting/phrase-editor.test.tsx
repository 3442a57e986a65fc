import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { WORDSPOTTING_MSG } from '@rostrum/contract';
import { PhraseEditor } from './phrase-editor';
import { initialBoxes } from './phrase-rules';

// jsdom has no <dialog> methods; the alert only needs to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

function Harness({ words = [] as string[] }) {
  const [boxes, setBoxes] = useState(() => initialBoxes(words));
  return (
    <>
      <PhraseEditor boxes={boxes} onBoxesChange={setBoxes} />
      <output data-testid="boxes">{JSON.stringify(boxes)}</output>
    </>
  );
}

const boxes = () => JSON.parse(screen.getByTestId('boxes').textContent!) as string[];
const box = (n: number) => screen.getByRole('textbox', { name: `Phrase ${n}` }) as HTMLInputElement;
const alertShown = () => screen.queryByRole('alertdialog', { hidden: true })?.hasAttribute('open') ?? false;

describe('PhraseEditor', () => {
  it('shows one labelled box per phrase, "uh/um" first, an empty box last, each at most 100 characters', () => {
    render(<Harness words={['so']} />);
    expect(boxes()).toEqual(['uh/um', 'so', '']);
    expect(box(1).value).toBe('uh/um');
    expect(box(3).value).toBe('');
    expect(box(2).maxLength).toBe(100);
    expect(screen.getByText('2 of 25 phrases')).toBeTruthy();
  });

  it('adds a box as the last one is filled, and another when the last empty box is clicked', () => {
    render(<Harness />);
    fireEvent.change(box(2), { target: { value: 'you know' } });
    expect(boxes()).toEqual(['uh/um', 'you know', '']);
    fireEvent.click(box(3));
    expect(boxes()).toEqual(['uh/um', 'you know', '', '']);
  });

  it('alerts and restores "uh/um" when it is cleared', () => {
    render(<Harness words={['so']} />);
    fireEvent.change(box(1), { target: { value: '' } });
    expect(box(1).value).toBe('uh/um');
    expect(alertShown()).toBe(true);
    const dialog = screen.getByRole('alertdialog', { hidden: true });
    expect(within(dialog).getByText(WORDSPOTTING_MSG.fillerRestored)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK', hidden: true }));
    expect(alertShown()).toBe(false);
  });

  it('alerts and restores "uh/um" when it is edited into another phrase and left, or removed', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: 'uh' } });
    expect(alertShown()).toBe(false);
    fireEvent.blur(box(1));
    expect(box(1).value).toBe('uh/um');
    expect(alertShown()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'OK', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove phrase 1' }));
    expect(boxes()[0]).toBe('uh/um');
    expect(alertShown()).toBe(true);
  });

  it('removes any other phrase', () => {
    render(<Harness words={['so', 'like']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove phrase 2' }));
    expect(boxes()).toEqual(['uh/um', 'like', '']);
    expect(alertShown()).toBe(false);
  });

  it('stops at 25 boxes and says so', () => {
    render(<Harness words={Array.from({ length: 23 }, (_, i) => `p${i}`)} />);
    expect(boxes()).toHaveLength(25);
    fireEvent.change(box(25), { target: { value: 'last' } });
    fireEvent.click(box(25));
    expect(boxes()).toHaveLength(25);
    expect(screen.getByText('You have reached the limit of 25 phrases.')).toBeTruthy();
  });
});
