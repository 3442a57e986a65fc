import type { TGroupRecording, TGroupSharedRecordings, TSharedSpeaker } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { assertCanListPeerRecordings, recordingAccess } from '../../auth/policies.js';
import { findOrganisation } from '../org/index.js';
import { listGroupRecordings, presentGroupRecording, type TRecordingListRow } from '../recordings/index.js';
import { listActiveSpeakers } from './shared-recordings.repository.js';

/**
 * What the caller's peers shared with a group (002 section 2.8, 000 section 6): the other speakers,
 * each with the recordings they shared, as peerListVisible allows. The caller's own recordings are
 * on their My Recordings tab, not here. Each recording passes recordingAccess, so the list never
 * holds more than GET recordings/{id} would give.
 */
export async function listSharedRecordings(deps: TDeps, auth: TAuth, groupId: string): Promise<TGroupSharedRecordings> {
  const standing = await assertCanListPeerRecordings(deps.db, auth, groupId);
  if (standing.visible === 'disabled') return { peerSharing: false, speakers: [] };
  const [speakers, rows, org] = await Promise.all([
    listActiveSpeakers(deps.db, groupId),
    listGroupRecordings(deps.db, groupId, auth.userId, 'shared'),
    findOrganisation(deps.db, auth.orgId),
  ]);
  return sharedRecordingsOf(auth, standing, speakers, rows, !!org?.settings.Assignments);
}

/**
 * The peers' list from the speakers it may name and the shared recordings: every speaker at
 * 'all-speakers', only those with a recording the caller may hear at 'sharers'; never the caller.
 * The assignment's shared-recordings page (002 section 2.8) builds its list with this too.
 */
export function sharedRecordingsOf(
  auth: TAuth,
  standing: Pick<Awaited<ReturnType<typeof assertCanListPeerRecordings>>, 'group' | 'membership' | 'visible'>,
  speakers: ReadonlyArray<{ userId: string; name: string }>,
  rows: ReadonlyArray<TRecordingListRow>,
  assignmentsOn: boolean,
): TGroupSharedRecordings {
  const { group, membership, visible } = standing;
  if (visible === 'disabled') return { peerSharing: false, speakers: [] };
  const byUser = new Map<string, TSharedSpeaker>();
  if (visible === 'all-speakers') {
    for (const s of speakers) byUser.set(s.userId, { userId: s.userId, name: s.name, recordings: [] });
  }
  for (const row of rows) {
    if (row.r.userId === auth.userId) continue;
    const access = recordingAccess(auth, row.r, group, membership);
    if (access === 'none') continue;
    // Peers' recordings only (the caller's own are skipped above): share links are their owner's alone.
    const rec: TGroupRecording = presentGroupRecording(row, { userId: auth.userId, access, assignmentsOn, shareLinksOn: false });
    const entry = byUser.get(row.r.userId) ?? { userId: row.r.userId, name: `${row.firstName} ${row.lastName}`, recordings: [] };
    entry.recordings.push(rec);
    byUser.set(row.r.userId, entry);
  }
  byUser.delete(auth.userId);
  return { peerSharing: true, speakers: [...byUser.values()] };
}
