import {
  ERROR_CODES,
  MSG,
  PREFERENCES_LIMITS,
  landingRoute,
  type TAccessReminders,
  type TEmailPreferences,
  type TEmailSettings,
  type TMeResponse,
  type TPreferences,
  type TUpdatePreferencesBody,
  type TUpdateMeBody,
  type TUser,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import type { users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { verifyPassword } from '../../auth/passwords.js';
import { dataChoiceChanges, revokeOtherKeys } from '../auth/index.js';
import { listUserGroups } from '../memberships/index.js';
import { findOrganisation, presentOrg } from '../org/index.js';
import { presentGroup } from '../groups/index.js';
import { emailSectionsFor, viewerAbilitiesOf } from '../../auth/policies.js';
import { listMembershipsOf } from '../notifications/index.js';
import { accessRemindersOffered, offeredPlans, setAccessReminders } from '../subscriptions/index.js';
import { latestDataExportSummary } from '../data-export/index.js';
import { presentUser, type TUserRow } from './me.presenter.js';
import {
  emailTakenByOther,
  findUser,
  mergePreferences,
  setEmailPreferences,
  setEmailPreferencesByUnsubscribeCode,
  updateUserRow,
} from './me.repository.js';

async function loadUser(deps: TDeps, auth: TAuth): Promise<TUserRow> {
  const u = await findUser(deps.db, auth.userId);
  if (!u) throw notFound();
  return u;
}

export async function getOrg(deps: TDeps, auth: TAuth) {
  const o = await findOrganisation(deps.db, auth.orgId);
  if (!o) throw notFound();
  return presentOrg(o, auth.orgRoles, await offeredPlans(deps.db, o.id));
}

export async function getMe(deps: TDeps, auth: TAuth): Promise<TMeResponse> {
  const [user, org, rows] = await Promise.all([loadUser(deps, auth), getOrg(deps, auth), listUserGroups(deps.db, auth.userId)]);
  const now = new Date();
  const groups = rows.map((r) => presentGroup(deps.config.publicUrl, r.group, r.membership, auth, org.settings, now));
  const abilities = viewerAbilitiesOf(auth, groups, org.settings);
  return {
    user: presentUser(user, await latestDataExportSummary(deps.db, user.id)),
    org,
    groups,
    abilities,
    landing: landingRoute(abilities, !!org.settings.Assignments),
  };
}

/** Saves the profile. An email change needs the current password; EU choices only for EU users. */
export async function updateMe(deps: TDeps, auth: TAuth, body: TUpdateMeBody): Promise<TUser> {
  const user = await loadUser(deps, auth);
  const now = new Date();
  const set: Partial<typeof users.$inferInsert> = { updatedAt: now, ...dataChoiceChanges(user, body, now) };
  if (body.firstName !== undefined) set.firstName = body.firstName;
  if (body.lastName !== undefined) set.lastName = body.lastName;
  if (body.name !== undefined) set.name = body.name;
  if (body.metadata) set.metadata = { ...user.metadata, ...body.metadata };
  // The new email is dropped if empty or unchanged.
  if (body.newEmail && body.newEmail !== user.email) {
    if (!(await verifyPassword(body.password ?? '', user.passwordHash)))
      throw badRequest(MSG.currentPasswordWrong, ERROR_CODES.authCurrentPasswordWrong);
    if (await emailTakenByOther(deps.db, body.newEmail, user.id)) throw conflict(MSG.emailInUse, ERROR_CODES.authEmailTaken);
    set.email = body.newEmail;
  }
  const saved = await deps.db.transaction(async (tx) => {
    const row = await updateUserRow(tx, user.id, set);
    if (set.email) {
      // A new sign-in email ends every other session and sign-in link; the caller's session stays.
      await revokeOtherKeys(tx, user.id, auth.keyId);
      // The notice to the old address commits with the change and is sent by the send-email job,
      // so the answer is 200 once the change is saved, whatever the mail transport does.
      await deps.queue.enqueueEmail(tx, {
        to: user.email,
        subject: 'Your Rostrum sign-in email was changed',
        text: `Hello ${row.firstName},\n\nThe email you sign in to Rostrum with was changed from ${user.email} to ${set.email}. If you did not make this change, contact your administrator at once.`,
      });
    }
    return row;
  });
  return presentUser(saved, await latestDataExportSummary(deps.db, saved.id));
}

/**
 * Merges preference fields (current mode and the remembered choices of later screens) into the
 * stored ones. The merge is refused when the result would pass the caps, so repeated writes of
 * new keys cannot grow a user's row without limit.
 */
export async function updatePreferences(deps: TDeps, auth: TAuth, body: TUpdatePreferencesBody): Promise<TPreferences> {
  const saved = await mergePreferences(deps.db, auth.userId, body);
  if (!saved) {
    const { keys, groupEntries, storedBytes } = PREFERENCES_LIMITS;
    throw badRequest(
      `Preferences are limited to ${keys} entries, ${groupEntries} groups per remembered filter and ${storedBytes / 1024} KB`,
    );
  }
  return saved;
}

/**
 * GET email-preferences: the switches, and which of them the settings page offers this user; the
 * access reminder switch is offered to whoever has a membership the subscription page offers
 * Renew or Activate for.
 */
export async function getEmailSettings(deps: TDeps, auth: TAuth): Promise<TEmailSettings> {
  const [user, org, rows, groups] = await Promise.all([
    loadUser(deps, auth),
    findOrganisation(deps.db, auth.orgId),
    listMembershipsOf(deps.db, auth.userId),
    listUserGroups(deps.db, auth.userId),
  ]);
  if (!org) throw notFound();
  return {
    preferences: user.emailPreferences,
    sections: emailSectionsFor(org.settings, rows),
    accessReminders: { enabled: user.accessReminders, offered: accessRemindersOffered(groups, org.settings) },
  };
}

/** PUT email-preferences/access-reminders: the access reminder switch, separate from the six. */
export async function updateAccessReminders(deps: TDeps, auth: TAuth, body: TAccessReminders): Promise<TAccessReminders> {
  const enabled = await setAccessReminders(deps.db, auth.userId, body.enabled);
  if (enabled === null) throw notFound();
  return { enabled };
}

export async function updateEmailPreferences(deps: TDeps, auth: TAuth, body: TEmailPreferences): Promise<TEmailPreferences> {
  const saved = await setEmailPreferences(deps.db, auth.userId, body);
  if (!saved) throw notFound();
  return saved;
}

/** Every email notification off: what the unsubscribe page does (001 section 2). */
const ALL_OFF: TEmailPreferences = {
  recordingSubmittedFrequency: '0',
  feedbackReceivedFrequency: '0',
  recordingProcessedFrequency: '0',
  recordingSharedFrequency: '0',
  assignmentReceivedFrequency: '0',
  assignmentCompletedFrequency: '0',
};

/**
 * POST unsubscribe, from an email's link: no sign-in, the code alone identifies the account.
 * "All Rostrum emails" includes the access reminder.
 */
export async function unsubscribe(deps: TDeps, unsubscribeCode: string): Promise<void> {
  if (!(await setEmailPreferencesByUnsubscribeCode(deps.db, unsubscribeCode, ALL_OFF))) throw notFound('Unknown unsubscribe code');
}
