import type { TOrgSettings } from '@rostrum/contract';
import { isCoachOf, type TOrgRoleFacts } from './roles.js';

// Download Report (002 sections 2.2 and 2.5): the manager role for the group (or an org admin)
// plus the organisation's Download_Report_Button setting. Which recordings a report holds is
// recordingAccess's decision, as everywhere else.

export function mayDownloadReport(
  a: TOrgRoleFacts,
  m: { roles: ReadonlyArray<string>; status: string; expiresAt: Date | null } | null | undefined,
  orgSettings: Pick<TOrgSettings, 'Download_Report_Button'>,
  now = new Date(),
): boolean {
  return !!orgSettings.Download_Report_Button && isCoachOf(a, m, now);
}
