import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { WaveformContext } from '../../components/waveform/waveform-context';
import { WaveformController } from '../../components/waveform/waveform-controller';
import { scoresOf, word, wordResults } from './results-fixtures';
import { ResultsTabs } from './results-tabs';

// The transcript marks each spotted phrase where it was heard, a phrase of several words as one
// mark, and names the phrase a marked word belongs to.

const transcript = [
  word('So', 0.5, 0.8),
  word('you', 1.0, 1.2),
  word('know', 1.2, 1.5),
  word('the', 1.6, 1.8),
  word('plan', 1.8, 2.2),
  word('you', 4.0, 4.2),
  word('know', 4.2, 4.5),
];
const results = wordResults(transcript, { 'uh/um': 0, so: 1, 'you know': 1 }, [
  { from: 0.5, to: 0.8, spread: 1 },
  { from: 1.0, to: 1.5, spread: 1 },
]);

describe('Transcript marks', () => {
  it('marks the words of each phrase heard, joins a phrase of several words, and names the phrase', () => {
    render(<ResultsTabs results={results} scores={scoresOf(results)} ownerView tab="transcript" onTab={() => {}} />);
    const marked = [...screen.getByTestId('transcript').querySelectorAll('.word--spotted')];
    expect(marked.map((m) => [m.textContent, m.getAttribute('data-phrase'), m.getAttribute('title')])).toEqual([
      ['So', 'so', 'Spotted: so'],
      ['you', 'you know', 'Spotted: you know'],
      ['know', 'you know', 'Spotted: you know'],
    ]);
    // One join: the space between "you" and "know" heard at 1.0 s; the second "you know" had no hit.
    const joins = screen.getByTestId('transcript').querySelectorAll('.word-join--spotted');
    expect(joins).toHaveLength(1);
    expect(joins[0]!.nextElementSibling?.textContent).toBe('know');
    expect(joins[0]!.nextElementSibling?.getAttribute('data-start')).toBe('1.2');
  });

  it('renders one element a word, and a click on a word plays from its start (nothing else seeks)', () => {
    const controller = new WaveformController();
    const seek = vi.spyOn(controller, 'seek').mockImplementation(() => {});
    render(
      <WaveformContext.Provider value={controller}>
        <ResultsTabs results={results} scores={scoresOf(results)} ownerView tab="transcript" onTab={() => {}} />
      </WaveformContext.Provider>,
    );
    const box = screen.getByTestId('transcript');
    const words = [...box.querySelectorAll('.word')];
    expect(words.map((w) => w.textContent)).toEqual(['So', 'you', 'know', 'the', 'plan', 'you', 'know']);
    // The spaces are text beside the words, not elements of their own.
    expect(box.querySelectorAll('p > span:not(.word):not(.word-join--spotted)')).toHaveLength(0);
    fireEvent.click(words[4]!);
    expect(seek).toHaveBeenLastCalledWith(1.8);
    fireEvent.click(box.querySelector('p')!);
    expect(seek).toHaveBeenCalledTimes(1);
  });
});
