import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { UNCERTAIN_TRANSCRIPT_NOTICE, UNCERTAIN_WORD_CONFIDENCE, type TResults, type TTranscriptItem } from '@rostrum/contract';
import { scoresOf, word, wordResults } from './results-fixtures';
import { ResultsTabs } from './results-tabs';
import { WordSpottingCard } from './word-spotting-card';

// Honest words: the transcript fades the words the recogniser was unsure of, shows what else it
// heard on hover and on keyboard focus, and says so in one sentence when most words are uncertain.

const unsure = (text: string, start: number, end: number, alternatives: TTranscriptItem['alternatives'] = []): TTranscriptItem => ({
  ...word(text, start, end),
  confidence: UNCERTAIN_WORD_CONFIDENCE / 2,
  alternatives,
});

function withConfidence(transcript: TTranscriptItem[], mostlyUncertain?: boolean): TResults {
  const r = wordResults(transcript, { 'uh/um': 1 }, [{ from: 0.1, to: 0.3, spread: 1 }]);
  if (mostlyUncertain !== undefined)
    r.data.wordConfidence = {
      threshold: UNCERTAIN_WORD_CONFIDENCE,
      words: transcript.length,
      uncertain: 0,
      mostlyUncertain,
      wordSpotting: { 'uh/um': 1 },
    };
  return r;
}

const renderTranscript = (results: TResults) =>
  render(<ResultsTabs results={results} scores={scoresOf(results)} ownerView tab="transcript" onTab={() => {}} />);

describe('Transcript: uncertain words', () => {
  const transcript = [
    word('um', 0.1, 0.3, 'filler'),
    word('the', 0.5, 0.7),
    unsure('asterisk', 0.7, 1.2, [
      { text: 'asterisks', confidence: 0.3 },
      { text: 'after', confidence: 0.1 },
    ]),
    word('open', 1.3, 1.6),
    unsure('risky', 1.7, 2.0),
  ];

  it('fades the uncertain words only, and marks fillers apart', () => {
    renderTranscript(withConfidence(transcript, false));
    const box = screen.getByTestId('transcript');
    expect([...box.querySelectorAll('.word--uncertain')].map((w) => w.textContent)).toEqual(['asterisk', 'risky']);
    expect([...box.querySelectorAll('.word--filler')].map((w) => w.textContent)).toEqual(['um']);
    expect(screen.queryByTestId('transcript-uncertain')).toBeNull();
    expect(screen.queryByTestId('word-tip')).toBeNull();
  });

  it("shows the recogniser's alternatives on hover, and only that the word is uncertain when it gave none", () => {
    renderTranscript(withConfidence(transcript, false));
    const [asterisk, risky] = [...screen.getByTestId('transcript').querySelectorAll<HTMLElement>('.word--uncertain')];
    fireEvent.mouseOver(asterisk!);
    expect(screen.getByRole('tooltip').textContent).toContain('Uncertain word. The recogniser also heard: asterisks, after');
    fireEvent.mouseOut(asterisk!, { relatedTarget: document.body });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseOver(risky!);
    expect(screen.getByRole('tooltip').textContent).toMatch(/^Uncertain word: the recogniser could not make it out$/);
  });

  it('is reachable by keyboard: one tab stop, the arrow keys go on, the hint describes the focused word', () => {
    renderTranscript(withConfidence(transcript, false));
    const [asterisk, risky] = [...screen.getByTestId('transcript').querySelectorAll<HTMLElement>('.word--uncertain')];
    expect(asterisk!.tabIndex).toBe(0);
    expect(risky!.tabIndex).toBe(-1);
    // Certain words take no tab stop.
    expect(screen.getByText('open').hasAttribute('tabindex')).toBe(false);
    fireEvent.focus(asterisk!);
    const tip = screen.getByRole('tooltip');
    expect(asterisk!.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.keyDown(asterisk!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(risky);
    expect(risky!.tabIndex).toBe(0);
    expect(asterisk!.tabIndex).toBe(-1);
    expect(screen.getByRole('tooltip').textContent).toContain('Uncertain word: the recogniser could not make it out');
    expect(risky!.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    expect(asterisk!.hasAttribute('aria-describedby')).toBe(false);
  });

  it('says in one sentence when most of the transcript is uncertain', () => {
    renderTranscript(withConfidence(transcript, true));
    expect(screen.getByTestId('transcript-uncertain').textContent).toMatch(
      /^Parts of this transcript are uncertain: the recogniser could not make out every word$/,
    );
    expect(UNCERTAIN_TRANSCRIPT_NOTICE).toBe('Parts of this transcript are uncertain: the recogniser could not make out every word');
  });

  it('decides from the words themselves for results made before the analysis said', () => {
    renderTranscript(withConfidence([unsure('lol', 0, 0.3), unsure('you', 0.4, 0.6), word('want', 0.7, 0.9)]));
    expect(screen.getByTestId('transcript-uncertain')).not.toBeNull();
  });
});

describe('Word Spotting card: counts on uncertain words', () => {
  it('names the phrases whose counts rest on uncertain words', () => {
    const r = withConfidence([unsure('um', 0.1, 0.3)], true);
    render(
      <WordSpottingCard results={r} scores={scoresOf(r)} used={null} ownerView card={{ title: 'Word Spotting', testId: 'ws' } as never} />,
    );
    expect(screen.getByTestId('word-list-uncertain').textContent).toContain('Resting on uncertain words: uh/um (1 of 1)');
  });
});
