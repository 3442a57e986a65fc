import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Donut } from './donut';

describe('Donut', () => {
  it("colours each arc as its phrase's legend swatch, also after a phrase at zero", () => {
    const { container } = render(
      <Donut
        title="Word Spotting"
        counts={[
          ['never said', 0],
          ['so', 2],
          ['you know', 1],
        ]}
      />,
    );
    const arcs = [...container.querySelectorAll('path.donut__part')].map((p) => p.getAttribute('stroke'));
    const swatches = [...container.querySelectorAll('.donut__swatch')].map((s) => (s as HTMLElement).style.background);
    expect(arcs).toEqual([swatches[1], swatches[2]]);
    expect(swatches[0]).toBe('var(--color-grey-200)');
    expect(container.querySelector('svg')?.getAttribute('aria-label')).toBe(
      'Word Spotting: 3 spotted words; never said 0, so 2, you know 1',
    );
  });
});
