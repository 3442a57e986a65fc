import { useSyncExternalStore } from 'react';
import type { BannerKind } from '../components/banner';
import { reportNotification } from './error-reporting';

// The notification banner above the content (000 sections 2.2 and 8): one message at a time,
// sticky or dismissible, cleared on every navigation. A message can wait for the next
// navigation (shown on the page the user is sent to) or for a delay (the join error after 1 s).

export interface TNotification {
  kind: BannerKind;
  title: string;
  text?: string;
  /** Sticky messages have no dismiss button. */
  sticky?: boolean;
  /** A button in the banner (Undo); the banner stays until the action, a dismiss or a navigation. */
  action?: TNotificationAction;
}

export interface TNotificationAction {
  label: string;
  onAction: () => void;
}

interface Shown extends TNotification {
  id: number;
}

let current: Shown | null = null;
let pending: TNotification | null = null;
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const notifications = {
  /** Shows the message and returns its id (for `dismiss`). */
  show(n: TNotification): number {
    if (n.kind === 'error') reportNotification(n.title, n.text);
    current = { ...n, id: ++seq };
    emit();
    return current.id;
  },
  /** Show on the page reached by the next navigation. */
  showAfterNavigation(n: TNotification): void {
    pending = n;
  },
  /** Show after a delay (the join error shows 1 s after going home). */
  showAfter(ms: number, n: TNotification): void {
    window.setTimeout(() => void notifications.show(n), ms);
  },
  success(title: string, text?: string): void {
    notifications.show({ kind: 'success', title, text });
  },
  error(title: string, text?: string): void {
    notifications.show({ kind: 'error', title, text });
  },
  clear(): void {
    if (!current) return;
    current = null;
    emit();
  },
  /** Clears the message `id` if it is still the one shown (a later message stays). */
  dismiss(id: number): void {
    if (current?.id === id) notifications.clear();
  },
  /** Called by the router on every completed navigation. */
  onNavigate(): void {
    const next = pending;
    pending = null;
    if (next) notifications.show(next);
    else notifications.clear();
  },
  get: () => current,
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useNotification(): Shown | null {
  return useSyncExternalStore(notifications.subscribe, notifications.get);
}
