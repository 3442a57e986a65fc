import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Radar } from './radar';

const scores = (a: number, b: number, c: number) => [
  { name: 'calm', score: a },
  { name: 'clear', score: b },
  { name: 'warm', score: c },
];

describe('Radar', () => {
  it('draws one shape and no legend for one set of scores', () => {
    const { container } = render(<Radar title="Positive Vibes" scores={scores(5, 6, 7)} tone="positive" />);
    expect(container.querySelectorAll('[data-testid="radar-shape"]')).toHaveLength(1);
    expect(screen.queryByTestId('radar-legend')).toBeNull();
  });

  it('overlays each series with its own pattern class, names them in a legend and tabulates every value', () => {
    const { container } = render(
      <Radar
        title="Positive Vibes"
        tone="positive"
        series={[
          { id: 'a', label: 'Take 1: Talk', scores: scores(5, 6, 7) },
          { id: 'b', label: 'Take 2: Talk (2)', scores: scores(8, 2, 4) },
        ]}
      />,
    );
    const shapes = [...container.querySelectorAll('[data-testid="radar-shape"]')];
    expect(shapes.map((g) => g.getAttribute('class'))).toEqual(['radar__series radar__series--0', 'radar__series radar__series--1']);
    // The shapes differ where the scores do.
    const points = shapes.map((g) => g.querySelector('polygon')?.getAttribute('points'));
    expect(points[0]).not.toBe(points[1]);
    expect(
      within(screen.getByTestId('radar-legend'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Take 1: Talk', 'Take 2: Talk (2)']);
    const table = screen.getByRole('table', { name: 'Positive Vibes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Vibe', 'Take 1: Talk (0-10)', 'Take 2: Talk (2) (0-10)']);
    expect(within(table).getAllByRole('row')[2]?.textContent).toBe('clear6.02.0');
  });
});
