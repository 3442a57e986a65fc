import type { TLiveFrame } from '@rostrum/analysis/live';
import workletUrl from './live-cues.worklet.ts?worker&url';

/** How long a posted frame lasts, seconds (FRAME_BLOCKS of 2 ms). */
export const FRAME_SECONDS = 0.02;

export interface TCueTap {
  stop(): void;
}

/**
 * Taps the recording's MediaStream for the live cues: an AudioContext of its own with the live
 * meter's AudioWorklet, heard by nobody. The recorder and the live upload keep the stream as
 * they had it; stopping the tap closes only this context. If the browser has no AudioWorklet the
 * cues stay empty and recording goes on.
 */
export function startCueTap(stream: MediaStream, onFrame: (frame: TLiveFrame) => void): TCueTap {
  let stopped = false;
  let context: AudioContext | null = null;
  const start = async () => {
    context = new AudioContext();
    await context.audioWorklet.addModule(workletUrl);
    if (stopped) return;
    const node = new AudioWorkletNode(context, 'live-cues', { numberOfInputs: 1, numberOfOutputs: 0 });
    node.port.onmessage = (e: MessageEvent<TLiveFrame>) => {
      if (!stopped) onFrame(e.data);
    };
    context.createMediaStreamSource(stream).connect(node);
    if (context.state === 'suspended') await context.resume();
  };
  start().catch(() => undefined);
  return {
    stop() {
      stopped = true;
      void context?.close().catch(() => undefined);
    },
  };
}
