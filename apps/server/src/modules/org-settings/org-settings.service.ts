import { ORG_ADMIN_SETTINGS, OPERATOR_ORG_SETTINGS, type TAdminOrgSettings, type TUpdateAdminOrgSettingsBody } from '@rostrum/contract';
import type { TAuth } from '../../auth/auth-context.js';
import { assertOrgAdmin } from '../../auth/policies.js';
import type { TDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { findOrganisation, mergeOrgSettings, setOrgTimeZone, type TOrgRow } from '../org/index.js';
import { revokeOrgShareLinks } from '../share-links/index.js';

// The admin area's Organisation settings page: org admins read and change the switches that are
// theirs (ORG_ADMIN_SETTINGS); the operator's switches are only listed. The organisation is
// always the caller's own: no call names one.

/** What the page shows; an absent switch is off. */
export function presentAdminOrgSettings(org: Pick<TOrgRow, 'settings' | 'timeZone'>): TAdminOrgSettings {
  const s = org.settings;
  return {
    settings: Object.fromEntries(ORG_ADMIN_SETTINGS.map((k) => [k, !!s[k]])) as TAdminOrgSettings['settings'],
    operatorFeatures: OPERATOR_ORG_SETTINGS.filter((k) => !!s[k]),
    timeZone: org.timeZone,
    recordingRetention: s.recordingRetention ?? 'off',
  };
}

/** GET admin/org-settings (org admins only). */
export async function getAdminOrgSettings(deps: TDeps, auth: TAuth): Promise<TAdminOrgSettings> {
  assertOrgAdmin(auth);
  const org = await findOrganisation(deps.db, auth.orgId);
  if (!org) throw notFound();
  return presentAdminOrgSettings(org);
}

/**
 * PATCH admin/org-settings (org admins only): switches merged into the stored settings in one statement,
 * so the other keys, and a change another admin or the operator makes meanwhile, are kept.
 * Turning Public_Share_Links off revokes every live link of the organisation in the same
 * transaction, so turning it on again brings none back; opening a link also reads the setting
 * each time (share-links.service openShareLink).
 */
export async function updateAdminOrgSettings(deps: TDeps, auth: TAuth, body: TUpdateAdminOrgSettingsBody): Promise<TAdminOrgSettings> {
  assertOrgAdmin(auth);
  const { timeZone, ...switches } = body;
  const org = await deps.db.transaction(async (tx) => {
    // The time zone (due dates, issue 41 item 8) is a column of its own; the switches merge into settings.
    let row = timeZone === undefined ? null : await setOrgTimeZone(tx, auth.orgId, timeZone);
    if (Object.keys(switches).length) row = await mergeOrgSettings(tx, auth.orgId, switches);
    if (row && switches.Public_Share_Links === false) await revokeOrgShareLinks(tx, auth.orgId, new Date());
    return row;
  });
  if (!org) throw notFound();
  return presentAdminOrgSettings(org);
}
