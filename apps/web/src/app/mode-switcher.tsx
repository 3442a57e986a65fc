import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MODE_SWITCH_THROTTLE_MS, type TMeResponse, type TMode } from '@rostrum/contract';
import { api, queryKeys } from '../api/rostrum-api';
import { modeHomePath } from './route-paths';
import type { TViewer } from './viewer';

/**
 * Coach / speaker mode for users who are both (000 section 4): throttled to once per 500 ms,
 * kept in preferences (currentMode), and moves to the matching home page.
 */
export function ModeSwitcher({ viewer, onSwitched }: { viewer: TViewer; onSwitched?: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const last = useRef(0);
  const { vocab, mode } = viewer;
  // The mode is saved in the background; a failed save reloads me so the header shows the kept mode.
  const saveMode = useMutation({
    mutationFn: (next: TMode) => api.updatePreferences({ currentMode: next }),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    meta: { ownsErrors: true },
  });

  const switchTo = (next: TMode) => {
    const now = Date.now();
    if (next === mode || now - last.current < MODE_SWITCH_THROTTLE_MS) return;
    last.current = now;
    queryClient.setQueryData<TMeResponse>(queryKeys.me, (me) =>
      me ? { ...me, user: { ...me.user, preferences: { ...me.user.preferences, currentMode: next } } } : me,
    );
    saveMode.mutate(next);
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
