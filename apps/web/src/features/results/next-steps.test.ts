import { describe, expect, it } from 'vitest';
import { focusOn } from './next-steps';

// Issue 12 item 23: "Focus on" repeats the top Next Steps tips, each with the metric it is about.
describe('focusOn', () => {
  it('pairs each tip with the metric it works on, in the tips order', () => {
    const items = focusOn({
      main: { workOn: ['pace', 'fillerWords'], tips: ['Slow down.', 'Fewer ums.'] },
      byMetric: { pace: ['Slow down.'] },
    });
    expect(items).toEqual([
      { key: 'pace', title: 'Pace', tip: 'Slow down.' },
      { key: 'fillerWords', title: 'Filler Words', tip: 'Fewer ums.' },
    ]);
  });

  it('keeps a tip that names no metric, and at most three', () => {
    expect(focusOn({ main: { workOn: [], tips: ['Strong delivery overall.'] }, byMetric: {} })).toEqual([
      { key: null, title: null, tip: 'Strong delivery overall.' },
    ]);
    const four = focusOn({ main: { workOn: ['pace', 'clarity', 'upspeak', 'pauseToTalk'], tips: ['a', 'b', 'c', 'd'] }, byMetric: {} });
    expect(four.map((f) => f.tip)).toEqual(['a', 'b', 'c']);
  });
});
