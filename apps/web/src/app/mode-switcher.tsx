import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { MODE_SWITCH_THROTTLE_MS, type TMode } from '@rostrum/contract';
import { modeHomePath } from './route-paths';
import { useSwitchMode } from './mode.queries';
import type { TViewer } from './viewer';

/**
 * Coach / speaker mode for users who are both (000 section 4): throttled to once per 500 ms,
 * kept in preferences (currentMode), and moves to the matching home page.
 */
export function ModeSwitcher({ viewer, onSwitched }: { viewer: TViewer; onSwitched?: () => void }) {
  const saveMode = useSwitchMode();
  const navigate = useNavigate();
  const last = useRef(0);
  const { vocab, mode } = viewer;

  const switchTo = (next: TMode) => {
    const now = Date.now();
    if (next === mode || now - last.current < MODE_SWITCH_THROTTLE_MS) return;
    last.current = now;
    saveMode(next);
    onSwitched?.();
    void navigate(modeHomePath(next, viewer.facts, viewer.assignmentsOn));
  };

  const options: Array<{ mode: TMode; label: string }> = [
    { mode: 'manager', label: vocab.Word('coach') },
    { mode: 'speaker', label: vocab.Word('speaker') },
  ];
  return (
    <div className="mode-switcher" role="radiogroup" aria-label="Mode">
      {options.map((o) => (
        // biome-ignore lint/a11y/useSemanticElements: each press switches mode and navigates; native radios would switch on every arrow key.
        <button
          key={o.mode}
          type="button"
          role="radio"
          aria-checked={mode === o.mode}
          className="mode-switcher__option"
          onClick={() => switchTo(o.mode)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
