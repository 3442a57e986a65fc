import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInviteCode, type TOrgSettings, WORDSPOTTING_MSG, ZWordspottingPageSchema } from '@rostrum/contract';
import { groups, memberships, recordings, wordspottingLists } from '../../db/schema.js';
import { addMember, apiCaller, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = apiCaller(() => t);

const ALL_ON: TOrgSettings = {
  Custom_Wordspotting_For_Orgs: true,
  Custom_Wordspotting_For_Groups: true,
  Custom_Wordspotting_For_Users: true,
};
const ALGO = 'rostrum-default';

/** An organisation with a second group (coached by another coach) and a second organisation. */
async function scene(settings: TOrgSettings = ALL_ON) {
  const o = await makeOrg(t.db, { settings });
  const [groupB] = await t.db
    .insert(groups)
    .values({ orgId: o.org.id, name: 'Group B', inviteCode: generateInviteCode(o.org.name, 'Group B') })
    .returning();
  const coachB = await addMember(t.db, o.org.id, groupB!.id, ['manager']);
  const other = await makeOrg(t.db, { settings: ALL_ON });
  const auth = {
    admin: await signInAs(t, o.admin.email),
    coach: await signInAs(t, o.coach.email),
    speaker: await signInAs(t, o.speaker.email),
    coachB: await signInAs(t, coachB.email),
    otherAdmin: await signInAs(t, other.admin.email),
  };
  const put = (who: keyof typeof auth, body: Record<string, unknown>) =>
    api('PUT', '/wordspotting', auth[who], { algorithm: ALGO, ...body });
  const del = (who: keyof typeof auth, query: string) => api('DELETE', `/wordspotting?${query}`, auth[who]);
  const page = async (who: keyof typeof auth) => ZWordspottingPageSchema.parse((await api('GET', '/wordspotting', auth[who])).json().data);
  return { ...o, groupB: groupB!, coachB, other, auth, put, del, page };
}

describe('PUT wordspotting: who may customise which list (002 sections 2.9 and 6)', () => {
  it('org admins set the organisation list; words are trimmed, blanks and repeats dropped, "uh/um" first', async () => {
    const s = await scene();
    const res = await s.put('admin', { orgId: s.org.id, words: ['  so ', '', 'You know', 'you know', 'UH/UM'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      scope: 'org',
      scopeId: s.org.id,
      words: ['uh/um', 'so', 'You know'],
      abilities: { canEdit: true },
    });
    // Saving again replaces the list (one per scope and recording type).
    expect((await s.put('admin', { orgId: s.org.id, words: ['like'] })).statusCode).toBe(200);
    const rows = await t.db.select().from(wordspottingLists).where(eq(wordspottingLists.orgId, s.org.id));
    expect(rows.map((r) => r.words)).toEqual([['uh/um', 'like']]);
  });

  it('refuses the organisation list to coaches and speakers, and another organisation id is not found', async () => {
    const s = await scene();
    expect((await s.put('coach', { orgId: s.org.id, words: ['so'] })).statusCode).toBe(403);
    expect((await s.put('speaker', { orgId: s.org.id, words: ['so'] })).statusCode).toBe(403);
    expect((await s.put('otherAdmin', { orgId: s.org.id, words: ['so'] })).statusCode).toBe(404);
    expect((await s.put('admin', { orgId: s.other.org.id, words: ['so'] })).statusCode).toBe(404);
  });

  it("group lists: the group's coach and org admins; not another group's coach, its speakers or another organisation", async () => {
    const s = await scene();
    expect((await s.put('coach', { groupId: s.group.id, words: ['so'] })).statusCode).toBe(200);
    expect((await s.put('admin', { groupId: s.groupB.id, words: ['so'] })).statusCode).toBe(200);
    // Coach B has no link to Group A: not found; the speaker belongs to it: refused.
    expect((await s.put('coachB', { groupId: s.group.id, words: ['x'] })).statusCode).toBe(404);
    expect((await s.put('speaker', { groupId: s.group.id, words: ['x'] })).statusCode).toBe(403);
    expect((await s.put('otherAdmin', { groupId: s.group.id, words: ['x'] })).statusCode).toBe(404);
    // A member who is no longer its coach (now one of its speakers) may not.
    await t.db
      .update(memberships)
      .set({ roles: ['speaker'] })
      .where(eq(memberships.userId, s.coach.id));
    expect((await s.put('coach', { groupId: s.group.id, words: ['x'] })).statusCode).toBe(403);
  });

  it("speakers set their own list only; never another user's", async () => {
    const s = await scene();
    expect((await s.put('speaker', { userId: s.speaker.id, words: ['so'] })).statusCode).toBe(200);
    expect((await s.put('speaker', { userId: s.coach.id, words: ['so'] })).statusCode).toBe(403);
    expect((await s.put('admin', { userId: s.speaker.id, words: ['so'] })).statusCode).toBe(403);
    // A coach who is no speaker has no recordings to count: no own list.
    expect((await s.put('coach', { userId: s.coach.id, words: ['so'] })).statusCode).toBe(403);
  });

  it('each setting off refuses its scope', async () => {
    const s = await scene({});
    expect((await s.put('admin', { orgId: s.org.id, words: ['so'] })).statusCode).toBe(403);
    expect((await s.put('coach', { groupId: s.group.id, words: ['so'] })).statusCode).toBe(403);
    expect((await s.put('admin', { groupId: s.group.id, words: ['so'] })).statusCode).toBe(403);
    expect((await s.put('speaker', { userId: s.speaker.id, words: ['so'] })).statusCode).toBe(403);
    expect(await t.db.select().from(wordspottingLists).where(eq(wordspottingLists.orgId, s.org.id))).toEqual([]);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const s = await scene();
    const bad: Record<string, unknown>[] = [
      { words: ['so'] },
      { orgId: s.org.id, groupId: s.group.id, words: ['so'] },
      { orgId: s.org.id, words: Array.from({ length: 25 }, (_, i) => `phrase ${i}`) },
      { orgId: s.org.id, words: ['x'.repeat(101)] },
      { orgId: s.org.id, words: 'so' },
      { orgId: s.org.id, words: ['so'], algorithm: 'made-up' },
      { orgId: 'not-a-uuid', words: ['so'] },
      { orgId: s.org.id, words: ['so'], extra: 1 },
    ];
    for (const body of bad) {
      const res = await s.put('admin', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].code).toBe('request.invalid');
    }
    // 24 phrases plus "uh/um" is the most a list holds.
    const max = await s.put('admin', { orgId: s.org.id, words: Array.from({ length: 24 }, (_, i) => `phrase ${i}`) });
    expect(max.statusCode).toBe(200);
    expect(max.json().data.words).toHaveLength(25);
  });
});

describe('DELETE wordspotting: reset to the defaults', () => {
  it('removes the list; a request without exactly one scope id is "Invalid delete request"', async () => {
    const s = await scene();
    await s.put('coach', { groupId: s.group.id, words: ['so'] });
    for (const q of [`algorithm=${ALGO}`, `algorithm=${ALGO}&orgId=${s.org.id}&groupId=${s.group.id}`]) {
      const res = await s.del('coach', q);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'wordspotting.invalid_scope', message: WORDSPOTTING_MSG.invalidDelete });
    }
    expect((await s.del('speaker', `algorithm=${ALGO}&groupId=${s.group.id}`)).statusCode).toBe(403);
    expect((await s.del('coachB', `algorithm=${ALGO}&groupId=${s.group.id}`)).statusCode).toBe(404);
    expect((await s.del('otherAdmin', `algorithm=${ALGO}&groupId=${s.group.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(wordspottingLists).where(eq(wordspottingLists.orgId, s.org.id))).toHaveLength(1);
    expect((await s.del('coach', `algorithm=${ALGO}&groupId=${s.group.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(wordspottingLists).where(eq(wordspottingLists.orgId, s.org.id))).toEqual([]);
  });
});

describe('GET wordspotting: the lists each caller sees, with abilities and targets', () => {
  it('shows the default, organisation, own groups and own lists; abilities follow the rules', async () => {
    const s = await scene();
    await s.put('admin', { orgId: s.org.id, words: ['so'] });
    await s.put('coach', { groupId: s.group.id, words: ['like'] });
    await s.put('coachB', { groupId: s.groupB.id, words: ['basically'] });
    await s.put('speaker', { userId: s.speaker.id, words: ['actually'] });
    await s.put('otherAdmin', { orgId: s.other.org.id, words: ['secret'] });

    const admin = await s.page('admin');
    expect(admin.lists.map((l) => [l.scope, l.name, l.algorithm, l.abilities.canEdit])).toEqual([
      ['default', 'Default', 'rostrum-default', false],
      ['default', 'Default', 'rostrum-conversational', false],
      ['org', s.org.name, ALGO, true],
      ['group', 'Group A', ALGO, true],
      ['group', 'Group B', ALGO, true],
    ]);
    expect(admin.targets).toEqual({
      org: { orgId: s.org.id, name: s.org.name },
      groups: [
        { groupId: s.group.id, name: 'Group A' },
        { groupId: s.groupB.id, name: 'Group B' },
      ],
      user: null,
    });
    expect(admin.algorithms).toEqual([
      { name: 'rostrum-default', label: 'Single Speaker' },
      { name: 'rostrum-conversational', label: 'Multi-Speaker' },
    ]);

    const coach = await s.page('coach');
    expect(coach.lists.filter((l) => l.scope !== 'default').map((l) => [l.scope, l.words, l.abilities])).toEqual([
      ['org', ['uh/um', 'so'], { canEdit: false, canReset: false }],
      ['group', ['uh/um', 'like'], { canEdit: true, canReset: true }],
    ]);
    expect(coach.targets).toEqual({ org: null, groups: [{ groupId: s.group.id, name: 'Group A' }], user: null });

    const speaker = await s.page('speaker');
    expect(speaker.lists.filter((l) => l.scope !== 'default').map((l) => [l.scope, l.name, l.abilities.canEdit])).toEqual([
      ['org', s.org.name, false],
      ['group', 'Group A', false],
      ['user', 'My account', true],
    ]);
    expect(speaker.targets).toEqual({ org: null, groups: [], user: { userId: s.speaker.id } });
    // Nothing of another organisation shows anywhere.
    expect(JSON.stringify([admin, coach, speaker])).not.toContain('secret');
  });

  it("GET me's canCustomiseWordspotting follows the same rules", async () => {
    const canCustomise = async (auth: string) => (await api('GET', '/me', auth)).json().data.abilities.canCustomiseWordspotting;
    const groupsOn = await scene({ Custom_Wordspotting_For_Groups: true });
    expect([
      await canCustomise(groupsOn.auth.admin),
      await canCustomise(groupsOn.auth.coach),
      await canCustomise(groupsOn.auth.speaker),
    ]).toEqual([true, true, false]);
    const usersOn = await scene({ Custom_Wordspotting_For_Users: true });
    expect([
      await canCustomise(usersOn.auth.admin),
      await canCustomise(usersOn.auth.coach),
      await canCustomise(usersOn.auth.speaker),
    ]).toEqual([false, false, true]);
  });
});

describe('POST recordings/{id}/reanalyze', () => {
  it('the owner and a coach who may hear it start one; peers and other organisations may not; a second waits', async () => {
    const s = await scene();
    await t.db.update(groups).set({ managerPrivacyLevel: 1, speakerPrivacyLevel: 1 }).where(eq(groups.id, s.group.id));
    const peer = await addMember(t.db, s.org.id, s.group.id, ['speaker']);
    const peerAuth = await signInAs(t, peer.email);
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id, {
      feedbackRequested: true,
      wordspotting: { source: 'default', name: null, words: ['uh/um'] },
    });
    const get = async (who: string) => (await api('GET', `/recordings/${rec.id}`, who)).json().data.wordspotting;

    // The current list is the default too: nothing to offer but the ability.
    expect(await get(s.auth.speaker)).toEqual({
      used: { source: 'default', name: null, words: ['uh/um'] },
      current: null,
      reanalyzing: false,
      canReanalyze: true,
    });
    expect((await get(peerAuth)).canReanalyze).toBe(false);
    await s.put('coach', { groupId: s.group.id, words: ['so'] });
    expect((await get(s.auth.coach)).current).toEqual({ source: 'group', name: 'Group A', words: ['uh/um', 'so'] });

    expect((await api('POST', `/recordings/${rec.id}/reanalyze`, peerAuth)).statusCode).toBe(403);
    expect((await api('POST', `/recordings/${rec.id}/reanalyze`, s.auth.otherAdmin)).statusCode).toBe(404);
    expect((await api('POST', `/recordings/${rec.id}/reanalyze`, s.auth.coachB)).statusCode).toBe(404);
    const started = await api('POST', `/recordings/${rec.id}/reanalyze`, s.auth.coach);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.wordspotting).toMatchObject({ reanalyzing: true, canReanalyze: false, used: { source: 'default' } });
    const again = await api('POST', `/recordings/${rec.id}/reanalyze`, s.auth.speaker);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('recording.busy');
    const [row] = await t.db.select().from(recordings).where(eq(recordings.id, rec.id));
    expect(row!.reanalysisRequestedAt).not.toBeNull();
    expect(row!.status).toBe('done');
  });

  it('a recording still processing is not re-analysed; a coach at coach level 3 cannot hear an unshared one', async () => {
    const s = await scene();
    const processing = await insertDoneRecording(t.db, s.speaker, s.group.id, { status: 'processing' });
    expect((await api('POST', `/recordings/${processing.id}/reanalyze`, s.auth.speaker)).statusCode).toBe(409);
    await t.db.update(groups).set({ managerPrivacyLevel: 2 }).where(eq(groups.id, s.group.id));
    const unshared = await insertDoneRecording(t.db, s.speaker, s.group.id);
    // Level 2: the coach sees it in lists but may not hear it, so may not re-analyse it.
    expect((await api('POST', `/recordings/${unshared.id}/reanalyze`, s.auth.coach)).statusCode).toBe(403);
  });
});
