import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WaveformContext } from '../../components/waveform/waveform-context';
import { WaveformController } from '../../components/waveform/waveform-controller';
import { ORG_LIST, scoresOf, word, wordResults } from './results-fixtures';
import { phraseHighlightKey, WordSpottingCard } from './word-spotting-card';

// 002 section 2.9 on the results page: which list was counted, the phrases not heard, and each
// phrase's hot spots on their own.

const transcript = [
  word('So', 0.5, 0.8),
  word('you', 1.0, 1.2),
  word('know', 1.2, 1.5),
  word('the', 1.6, 1.8),
  word('plan', 1.8, 2.2),
  word('so', 3.0, 3.3),
];
const hot = [
  { from: 0.5, to: 0.8, spread: 1 },
  { from: 1.0, to: 1.5, spread: 1 },
  { from: 3.0, to: 3.3, spread: 1 },
];
const results = wordResults(transcript, { 'uh/um': 0, so: 2, 'you know': 1, 'product name': 0 }, hot);

function renderCard(used = ORG_LIST as typeof ORG_LIST | null, controller: WaveformController | null = null, r = results) {
  return render(
    <WaveformContext.Provider value={controller}>
      <WordSpottingCard
        results={r}
        scores={scoresOf(r)}
        used={used}
        ownerView
        card={{ title: 'Word Spotting', testId: 'chart-wordSpotting' }}
      />
    </WaveformContext.Provider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('WordSpottingCard', () => {
  it('names the list the results counted', () => {
    renderCard();
    expect(screen.getByTestId('word-list-label').textContent).toBe('Organisation list (Northwind Communications)');
    expect(screen.getByTestId('word-list').textContent).toContain('Counted with: Organisation list (Northwind Communications)');
  });

  it('shows every phrase of the list, the ones not heard at 0, heard ones first', () => {
    renderCard();
    const img = screen.getByRole('img');
    expect(img.getAttribute('aria-label')).toBe('Word Spotting: 3 spotted words; so 2, you know 1, uh/um 0, product name 0');
    expect(screen.getByTestId('word-list-not-heard').textContent).toBe('Not heard: uh/um, product name');
  });

  it('lists a phrase of the list that the scores lack as not heard', () => {
    renderCard({ ...ORG_LIST, words: [...ORG_LIST.words, 'synergy'] });
    expect(screen.getByTestId('word-list-not-heard').textContent).toBe('Not heard: uh/um, product name, synergy');
  });

  it('without a known list: no label, the counts as scored', () => {
    renderCard(null);
    expect(screen.queryByTestId('word-list-label')).toBeNull();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Word Spotting: 3 spotted words; so 2, you know 1, uh/um 0, product name 0',
    );
  });

  it('without a waveform: no per-phrase highlights', () => {
    renderCard();
    expect(screen.queryByRole('group', { name: 'Highlight one phrase' })).toBeNull();
  });

  it("highlights one phrase's moments at a time on the waveform", async () => {
    const controller = new WaveformController();
    const toggle = vi.spyOn(controller, 'toggleHighlight');
    renderCard(ORG_LIST, controller);
    const group = screen.getByRole('group', { name: 'Highlight one phrase' });
    const chips = within(group).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['so 2', 'you know 1']);
    await userEvent.click(within(group).getByRole('button', { name: 'you know 1' }));
    expect(toggle).toHaveBeenCalledWith(phraseHighlightKey('you know'), [{ from: 1.0, to: 1.5, spread: 1 }]);
    expect(within(group).getByRole('button', { name: 'you know 1' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: 'so 2' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(within(group).getByRole('button', { name: 'so 2' }));
    expect(toggle).toHaveBeenLastCalledWith(phraseHighlightKey('so'), [
      { from: 0.5, to: 0.8, spread: 1 },
      { from: 3.0, to: 3.3, spread: 1 },
    ]);
    expect(within(group).getByRole('button', { name: 'so 2' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: 'you know 1' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('orders the phrase highlights as the donut, whatever order the scores keep (a JSON column sorts keys)', () => {
    const filler = [word('um', 0.2, 0.4, 'filler'), ...transcript];
    const r = wordResults(filler, { so: 2, 'uh/um': 1, 'you know': 1, 'product name': 0 }, [...hot, { from: 0.2, to: 0.4, spread: 1 }]);
    renderCard(ORG_LIST, new WaveformController(), r);
    const group = screen.getByRole('group', { name: 'Highlight one phrase' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((c) => c.textContent),
    ).toEqual(['uh/um 1', 'so 2', 'you know 1']);
  });
});
