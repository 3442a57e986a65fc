import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';
import { concatenate, readMono, speak } from '../testing/speech-fixtures.js';

describe('conversational algorithm', () => {
  it('diarizes a two-voice concatenation within 5 points of the true talk-vs-listen split', async () => {
    const lines: [string, number][] = [
      ['Hi, thanks for joining me today. How was your week?', 1],
      ['It was busy but good. We finished the project on time.', 2],
      ['That is great news. What was the hardest part?', 1],
      ['Honestly, the testing. We found many small problems late, and fixing them took most of our time.', 2],
      ['I see. Would you plan it differently next time?', 1],
      ['Yes, we would test earlier and share drafts with the team every week.', 2],
    ];
    const voices = { 1: { voice: 'en-us', pitch: 35, rate: 160 }, 2: { voice: 'en-us+f3', pitch: 75, rate: 170 } } as const;
    const pieces = await Promise.all(
      lines.map(async ([text, who], i) => ({ samples: await readMono(speak(text, voices[who as 1 | 2])), gapBefore: i === 0 ? 0.4 : 0.7, label: who })),
    );
    const { file, spans } = concatenate('conversation-v1', pieces);
    const talk = (who: number): number => spans.filter((s) => s.label === who).reduce((s, x) => s + x.to - x.from, 0);
    const truth = (100 * talk(1)) / (talk(1) + talk(2));
    const r = await analyze(file, { algorithm: 'org-conversational', transcriber: 'none' });
    expect(r.isConversational).toBe(true);
    expect(r.numSpeakers).toBe(2);
    expect(Math.abs((r.scores.talkVsListen ?? 0) - truth)).toBeLessThanOrEqual(5);
    expect(r.scores.perSpeaker).toHaveLength(2);
    expect(r.scores.convoSwitches).toBeGreaterThanOrEqual(2);
    expect(r.scores.questions).toBeGreaterThanOrEqual(1);
    expect(r.data.speakers[1]?.turns.length).toBe(3);
  });

  it('uses one channel per speaker when the file has them', async () => {
    const a = await readMono(speak('Good afternoon. Can you hear me well?', { voice: 'en-us', pitch: 40 }));
    const b = await readMono(speak('Yes, I can hear you very clearly.', { voice: 'en-us+f3', pitch: 70 }));
    const { execFileSync } = await import('node:child_process');
    const left = concatenate('left-v1', [{ samples: a, gapBefore: 0.3 }, { samples: new Float32Array(16000 * 3), gapBefore: 0 }]).file;
    const right = concatenate('right-v1', [{ samples: b, gapBefore: 3.3 }]).file;
    const stereo = left.replace('left-v1', 'stereo-v1');
    execFileSync('sox', ['-M', left, right, stereo]);
    const r = await analyze(stereo, { algorithm: 'conversational', transcriber: 'none' });
    expect(r.numSpeakers).toBe(2);
    expect(r.data.speakers[0]?.turns[0]?.from ?? 9).toBeLessThan(1);
    expect(r.data.speakers[1]?.turns[0]?.from ?? 0).toBeGreaterThan(3);
  });
});
