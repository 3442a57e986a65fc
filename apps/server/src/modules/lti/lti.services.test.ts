import { and, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rosterSyncText } from '@rostrum/contract';
import { ltiContexts, ltiGradePosts, ltiIdentities, memberships, notices, organisations, users } from '../../db/schema.js';
import { hashPassword } from '../../auth/passwords.js';
import {
  addMember,
  insertAssignment,
  insertDoneRecording,
  makeOrg,
  PASSWORD,
  signInAs,
  startTestApp,
  TEST_MEDIA_SECRET,
  type TTestApp,
} from '../../test/harness.js';
import { LtiPlatformStandIn, ROLE, type TIdTokenOptions, type TLaunchUser, type TNrpsMember } from '../../test/lti-platform-stand-in.js';
import { postLtiGradeJob } from './lti.jobs.js';
import { ltiSubmissionsJob } from './lti-submissions.jobs.js';

// LTI Advantage services against the platform stand-in: grades passed back (AGS) when a coach
// scores an assignment recording, and the roster sync (NRPS).

let t: TTestApp;
let school: Awaited<ReturnType<typeof makeOrg>>;
let admin: string;
let platformId: string;
const lms = new LtiPlatformStandIn();
const AGS = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';

beforeAll(async () => {
  await lms.start();
  t = await startTestApp({ config: { urlFetchAllowHosts: ['127.0.0.1'], mediaSecret: TEST_MEDIA_SECRET } });
  school = await makeOrg(t.db, { type: 'edu', settings: { freeDuration: { years: 1 }, Assignments: true } });
  lms.toolJwks = async () => (await t.app.inject({ method: 'GET', url: `/api/v1/lti/jwks/${school.org.id}` })).json();
  admin = await signInAs(t, school.admin.email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/lti/platforms',
    headers: { authorization: admin },
    payload: lms.registration(),
  });
  expect(res.statusCode, res.body).toBe(200);
  platformId = res.json().data.platformId;
});
afterAll(async () => {
  await t?.close();
  await lms.close();
});

const workerDeps = () => ({ db: t.db, config: t.config, storage: t.storage, log: pino({ level: 'silent' }), mailer: t.mailer });
const runGrades = () => t.queue.runDueJobs(postLtiGradeJob.name, workerDeps());
let n = 0;
const uniq = () => `${++n}-${Date.now().toString(36)}`;

/** A full launch through the OIDC login, as the launch tests do. */
async function launch(o: Omit<TIdTokenOptions, 'nonce'>) {
  const q = new URLSearchParams({
    iss: lms.issuer,
    login_hint: 'hint',
    target_link_uri: 'http://rostrum.test/api/v1/lti/launch',
    client_id: lms.clientId,
  });
  const login = await t.app.inject({ method: 'GET', url: `/api/v1/lti/login?${q.toString()}` });
  const location = new URL(login.headers.location as string);
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const idToken = await lms.idToken({ ...o, nonce: location.searchParams.get('nonce')! });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/lti/launch',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    payload: new URLSearchParams({ id_token: idToken, state: location.searchParams.get('state')! }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function userOf(sub: string) {
  const [row] = await t.db
    .select({ user: users })
    .from(ltiIdentities)
    .innerJoin(users, eq(users.id, ltiIdentities.userId))
    .where(and(eq(ltiIdentities.issuer, lms.issuer), eq(ltiIdentities.subject, sub)));
  return row!.user;
}
async function groupIdOf(courseId: string) {
  const [c] = await t.db.select().from(ltiContexts).where(eq(ltiContexts.contextId, courseId));
  return c!.groupId;
}

/** A course with an instructor, an assignment deep-linked into it, and a student who launched it. */
async function gradedCourse(o: { lineItemInLaunch?: boolean } = {}) {
  const course = { id: `course-${uniq()}`, title: `Speech ${n}` };
  const instructor: TLaunchUser = { sub: `teacher-${uniq()}`, roles: [ROLE.instructor], name: 'Ida Instructor' };
  await launch({ user: instructor, course, resourceLink: { id: `setup-${uniq()}` } });
  const groupId = await groupIdOf(course.id);
  const teacher = await userOf(instructor.sub);
  const { assignment } = await insertAssignment(t.db, { id: teacher.id, orgId: school.org.id }, groupId, { name: `Persuasive ${n}` });
  const link = { id: `link-${uniq()}`, title: 'Persuasive speech' };
  if (o.lineItemInLaunch !== false) {
    lms.lineItems.set(course.id, [
      { id: `${lms.issuer}/courses/${course.id}/lineitems/${link.id}`, label: assignment.name, scoreMaximum: 100, resourceLinkId: link.id },
    ]);
  }
  const learner: TLaunchUser = { sub: `student-${uniq()}`, roles: [ROLE.learner], given_name: 'Sam', family_name: 'Student' };
  const ags = {
    scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/lineitem', 'https://purl.imsglobal.org/spec/lti-ags/scope/score'],
    lineitems: `${lms.issuer}/courses/${course.id}/lineitems`,
  };
  await launch({
    user: learner,
    course,
    resourceLink: link,
    custom: { rostrum_assignment_id: assignment.id },
    ...(o.lineItemInLaunch === false ? { override: { [AGS]: ags } } : {}),
  });
  const student = await userOf(learner.sub);
  const recording = await insertDoneRecording(t.db, { id: student.id, orgId: school.org.id }, groupId, { assignmentId: assignment.id });
  return { course, groupId, teacher, assignment, learner, student, recording, link };
}

async function feedback(recordingId: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/feedback',
    headers: { authorization: admin },
    payload: { recordingId, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
}
const postsOf = (recordingId: string) => t.db.select().from(ltiGradePosts).where(eq(ltiGradePosts.recordingId, recordingId));

async function setPlatform(over: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/lti/platforms/${platformId}`,
    headers: { authorization: admin },
    payload: lms.registration(over),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('Assignment and Grade Services', () => {
  it("refuses the tool's token request when its assertion is signed by a key the tool does not publish", async () => {
    const c = await gradedCourse();
    const real = lms.toolJwks;
    const other = await LtiPlatformStandIn.otherKey('not-the-tool');
    const { exportJWK, generateKeyPair } = await import('jose');
    const pub = await exportJWK((await generateKeyPair('RS256', { extractable: true })).publicKey);
    lms.toolJwks = async () => ({ keys: [{ ...pub, kid: 'someone-else', alg: 'RS256', use: 'sig' }] });
    try {
      await feedback(c.recording.id, { scoreOverall: 7 });
      expect(await runGrades()).toBe(1);
      const [post] = await postsOf(c.recording.id);
      expect(post).toMatchObject({ state: 'queued', attempts: 1 });
      expect(post!.lastError).toContain('token endpoint answered 401');
      expect(lms.scores.filter((s) => s.userId === c.learner.sub)).toEqual([]);
    } finally {
      lms.toolJwks = real;
    }
    // A forged assertion straight at the token endpoint is refused too.
    const forged = await new SignJWT({ iss: lms.clientId, sub: lms.clientId, aud: lms.tokenUrl, jti: 'x' })
      .setProtectedHeader({ alg: 'RS256', kid: other.kid })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(other.key);
    const res = await fetch(lms.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: forged,
        scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
      }),
    });
    expect(res.status).toBe(401);
    // With the real key published again, the retry goes through.
    await t.db.execute(sql`update pgboss.job set start_after = now() where name = ${postLtiGradeJob.name} and state = 'retry'`);
    expect(await runGrades()).toBe(1);
    expect((await postsOf(c.recording.id))[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it("posts a coach's score to the line item with the student's LTI id, as a percentage, with the coach's comment", async () => {
    const c = await gradedCourse();
    await feedback(c.recording.id, { comment: 'Strong opening, slow down at the end.' });
    expect(await postsOf(c.recording.id)).toEqual([]);
    await feedback(c.recording.id, { scoreOverall: 8 });
    expect(await runGrades()).toBe(1);
    const got = lms.scores.filter((s) => s.userId === c.learner.sub);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      userId: c.learner.sub,
      scoreGiven: 80,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      comment: 'Strong opening, slow down at the end.',
      lineItemId: `${lms.issuer}/courses/${c.course.id}/lineitems/${c.link.id}`,
    });
    expect(Date.parse(got[0]!.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    const [post] = await postsOf(c.recording.id);
    expect(post).toMatchObject({ state: 'sent', attempts: 1, userId: c.student.id, assignmentId: c.assignment.id, lastError: null });
    expect(post!.sentAt).not.toBeNull();
    // The token the stand-in gave out carried the score scope.
    expect([...lms.tokens.values()].some((s) => s.includes('https://purl.imsglobal.org/spec/lti-ags/scope/score'))).toBe(true);
  });

  it('sends drafts (Pending) when the registration keeps grades as drafts, and creates the line item the launch did not name', async () => {
    const p = await setPlatform({ gradesAsDrafts: true });
    expect(p.gradesAsDrafts).toBe(true);
    try {
      const c = await gradedCourse({ lineItemInLaunch: false });
      await feedback(c.recording.id, { scoreOverall: 5 });
      expect(await runGrades()).toBe(1);
      const items = lms.lineItems.get(c.course.id)!;
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        resourceLinkId: c.link.id,
        scoreMaximum: 100,
        label: c.assignment.name,
        resourceId: c.assignment.id,
      });
      const got = lms.scores.filter((s) => s.userId === c.learner.sub);
      expect(got).toEqual([expect.objectContaining({ scoreGiven: 50, gradingProgress: 'Pending', lineItemId: items[0]!.id })]);
      expect(got[0]!.comment).toBeUndefined();
      expect(lms.serviceRequests).toContain(`GET /courses/${c.course.id}/lineitems?resource_link_id=${c.link.id}`);
    } finally {
      expect((await setPlatform({ gradesAsDrafts: false })).gradesAsDrafts).toBe(false);
    }
  });

  it("retries a failing gradebook, then marks the post failed and tells the class's coaches", async () => {
    const c = await gradedCourse();
    lms.failScoresWith = 500;
    try {
      await feedback(c.recording.id, { scoreOverall: 9 });
      let runs = 0;
      for (let i = 0; i < postLtiGradeJob.options.retryLimit + 1; i++) {
        await t.db.execute(sql`update pgboss.job set start_after = now() where name = ${postLtiGradeJob.name} and state = 'retry'`);
        runs += await runGrades();
      }
      expect(runs).toBe(postLtiGradeJob.options.retryLimit + 1);
      await t.db.execute(sql`update pgboss.job set start_after = now() where name = ${postLtiGradeJob.name} and state = 'retry'`);
      expect(await runGrades()).toBe(0);
    } finally {
      lms.failScoresWith = null;
    }
    const [post] = await postsOf(c.recording.id);
    expect(post).toMatchObject({ state: 'failed', attempts: postLtiGradeJob.options.retryLimit + 1 });
    expect(post!.lastError).toContain('answered 500');
    const told = await t.db
      .select()
      .from(notices)
      .where(and(eq(notices.kind, 'ltiGradeFailed'), eq(notices.assignmentId, c.assignment.id)));
    expect(told.map((x) => x.userId)).toEqual([c.teacher.id]);
    expect(told[0]).toMatchObject({ actorName: 'Sam Student', title: c.assignment.name, recordingId: null });
    const bell = await t.app.inject({ method: 'GET', url: '/api/v1/notices', headers: { authorization: admin } });
    expect(bell.statusCode).toBe(200);
  });

  it("sends a student's hand-in (Move to Assignment) as Submitted, not yet graded", async () => {
    const c = await gradedCourse();
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD), termsAccepted: true, privacyAccepted: true })
      .where(eq(users.id, c.student.id));
    const own = await insertDoneRecording(t.db, { id: c.student.id, orgId: school.org.id }, c.groupId, { title: 'Second take' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/assignments/${c.assignment.id}/recordings`,
      headers: { authorization: await signInAs(t, c.student.email) },
      payload: { recordingId: own.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await runGrades()).toBe(1);
    const got = lms.scores.filter((x) => x.userId === c.learner.sub);
    expect(got).toEqual([expect.objectContaining({ activityProgress: 'Submitted', gradingProgress: 'NotReady' })]);
    expect(got[0]!.scoreGiven).toBeUndefined();
    expect((await postsOf(own.id))[0]).toMatchObject({ state: 'sent' });
  });

  it('sends a take recorded straight into the linked assignment as Submitted once analysed (the sweep), once', async () => {
    const c = await gradedCourse();
    const sweep = () => t.queue.runDueJobs(ltiSubmissionsJob.name, workerDeps());
    // The sweep is periodic; here it is asked for by hand, as the worker's timer would.
    const ask = () => t.queue.request(ltiSubmissionsJob, {}, ltiSubmissionsJob.name);
    await ask();
    await sweep();
    expect(await runGrades()).toBeGreaterThanOrEqual(1);
    const got = lms.scores.filter((x) => x.userId === c.learner.sub);
    expect(got).toEqual([expect.objectContaining({ activityProgress: 'Submitted', gradingProgress: 'NotReady' })]);
    expect(await postsOf(c.recording.id)).toEqual([expect.objectContaining({ state: 'sent' })]);
    // A second sweep finds it covered: nothing more is sent.
    await ask();
    await sweep();
    await runGrades();
    expect(lms.scores.filter((x) => x.userId === c.learner.sub)).toHaveLength(1);
  });

  it('queues nothing for a recording outside any linked assignment, or a peer score', async () => {
    const rec = await insertDoneRecording(t.db, { id: school.speaker.id, orgId: school.org.id }, school.group.id);
    await feedback(rec.id, { scoreOverall: 6 });
    expect(await postsOf(rec.id)).toEqual([]);
  });
});

describe('Names and Role Provisioning Services: roster sync', () => {
  let course: { id: string; title: string };
  let groupId: string;
  const teacher: TLaunchUser = { sub: `roster-teacher-${Date.now()}`, roles: [ROLE.instructor], name: 'Rhea Teacher' };
  const member = (sub: string, name: string, over: Partial<TNrpsMember> = {}): TNrpsMember => ({
    user_id: sub,
    roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
    status: 'Active',
    name,
    email: `${sub}@school.example`,
    ...over,
  });
  const sync = (gid: string, authorization?: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/groups/${gid}/lti/roster-sync`, headers: authorization ? { authorization } : {} });
  const activeSubs = async () => {
    const rows = await t.db
      .select({ sub: ltiIdentities.subject, status: memberships.status })
      .from(memberships)
      .innerJoin(ltiIdentities, eq(ltiIdentities.userId, memberships.userId))
      .where(eq(memberships.groupId, groupId));
    return rows
      .filter((r) => r.status === 'active')
      .map((r) => r.sub)
      .sort();
  };

  beforeAll(async () => {
    course = { id: `roster-${Date.now()}`, title: 'Debate Club' };
    await launch({ user: teacher, course, resourceLink: { id: 'roster-link' } });
    groupId = await groupIdOf(course.id);
  });

  it('adds the members, following the pages of the roster', async () => {
    lms.rosterPageSize = 2;
    lms.rosters.set(course.id, [
      { user_id: teacher.sub, roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'], name: 'Rhea Teacher' },
      member('ada', 'Ada Lovelace'),
      member('bo', 'Bo Diddley'),
      member('cy', 'Cy Twombly'),
      member('mentor', 'Mo Mentor', { roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor'] }),
    ]);
    const res = await sync(groupId, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ added: 3, reactivated: 0, deactivated: 0, unchanged: 1, refusedForSeats: [] });
    expect(rosterSyncText(res.json().data)).toBe('Roster synced: 3 added.');
    expect(lms.serviceRequests.filter((r) => r.startsWith(`GET /courses/${course.id}/memberships`))).toEqual([
      `GET /courses/${course.id}/memberships`,
      `GET /courses/${course.id}/memberships?page=2`,
      `GET /courses/${course.id}/memberships?page=3`,
    ]);
    expect(await activeSubs()).toEqual(['ada', 'bo', 'cy', teacher.sub].sort());
    expect((await userOf('ada')).email).toBe('ada@school.example');
  });

  it('deactivates members who left or are Inactive, and reactivates returning ones', async () => {
    lms.rosters.set(course.id, [
      { user_id: teacher.sub, roles: ['Instructor'], name: 'Rhea Teacher' },
      member('ada', 'Ada Lovelace'),
      member('cy', 'Cy Twombly', { status: 'Inactive' }),
      member('di', 'Di Fossey'),
    ]);
    const res = await sync(groupId, admin);
    expect(res.json().data).toEqual({ added: 1, reactivated: 0, deactivated: 2, unchanged: 2, refusedForSeats: [] });
    expect(rosterSyncText(res.json().data)).toBe('Roster synced: 1 added, 2 deactivated.');
    expect(await activeSubs()).toEqual(['ada', 'di', teacher.sub].sort());

    lms.rosters.set(course.id, [...lms.rosters.get(course.id)!, member('bo', 'Bo Diddley')]);
    const back = await sync(groupId, admin);
    expect(back.json().data).toEqual({ added: 0, reactivated: 1, deactivated: 0, unchanged: 3, refusedForSeats: [] });
    expect(await activeSubs()).toEqual(['ada', 'bo', 'di', teacher.sub].sort());
  });

  it('refuses learners when the seats are all in use and names them', async () => {
    const [org] = await t.db.select().from(organisations).where(eq(organisations.id, school.org.id));
    await t.db
      .update(organisations)
      .set({ settings: { ...org!.settings, seatLimit: 1 } })
      .where(eq(organisations.id, school.org.id));
    try {
      lms.rosters.set(course.id, [...lms.rosters.get(course.id)!, member('ed', 'Ed Sheeran')]);
      const res = await sync(groupId, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ added: 0, reactivated: 0, deactivated: 0, unchanged: 4, refusedForSeats: ['Ed Sheeran'] });
      expect(rosterSyncText(res.json().data)).toBe('Roster synced: no changes. No free seats for 1 student: Ed Sheeran.');
      // No account is left behind for the refused learner.
      expect(await t.db.select().from(ltiIdentities).where(eq(ltiIdentities.subject, 'ed'))).toEqual([]);
    } finally {
      await t.db.update(organisations).set({ settings: org!.settings }).where(eq(organisations.id, school.org.id));
    }
  });

  it("refuses a speaker of the class (403), another organisation's admin (404), anonymous (401) and a class with no course (409)", async () => {
    const speaker = await addMember(t.db, school.org.id, groupId, ['speaker']);
    expect((await sync(groupId, await signInAs(t, speaker.email))).statusCode).toBe(403);
    const other = await makeOrg(t.db);
    const otherAdmin = await signInAs(t, other.admin.email);
    const foreign = await sync(groupId, otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect((await sync(groupId)).statusCode).toBe(401);
    const unlinked = await sync(school.group.id, admin);
    expect(unlinked.statusCode).toBe(409);
    expect(unlinked.json().errors[0]).toMatchObject({ code: 'lti.not_linked', status: 409 });
    expect(unlinked.body).toContain('not linked to a course');
    expect((await sync('not-an-id', admin)).statusCode).toBe(400);
  });

  it("lets the class's coach sync", async () => {
    const coach = await addMember(t.db, school.org.id, groupId, ['manager']);
    const res = await sync(groupId, await signInAs(t, coach.email));
    expect(res.statusCode, res.body).toBe(200);
  });
});
