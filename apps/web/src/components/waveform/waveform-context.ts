import { createContext, useContext, useSyncExternalStore } from 'react';
import { INITIAL_WAVEFORM_STATE, type TWaveformState, type WaveformController } from './waveform-controller';

export const WaveformContext = createContext<WaveformController | null>(null);

/** The page's waveform controller (null outside a results page with media). */
export function useWaveform(): WaveformController | null {
  return useContext(WaveformContext);
}

const noop = () => () => {};

export function useWaveformState(): TWaveformState {
  const c = useWaveform();
  return useSyncExternalStore(c ? c.subscribe : noop, c ? c.getState : () => INITIAL_WAVEFORM_STATE);
}
