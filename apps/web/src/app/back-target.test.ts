import { describe, expect, it } from 'vitest';
import { viewerAbilities } from '../test/fixtures';
import { backState, resultsBackTarget } from './back-target';

const coach = { facts: viewerAbilities({ canCoach: true }), mode: 'manager' as const, assignmentsOn: false };
const speaker = { facts: viewerAbilities({ canRecord: true }), mode: 'speaker' as const, assignmentsOn: false };

describe('resultsBackTarget (issue 12 item 5)', () => {
  it('sends a coach on a speaker recording back to Manage (their dashboard with Assignments on), not to their own results list', () => {
    expect(resultsBackTarget(coach, null, { isOwner: false })).toEqual({ to: '/manage', label: 'Back to Manage' });
    expect(resultsBackTarget(coach, undefined)).toEqual({ to: '/manage', label: 'Back to Manage' });
    expect(resultsBackTarget({ ...coach, assignmentsOn: true }, null, { isOwner: false })).toEqual({
      to: '/coach-dashboard',
      label: 'Back to Dashboard',
    });
    expect(resultsBackTarget({ ...speaker, assignmentsOn: true }, null, { isOwner: false }).to).toBe('/speaker-dashboard');
  });

  it('sends a speaker on their own recording to My Recordings', () => {
    expect(resultsBackTarget(speaker, null, { isOwner: true })).toEqual({ to: '/evaluate', label: 'My Recordings' });
    expect(resultsBackTarget(speaker, null)).toEqual({ to: '/evaluate', label: 'My Recordings' });
  });

  it('sends a peer on a shared recording back to Manage when the link did not say where from', () => {
    expect(resultsBackTarget(speaker, null, { isOwner: false }).to).toBe('/manage');
  });

  it('goes back where the link came from', () => {
    const state = backState({ pathname: '/manage', search: '?tab=groups&group=g1' });
    expect(resultsBackTarget(coach, state, { isOwner: false })).toEqual({ to: '/manage?tab=groups&group=g1', label: 'Back to Manage' });
    expect(resultsBackTarget(speaker, { from: '/history/r1' })).toEqual({ to: '/history/r1', label: 'Back to History' });
    expect(resultsBackTarget(speaker, { from: '/evaluate' }).label).toBe('My Recordings');
  });

  it('ignores a state that is not an in-app path', () => {
    for (const from of ['//evil.example', 'https://evil.example', '/\\evil.example', 42]) {
      expect(resultsBackTarget(coach, { from }, { isOwner: false }).to).toBe('/manage');
    }
  });

  it('returns to the assignment for /evaluate/{id}?assignmentId= (001 section 2): details for a speaker, preview for a coach', () => {
    const id = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const on = { ...speaker, assignmentsOn: true };
    expect(resultsBackTarget(on, null, { isOwner: true }, `?assignmentId=${id}`)).toEqual({
      to: `/assignment/details/${id}`,
      label: 'Back to Assignment',
    });
    expect(resultsBackTarget({ ...coach, assignmentsOn: true }, null, { isOwner: false }, `?assignmentId=${id}`)).toEqual({
      to: `/assignments/${id}/preview`,
      label: 'Back to Assignment Preview',
    });
    // A link that said where it came from still wins; a bad id or Assignments off is ignored.
    expect(resultsBackTarget(on, { from: '/history' }, { isOwner: true }, `?assignmentId=${id}`).to).toBe('/history');
    expect(resultsBackTarget(on, null, { isOwner: true }, '?assignmentId=../../evil').to).toBe('/evaluate');
    expect(resultsBackTarget(speaker, null, { isOwner: true }, `?assignmentId=${id}`).to).toBe('/evaluate');
    expect(resultsBackTarget(on, { from: `/assignment/details/${id}` }).label).toBe('Back to Assignment');
  });
});
