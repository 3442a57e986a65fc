import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeChannelPeaks, computePeaks } from './peaks.js';

describe('computeChannelPeaks: one peaks list per channel of a multichannel file', () => {
  it('keeps a loud left channel and a silent right channel apart, each as long as the mono peaks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'peaks-'));
    const file = join(dir, 'stereo.wav');
    // 2 s: a 440 Hz tone on the left, silence on the right.
    execFileSync('sox', ['-n', '-r', '16000', '-c', '2', file, 'synth', '2', 'sine', '440', 'remix', '1', '0']);
    const [left, right] = await computeChannelPeaks(file, 2);
    const mono = await computePeaks(file);
    expect(left).toHaveLength(mono.data.length);
    expect(right).toHaveLength(mono.data.length);
    expect(Math.max(...left!)).toBeGreaterThan(0.3);
    expect(Math.max(...right!.map(Math.abs))).toBeLessThan(0.01);
  });
});
