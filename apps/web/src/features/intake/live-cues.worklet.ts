import { LiveMeter } from '@rostrum/analysis/live';

// The live cues' AudioWorklet (bundled by Vite, see cue-tap.ts): runs on the audio thread, puts
// each 128-sample block of the microphone through the engine's live meter and posts every 20 ms
// frame (level, clipping, 2 ms block powers) to the page, which measures pace and pausing.

// The AudioWorkletGlobalScope's names (not in TypeScript's DOM library).
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

class LiveCuesProcessor extends AudioWorkletProcessor {
  private readonly meter = new LiveMeter(sampleRate);

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (channel) for (const frame of this.meter.push(channel)) this.port.postMessage(frame);
    // Kept alive while the page holds the node; it disconnects the source to stop.
    return true;
  }
}

registerProcessor('live-cues', LiveCuesProcessor);
