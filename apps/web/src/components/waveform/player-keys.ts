import { useCallback, useState } from 'react';

// The player's single-key shortcuts (p, r, f) can be turned off (WCAG 2.1.4): someone who speaks
// to their computer, or types with one finger, must not set the player off by a stray letter.
// Remembered on this device, for the results page and shared results alike.

const STORAGE_KEY = 'rostrum.playerKeys';

function storedOn(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Whether the shortcuts are on, and a setter that remembers the choice. */
export function usePlayerKeys(): [on: boolean, setOn: (on: boolean) => void] {
  const [on, setOnState] = useState(storedOn);
  const setOn = useCallback((next: boolean) => {
    setOnState(next);
    try {
      if (next) window.localStorage.removeItem(STORAGE_KEY);
      else window.localStorage.setItem(STORAGE_KEY, 'off');
    } catch {
      // Storage refused (a private window): the choice lasts for this page.
    }
  }, []);
  return [on, setOn];
}
