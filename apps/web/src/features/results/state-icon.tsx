import { AlertTriangle, CloudUpload, Loader } from 'lucide-react';
import type { TListState } from './recording-status';
import './state-icon.css';

const LABELS: Record<Exclude<TListState, 'done'>, string> = {
  failed: 'Could not be processed',
  uploading: 'Uploading',
  processing: 'Processing',
};

/** The failed, uploading and processing icons of the recording list and picker (nothing when done). */
export function StateIcon({ state, size = 16 }: { state: TListState; size?: number }) {
  if (state === 'done') return null;
  const Icon = state === 'failed' ? AlertTriangle : state === 'uploading' ? CloudUpload : Loader;
  return (
    <span className={`state-icon state-icon--${state}`} title={LABELS[state]}>
      <Icon size={size} aria-hidden />
      <span className="visually-hidden">{LABELS[state]}</span>
    </span>
  );
}
