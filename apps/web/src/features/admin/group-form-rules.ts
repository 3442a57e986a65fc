import type { TCreateGroupBody, TOrgSettings, TPrivacyPair, TUpdateGroupBody } from '@rostrum/contract';

/** Which privacy controls the group form shows (000 section 6). */
export function privacyControls(settings: TOrgSettings): { any: boolean; coach: boolean } {
  const any = !settings.Hide_Privacy_Levels_In_Admin;
  return { any, coach: any && !settings.Assignments };
}

/**
 * The free duration a group form starts with: the group's own, else the organisation's, else none
 * (0). Null when the form has no such field: an organisation with perpetual free duration omits
 * it, as the group list omits its column (000 section 2.11), and its groups keep the perpetual one.
 */
export function initialFreeYears(
  org: { settings: TOrgSettings; hasPerpetualFreeDuration: boolean },
  group: { settings: { freeDuration: { years: number } | null } } | null,
): number | null {
  if (org.hasPerpetualFreeDuration) return null;
  return group?.settings.freeDuration?.years ?? org.settings.freeDuration?.years ?? 0;
}

/**
 * What a save sends (000 section 5): groupId (on edits), the name and, unless the privacy controls
 * are hidden, both levels (the coach level as it stands when only its control is hidden); and the
 * free duration when the form shows it (`freeYears` not null; issue 12, see docs/decisions/admin-and-manage.md).
 */
export function groupSaveBody(settings: TOrgSettings, name: string, levels: TPrivacyPair, freeYears: number | null): TCreateGroupBody;
export function groupSaveBody(
  settings: TOrgSettings,
  name: string,
  levels: TPrivacyPair,
  freeYears: number | null,
  groupId: string,
): TUpdateGroupBody;
export function groupSaveBody(settings: TOrgSettings, name: string, levels: TPrivacyPair, freeYears: number | null, groupId?: string) {
  const privacy = privacyControls(settings).any ? levels : {};
  const free = freeYears === null ? {} : { freeDuration: { years: freeYears } };
  return groupId ? { groupId, name, ...privacy, ...free } : { name, ...privacy, ...free };
}
