/**
 * One Butterworth (Q = 1/sqrt 2) biquad section, coefficients from the RBJ Audio EQ Cookbook,
 * run one sample at a time so that a whole file (the engine) and a microphone's 128-sample
 * blocks (the browser's live cues) go through the same filter.
 */
export class Biquad {
  private readonly b0: number;
  private readonly b1: number;
  private readonly b2: number;
  private readonly a1: number;
  private readonly a2: number;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(sampleRate: number, cutoff: number, kind: 'low' | 'high') {
    const w = (2 * Math.PI * cutoff) / sampleRate;
    const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
    const cos = Math.cos(w);
    const a0 = 1 + alpha;
    this.b0 = (kind === 'low' ? (1 - cos) / 2 : (1 + cos) / 2) / a0;
    this.b1 = (kind === 'low' ? 1 - cos : -(1 + cos)) / a0;
    this.b2 = this.b0;
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
  }

  step(x: number): number {
    const y = this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}
