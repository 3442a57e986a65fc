import { useSyncExternalStore } from 'react';
import type { TSignInResponse } from '@rostrum/contract';
import { SESSION_STORAGE_KEYS } from './session-keys';

// Authentication state (000 section 4): the API key, its expiry and the org code live in
// localStorage; an expired key counts as signed out.

export interface TSession {
  apiKey: string;
  orgCode: string;
  expires: string;
}

const STORAGE_KEYS = SESSION_STORAGE_KEYS;

/** Thrown when the browser refuses local storage, so the sign-in cannot be kept. */
export class StorageUnavailableError extends Error {
  constructor() {
    super('Local storage is unavailable');
    this.name = 'StorageUnavailableError';
  }
}

let session: TSession | null = null;
let storageOk = true;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function probeStorage(): boolean {
  try {
    const k = 'rostrum.probe';
    window.localStorage.setItem(k, '1');
    window.localStorage.removeItem(k);
    return true;
  } catch {
    return false;
  }
}

function readStored(): TSession | null {
  const apiKey = window.localStorage.getItem(STORAGE_KEYS.apiKey);
  const orgCode = window.localStorage.getItem(STORAGE_KEYS.orgCode);
  const expires = window.localStorage.getItem(STORAGE_KEYS.expires);
  if (!apiKey || !orgCode || !expires) return null;
  return { apiKey, orgCode, expires };
}

function isLive(s: TSession | null): s is TSession {
  return !!s && Date.parse(s.expires) > Date.now();
}

export const sessionStore = {
  /** At start: sign in from local storage unless the URL carries a key to sign in with. */
  init(hasKeyInQuery: boolean): void {
    storageOk = probeStorage();
    if (!storageOk || hasKeyInQuery) return;
    const stored = readStored();
    session = isLive(stored) ? stored : null;
    if (stored && !session) clearStored();
  },
  /**
   * After a sign-in link that could not be used: the session kept in storage (set aside at start
   * because the address carried a key) is the visit's again, if it is still live.
   */
  resumeStored(): boolean {
    if (!storageOk || isLive(session)) return isLive(session);
    const stored = readStored();
    if (!isLive(stored)) return false;
    session = stored;
    emit();
    return true;
  },
  storageAvailable: () => storageOk,
  get: (): TSession | null => (isLive(session) ? session : null),
  token(): string | null {
    const s = sessionStore.get();
    return s ? `${s.orgCode}-${s.apiKey}` : null;
  },
  signIn(r: Pick<TSignInResponse, 'apiKey' | 'orgCode' | 'expires'>): void {
    if (!storageOk) throw new StorageUnavailableError();
    try {
      window.localStorage.setItem(STORAGE_KEYS.apiKey, r.apiKey);
      window.localStorage.setItem(STORAGE_KEYS.orgCode, r.orgCode);
      window.localStorage.setItem(STORAGE_KEYS.expires, r.expires);
    } catch {
      throw new StorageUnavailableError();
    }
    session = { apiKey: r.apiKey, orgCode: r.orgCode, expires: r.expires };
    emit();
  },
  signOut(): void {
    session = null;
    clearStored();
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function clearStored() {
  if (!storageOk) return;
  for (const k of Object.values(STORAGE_KEYS)) window.localStorage.removeItem(k);
}

/** The live session, or null when signed out or expired. */
export function useSession(): TSession | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
