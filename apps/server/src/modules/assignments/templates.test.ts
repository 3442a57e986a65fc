import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_MSG, ERROR_CODES, type TAssignment } from '@rostrum/contract';
import { assignments } from '../../db/schema.js';
import { addMember, insertAssignment, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload: payload as object });

const BODY = {
  name: '  Persuasive Talk ',
  description: 'Convince us.',
  criteria: { algorithm: 'rostrum-default', minRating: true, minRecordings: true, minScore: false, minScoreNum: 7 },
};

async function scene() {
  const o = await makeOrg(t.db, { settings: { Assignments: true } });
  const coach2 = await addMember(t.db, o.org.id, o.group.id, ['manager']);
  const auth = {
    speaker: await signInAs(t, o.speaker.email),
    coach: await signInAs(t, o.coach.email),
    coach2: await signInAs(t, coach2.email),
    admin: await signInAs(t, o.admin.email),
  };
  return { ...o, coach2, auth };
}

const create = async (auth: string, body: object = BODY) => {
  const res = await api('POST', '/assignments', auth, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TAssignment;
};

describe('POST assignments (a new template)', () => {
  it('creates a private template of the coach with the criteria normalised', async () => {
    const s = await scene();
    const a = await create(s.auth.coach);
    expect(a).toMatchObject({
      name: 'Persuasive Talk',
      isTemplate: true,
      isShared: false,
      isGlobal: false,
      groupId: null,
      userId: s.coach.id,
      criteria: {
        algorithm: 'rostrum-default',
        minRating: true,
        minRatingNum: 4,
        minRecordings: true,
        minRecordingsCount: 1,
        minScore: false,
      },
      abilities: {
        canEdit: true,
        canEditCriteria: true,
        canDelete: true,
        canCopy: true,
        canAssign: true,
        canToggleShared: true,
        canSubmit: false,
      },
    });
    expect(a.criteria.minScoreNum).toBeUndefined();
    const got = await api('GET', `/assignments/${a.assignmentId}`, s.auth.coach);
    expect(got.json().data.assignmentId).toBe(a.assignmentId);
  });

  it('refuses an unknown speaker type, a blank name, unknown fields and speakers', async () => {
    const s = await scene();
    const bad = await api('POST', '/assignments', s.auth.coach, { ...BODY, criteria: { algorithm: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(ASSIGNMENT_MSG.unknownAlgorithm);
    const blank = await api('POST', '/assignments', s.auth.coach, { ...BODY, name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect((await api('POST', '/assignments', s.auth.coach, { ...BODY, groupId: s.group.id })).statusCode).toBe(400);
    expect((await api('POST', '/assignments', s.auth.speaker, BODY)).statusCode).toBe(403);
    const off = await makeOrg(t.db);
    const offRes = await api('POST', '/assignments', await signInAs(t, off.coach.email), BODY);
    expect(offRes.statusCode).toBe(403);
    expect(offRes.json().errors[0].message).toBe(ASSIGNMENT_MSG.assignmentsOff);
  });
});

describe('template visibility and the templates list', () => {
  it('private: the owner only; shared: every coach of the org; global: every coach; never another org or a speaker', async () => {
    const s = await scene();
    const priv = await create(s.auth.coach, { ...BODY, name: 'Private one' });
    const shared = await create(s.auth.coach, { ...BODY, name: 'Shared one', isShared: true });
    const [global] = await t.db
      .insert(assignments)
      .values({ orgId: null, isGlobal: true, isTemplate: true, name: `Global ${Date.now()}`, criteria: { algorithm: 'rostrum-default' } })
      .returning();
    const names = async (auth: string) =>
      ((await api('GET', '/assignments?scope=templates', auth)).json().data as TAssignment[]).map((a) => a.name);
    expect(await names(s.auth.coach)).toEqual(expect.arrayContaining(['Private one', 'Shared one', global!.name]));
    const coach2 = await names(s.auth.coach2);
    expect(coach2).toEqual(expect.arrayContaining(['Shared one', global!.name]));
    expect(coach2).not.toContain('Private one');
    expect(await names(s.auth.speaker)).toEqual([]);
    expect((await api('GET', `/assignments/${priv.assignmentId}`, s.auth.coach2)).statusCode).toBe(404);
    expect((await api('GET', `/assignments/${shared.assignmentId}`, s.auth.speaker)).statusCode).toBe(404);
    expect((await api('GET', `/assignments/${global!.id}`, s.auth.speaker)).statusCode).toBe(404);
    const other = await makeOrg(t.db, { settings: { Assignments: true } });
    const otherCoach = await signInAs(t, other.coach.email);
    expect((await api('GET', `/assignments/${shared.assignmentId}`, otherCoach)).statusCode).toBe(404);
    const g = (await api('GET', `/assignments/${global!.id}`, otherCoach)).json().data as TAssignment;
    expect(g.abilities).toMatchObject({ canEdit: false, canDelete: false, canCopy: false, canArchive: false, canAssign: true });
    const sharedByCoach2 = (await api('GET', `/assignments/${shared.assignmentId}`, s.auth.coach2)).json().data as TAssignment;
    expect(sharedByCoach2.abilities).toMatchObject({ canEdit: false, canToggleShared: false, canCopy: true, canAssign: true });
    await t.db.delete(assignments).where(eq(assignments.id, global!.id));
  });
});

describe('PATCH assignments/{id}', () => {
  it('changes a template’s description and criteria; unchecking wordspotting clears the phrases', async () => {
    const s = await scene();
    const a = await create(s.auth.coach, { ...BODY, criteria: { algorithm: 'rostrum-default', wordspotting: true } });
    const ws = await api('PATCH', `/assignments/${a.assignmentId}`, s.auth.coach, { wordspotting: [' so ', '', 'basically'] });
    expect(ws.json().data.wordspotting).toEqual(['so', 'basically']);
    const res = await api('PATCH', `/assignments/${a.assignmentId}`, s.auth.coach, {
      description: 'New text',
      criteria: { algorithm: 'rostrum-conversational', wordspotting: false, minScore: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      description: 'New text',
      wordspotting: [],
      criteria: { algorithm: 'rostrum-conversational', minScore: true, minScoreNum: 4 },
    });
  });

  it('privacy: only the owner; archived and deactivated only on assigned assignments', async () => {
    const s = await scene();
    const a = await create(s.auth.coach, { ...BODY, isShared: true });
    const notOwner = await api('PATCH', `/assignments/${a.assignmentId}`, s.auth.coach2, { isShared: false });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().errors[0].message).toBe(ASSIGNMENT_MSG.ownerOnlySharing);
    expect((await api('PATCH', `/assignments/${a.assignmentId}`, s.auth.admin, { isShared: false })).statusCode).toBe(403);
    const own = await api('PATCH', `/assignments/${a.assignmentId}`, s.auth.coach, { isShared: false });
    expect(own.json().data.isShared).toBe(false);
    const arch = await api('PATCH', `/assignments/${a.assignmentId}`, s.auth.coach, { archived: true });
    expect(arch.statusCode).toBe(409);
    expect(arch.json().errors[0].code).toBe(ERROR_CODES.assignmentNotTemplate);
  });

  it('criteria of an assigned assignment are locked (409); its name and description change', async () => {
    const s = await scene();
    const { assignment } = await insertAssignment(t.db, s.coach, s.group.id);
    const res = await api('PATCH', `/assignments/${assignment.id}`, s.auth.coach, { criteria: { algorithm: 'rostrum-default' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({ code: ERROR_CODES.assignmentCriteriaLocked, message: ASSIGNMENT_MSG.criteriaLocked });
    expect((await api('PATCH', `/assignments/${assignment.id}`, s.auth.coach, { wordspotting: ['x'] })).statusCode).toBe(409);
    const ok = await api('PATCH', `/assignments/${assignment.id}`, s.auth.coach, { name: 'Renamed' });
    expect(ok.json().data.name).toBe('Renamed');
    expect((await api('PATCH', `/assignments/${assignment.id}`, s.auth.speaker, { name: 'Mine' })).statusCode).toBe(403);
  });

  it('global templates are read-only (403 global_read_only)', async () => {
    const s = await scene();
    const [g] = await t.db
      .insert(assignments)
      .values({ orgId: null, isGlobal: true, isTemplate: true, name: 'Global RO', criteria: { algorithm: 'rostrum-default' } })
      .returning();
    for (const body of [{ name: 'x' }, { isShared: true }, { criteria: { algorithm: 'rostrum-default' } }]) {
      const res = await api('PATCH', `/assignments/${g!.id}`, s.auth.admin, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0]).toMatchObject({ code: ERROR_CODES.assignmentGlobalReadOnly, message: ASSIGNMENT_MSG.globalReadOnly });
    }
    expect((await api('DELETE', `/assignments/${g!.id}`, s.auth.admin)).statusCode).toBe(403);
    expect((await api('POST', `/assignments/${g!.id}/copy`, s.auth.coach)).statusCode).toBe(403);
    await t.db.delete(assignments).where(eq(assignments.id, g!.id));
  });
});
