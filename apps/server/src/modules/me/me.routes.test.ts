import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ERROR_CODES, MSG, PREFERENCES_LIMITS } from '@rostrum/contract';
import { users } from '../../db/schema.js';
import { makeOrg, PASSWORD, signInAs, signUpBody, startTestApp, type TTestApp } from '../../test/harness.js';
import { issueKey } from '../auth/index.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload: payload as object });

describe('GET me and GET org', () => {
  it("returns the user, the organisation with the caller's org roles, and the groups", async () => {
    const { admin, speaker, org, group } = await makeOrg(t.db, { type: 'edu' });
    const asAdmin = (await call('GET', '/me', await signInAs(t, admin.email))).json().data;
    expect(asAdmin.user).toMatchObject({ isOrgAdmin: true, isOrgManager: true, isEu: '0' });
    expect(asAdmin.org).toMatchObject({ orgId: org.id, type: 'edu', roles: ['admin', 'manager'] });
    const asSpeaker = (await call('GET', '/org', await signInAs(t, speaker.email))).json().data;
    expect(asSpeaker.roles).toEqual([]);
    const groups = (await call('GET', '/me', await signInAs(t, speaker.email))).json().data.groups;
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ groupId: group.id, roles: ['speaker'], membershipStatus: 'active', membershipPerpetual: true });
  });
});

describe('GET me landing (000 section 2.3, issue 12 item 6)', () => {
  const landingOf = async (email: string) => (await call('GET', '/me', await signInAs(t, email))).json().data.landing;

  it('follows the landing rule with Assignments off', async () => {
    const { admin, coach, speaker } = await makeOrg(t.db);
    expect(await landingOf(admin.email)).toEqual({ route: 'customer-admin-groups' });
    expect(await landingOf(coach.email)).toEqual({ route: 'manage' });
    expect(await landingOf(speaker.email)).toEqual({ route: 'evaluate' });
  });

  it('with Assignments on, coaches land on the coach dashboard and speakers on theirs', async () => {
    const { coach, speaker } = await makeOrg(t.db, { settings: { Assignments: true } });
    expect(await landingOf(coach.email)).toEqual({ route: 'coach-dashboard' });
    expect(await landingOf(speaker.email)).toEqual({ route: 'speaker-dashboard' });
  });
});

describe('PUT me', () => {
  it('saves names and metadata', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const res = await call('PUT', '/me', auth, {
      firstName: 'Grace',
      lastName: 'Hopper',
      name: 'Grace Hopper',
      metadata: { title: 'professor', birthyear: new Date().getFullYear() - 40, gender: 'f' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Grace Hopper', metadata: { title: 'professor', gender: 'f' } });
  });

  it('rejects out-of-range values and unknown fields with 400', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    for (const body of [
      { firstName: 'x'.repeat(51) },
      { metadata: { birthyear: new Date().getFullYear() - 5 } },
      { metadata: { title: 'astronaut' } },
      { orgRoles: ['admin'] },
      { newEmail: 'next@example.test' },
    ]) {
      expect((await call('PUT', '/me', auth, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('changes the email only with the current password, and never onto another account', async () => {
    const { speaker, coach } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const wrong = await call('PUT', '/me', auth, { newEmail: 'moved@example.test', password: 'wrong-one' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].message).toBe(MSG.currentPasswordWrong);
    expect(wrong.json().errors[0].code).toBe(ERROR_CODES.authCurrentPasswordWrong);
    const taken = await call('PUT', '/me', auth, { newEmail: coach.email, password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].code).toBe(ERROR_CODES.authEmailTaken);
    const newEmail = `moved-${Date.now()}@example.test`;
    const ok = await call('PUT', '/me', auth, { newEmail, password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.email).toBe(newEmail);
    await signInAs(t, newEmail);
    await t.deliverMail();
    expect(t.mailer.last(speaker.email)?.subject).toMatch(/email was changed/);
  });

  it('an email change answers 200 while the mail transport is down; the notice goes out when it is back', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    await t.deliverMail();
    const newEmail = `moved-${Date.now()}-down@example.test`;
    t.mailer.down = true;
    try {
      const res = await call('PUT', '/me', auth, { newEmail, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.email).toBe(newEmail);
      expect(await t.deliverMail()).toBe(1);
    } finally {
      t.mailer.down = false;
    }
    expect(t.mailer.last(speaker.email)).toBeUndefined();
    await signInAs(t, newEmail);
    expect(await t.deliverMail({ retriesDue: true })).toBe(1);
    const notice = t.mailer.last(speaker.email)!;
    expect(notice.subject).toBe('Your Rostrum sign-in email was changed');
    expect(notice.text).toContain(`was changed from ${speaker.email} to ${newEmail}`);
  });

  it('an email change ends every other session and sign-in link; the current session stays', async () => {
    const { speaker, org } = await makeOrg(t.db);
    const current = await signInAs(t, speaker.email);
    const other = await signInAs(t, speaker.email);
    const link = await issueKey(t.db, speaker.id, 'auto');
    // Saving the profile without a new email ends nothing.
    expect((await call('PUT', '/me', current, { firstName: 'Still' })).statusCode).toBe(200);
    expect((await call('GET', '/me', other)).statusCode).toBe(200);
    const newEmail = `moved-${Date.now()}-b@example.test`;
    expect((await call('PUT', '/me', current, { newEmail, password: PASSWORD })).statusCode).toBe(200);
    expect((await call('GET', '/me', current)).json().data.user.email).toBe(newEmail);
    const ended = await call('GET', '/me', other);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().errors[0].message).toBe(MSG.keyExpired);
    const viaLink = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in/key', payload: { key: `${org.code}-${link.secret}` } });
    expect(viaLink.statusCode).toBe(401);
  });

  it('keeps data-retention choices for EU users only', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const res = await call('PUT', '/me', auth, { dataRetention: true, dataUseAllowed: true });
    expect(res.json().data).toMatchObject({ dataRetention: null, dataRetentionAt: null, dataUseAllowed: null, dataUseAllowedAt: null });
    const [row] = await t.db.select().from(users).where(eq(users.id, speaker.id));
    expect(row).toMatchObject({ dataRetention: null, dataRetentionAt: null, dataUseAllowed: null, dataUseAllowedAt: null });
  });
});

describe('EU consents in account settings (000 sections 2.9 and 5)', () => {
  /** An EU user signed up through the form, as the web signs up: the four required consents. */
  async function euUser() {
    const { group } = await makeOrg(t.db, { settings: { euUsers: true } });
    const body = signUpBody(group.inviteCode!, { ageAttestation: true, usaStorageConsent: true, privacyAccepted: true });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: body });
    expect(res.statusCode).toBe(200);
    return signInAs(t, body.email, body.password);
  }

  it('GET me shows each consent and when it was given; data use is off until the user turns it on', async () => {
    const auth = await euUser();
    const { user } = (await call('GET', '/me', auth)).json().data;
    expect(user).toMatchObject({
      isEu: '1',
      ageAttestation: true,
      usaStorageConsent: true,
      termsAccepted: true,
      privacyAccepted: true,
      dataRetention: false,
      dataRetentionAt: null,
      dataUseAllowed: false,
      dataUseAllowedAt: null,
    });
    for (const at of [user.ageAttestationAt, user.usaStorageConsentAt, user.termsAcceptedAt, user.privacyAcceptedAt]) {
      expect(Math.abs(Date.parse(at) - Date.now())).toBeLessThan(60_000);
    }
  });

  it('each choice is saved to its own field with the time it was made; saving it unchanged keeps that time', async () => {
    const auth = await euUser();
    const on = (await call('PUT', '/me', auth, { dataUseAllowed: true })).json().data;
    expect(on).toMatchObject({ dataUseAllowed: true, dataRetention: false, dataRetentionAt: null });
    expect(Math.abs(Date.parse(on.dataUseAllowedAt) - Date.now())).toBeLessThan(60_000);
    const again = (await call('PUT', '/me', auth, { dataUseAllowed: true, firstName: 'Still' })).json().data;
    expect(again.dataUseAllowedAt).toBe(on.dataUseAllowedAt);
    const retained = (await call('PUT', '/me', auth, { dataRetention: true })).json().data;
    expect(retained).toMatchObject({ dataRetention: true, dataUseAllowed: true, dataUseAllowedAt: on.dataUseAllowedAt });
    expect(retained.dataRetentionAt).not.toBeNull();
    const off = (await call('PUT', '/me', auth, { dataUseAllowed: false })).json().data;
    expect(off.dataUseAllowed).toBe(false);
    expect(Date.parse(off.dataUseAllowedAt)).toBeGreaterThan(Date.parse(on.dataUseAllowedAt));
    // The required consents are not changed here, and no time is taken from the client.
    for (const body of [{ usaStorageConsent: false }, { dataUseAllowedAt: '2020-01-01T00:00:00.000Z' }]) {
      expect((await call('PUT', '/me', auth, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('preferences', () => {
  it('merges preference fields and validates the mode', async () => {
    const { coach } = await makeOrg(t.db);
    const auth = await signInAs(t, coach.email);
    await call('PUT', '/me/preferences', auth, { currentMode: 'speaker' });
    const merged = await call('PUT', '/me/preferences', auth, { myLibFilter: 'all' });
    expect(merged.json().data).toEqual({ currentMode: 'speaker', myLibFilter: 'all' });
    expect((await call('PUT', '/me/preferences', auth, { currentMode: 'boss' })).statusCode).toBe(400);
  });

  it('merges a per-group map group by group, and a null forgets a group', async () => {
    const { speaker, group } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const other = randomUUID();
    await call('PUT', '/me/preferences', auth, { speakerAssignmentFilters: { [group.id]: 'completed' }, 'hideVideo:r1': true });
    const both = await call('PUT', '/me/preferences', auth, { speakerAssignmentFilters: { [other.toUpperCase()]: 'all' } });
    expect(both.statusCode).toBe(200);
    expect(both.json().data).toEqual({ speakerAssignmentFilters: { [group.id]: 'completed', [other]: 'all' }, 'hideVideo:r1': true });
    await call('PUT', '/me/preferences', auth, {
      speakerAssignmentFilters: { [group.id]: null },
      coachMemberRecFilters: { [group.id]: 'comments' },
      speakerDashboardToggle: 'library',
      myLibSort: 'coachRating-d',
      tableRowIndices: [0, 3],
      liveCues: 'off',
    });
    expect((await call('GET', '/me', auth)).json().data.user.preferences).toEqual({
      speakerAssignmentFilters: { [other]: 'all' },
      coachMemberRecFilters: { [group.id]: 'comments' },
      speakerDashboardToggle: 'library',
      myLibSort: 'coachRating-d',
      tableRowIndices: [0, 3],
      liveCues: 'off',
      'hideVideo:r1': true,
    });
  });

  it('refuses, with 400 and nothing saved, a wrong value, a group key that is not an id, or too many groups', async () => {
    const { speaker, group } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const groups = (n: number) => Object.fromEntries(Array.from({ length: n }, () => [randomUUID(), 'all']));
    const refused = [
      { coachDashboardToggle: 'library' },
      { myLibSort: 'title' },
      { liveCues: 'quiet' },
      { tableRowIndices: [-1] },
      { speakerAssignmentFilters: { [group.id]: 'shared' } },
      { speakerAssignmentFilters: { 'not-a-group': 'all' } },
      { speakerAssignmentFilters: 'all' },
      { somethingElse: { [group.id]: 'all' } },
      { coachMemberAssFilters: groups(PREFERENCES_LIMITS.groupEntries + 1) },
    ];
    for (const body of refused) {
      const res = await call('PUT', '/me/preferences', auth, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().errors[0].code).toBe(ERROR_CODES.requestInvalid);
    }
    const half = PREFERENCES_LIMITS.groupEntries / 2;
    expect((await call('PUT', '/me/preferences', auth, { coachMemberAssFilters: groups(half) })).statusCode).toBe(200);
    const over = await call('PUT', '/me/preferences', auth, { coachMemberAssFilters: groups(half + 1) });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].message).toMatch(/groups per remembered filter/);
    const stored = (await call('GET', '/me', auth)).json().data.user.preferences;
    expect(Object.keys(stored.coachMemberAssFilters)).toHaveLength(half);
  });

  it('GET me leaves out a stored value that no longer fits its key', async () => {
    const { speaker, group } = await makeOrg(t.db);
    await t.db
      .update(users)
      .set({
        preferences: {
          myLibFilter: 'everything',
          coachAssFilter: 'all',
          speakerAssignmentFilters: { [group.id]: 'active', x: 'all', [randomUUID()]: 'nope' },
          coachMemberRecFilters: 'all',
        } as never,
      })
      .where(eq(users.id, speaker.id));
    const res = await call('GET', '/me', await signInAs(t, speaker.email));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.preferences).toEqual({ coachAssFilter: 'all', speakerAssignmentFilters: { [group.id]: 'active' } });
  });

  it('saves the six email frequencies, each 0 or 1', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const body = {
      recordingSubmittedFrequency: '0',
      feedbackReceivedFrequency: '1',
      recordingProcessedFrequency: '0',
      recordingSharedFrequency: '1',
      assignmentReceivedFrequency: '0',
      assignmentCompletedFrequency: '1',
    };
    expect((await call('PUT', '/email-preferences', auth, body)).json().data).toEqual(body);
    expect((await call('GET', '/me', auth)).json().data.user.emailPreferences).toEqual(body);
    expect((await call('PUT', '/email-preferences', auth, { ...body, feedbackReceivedFrequency: '2' })).statusCode).toBe(400);
    expect((await call('PUT', '/email-preferences', auth, { feedbackReceivedFrequency: '1' })).statusCode).toBe(400);
  });
});
