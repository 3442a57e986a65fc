import { ROUTES, type TRecordingSummary } from '@rostrum/contract';

/** The record page with a practice prompt chosen. */
export function practiceRecordPath(promptId: string): string {
  return `${ROUTES.record.path}?promptId=${encodeURIComponent(promptId)}`;
}

/**
 * The record page for another take of a recording: of its practice prompt, of its assignment,
 * or of its title (the record page numbers the next version).
 */
export function recordAgainPath(r: Pick<TRecordingSummary, 'recordingId' | 'practicePromptId' | 'assignmentId'>): string {
  if (r.practicePromptId) return practiceRecordPath(r.practicePromptId);
  const query = r.assignmentId ? `assignmentId=${encodeURIComponent(r.assignmentId)}` : `again=${encodeURIComponent(r.recordingId)}`;
  return `${ROUTES.record.path}?${query}`;
}
