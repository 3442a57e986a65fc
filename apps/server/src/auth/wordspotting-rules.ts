import type { TRecordingAccess } from './privacy-rules.js';

// Re-analysing a recording with the current wordspotting list (002 section 2.9): offered to its
// owner and to the coaches who may hear it; the recording must have finished its analysis.

export function mayReanalyze(access: TRecordingAccess, callerCoachesGroup: boolean, status: string): boolean {
  if (status !== 'done') return false;
  return access === 'owner' || (access === 'hear' && callerCoachesGroup);
}
