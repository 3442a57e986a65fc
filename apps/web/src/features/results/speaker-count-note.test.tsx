import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SpeakerCountNote } from './speaker-count-note';

// A Multi-Speaker recording says how many voices its analysis found (the choice is a hint).
describe('SpeakerCountNote', () => {
  it('says one voice was found and scored as a talk', () => {
    render(<SpeakerCountNote count={{ found: 1, source: 'measured', hint: 2, deltaBicPerFrame: 0.04 }} />);
    expect(screen.getByTestId('speaker-count').textContent).toBe('One voice found, scored as a talk.');
  });
  it('says how many speakers were found, and when by channel', () => {
    const { rerender } = render(<SpeakerCountNote count={{ found: 2, source: 'hint', hint: 2, deltaBicPerFrame: 1.1 }} />);
    expect(screen.getByTestId('speaker-count').textContent).toBe('2 speakers found.');
    rerender(<SpeakerCountNote count={{ found: 3, source: 'channels', hint: 2, deltaBicPerFrame: null }} />);
    expect(screen.getByTestId('speaker-count').textContent).toBe('3 speakers found, one per channel.');
  });
});
