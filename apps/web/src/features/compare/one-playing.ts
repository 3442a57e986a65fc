import { useEffect } from 'react';
import type { WaveformController } from '../../components/waveform/waveform-controller';

/** Side-by-side players: when one starts playing, the others pause, so two takes never talk at once. */
export function useOnePlaying(controllers: readonly WaveformController[]): void {
  useEffect(() => {
    const playing = controllers.map((c) => c.getState().playing);
    const subs = controllers.map((c, i) =>
      c.subscribe(() => {
        const now = c.getState().playing;
        if (now && !playing[i]) for (const other of controllers) if (other !== c) other.pause();
        playing[i] = now;
      }),
    );
    return () => {
      for (const unsubscribe of subs) unsubscribe();
    };
  }, [controllers]);
}
