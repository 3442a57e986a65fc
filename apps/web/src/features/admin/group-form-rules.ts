import type { TCreateGroupBody, TOrgSettings, TPrivacyPair, TUpdateGroupBody } from '@rostrum/contract';

/** Which privacy controls the group form shows (000 section 6). */
export function privacyControls(settings: TOrgSettings): { any: boolean; coach: boolean } {
  const any = !settings.Hide_Privacy_Levels_In_Admin;
  return { any, coach: any && !settings.Assignments };
}

/**
 * What a save sends (000 section 5): groupId (on edits), the name and, unless the privacy controls
 * are hidden, both levels (the coach level as it stands when only its control is hidden).
 */
export function groupSaveBody(settings: TOrgSettings, name: string, levels: TPrivacyPair): TCreateGroupBody;
export function groupSaveBody(settings: TOrgSettings, name: string, levels: TPrivacyPair, groupId: string): TUpdateGroupBody;
export function groupSaveBody(settings: TOrgSettings, name: string, levels: TPrivacyPair, groupId?: string) {
  const privacy = privacyControls(settings).any ? levels : {};
  return groupId ? { groupId, name, ...privacy } : { name, ...privacy };
}
