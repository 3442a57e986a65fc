import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE_PROMPT_CATEGORIES, PRACTICE_PROMPT_LIMITS, ZPracticePromptListSchema } from '@rostrum/contract';
import { practicePrompts, recordings } from '../../db/schema.js';
import { apiCaller, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { SEED_PROMPTS } from './seed-prompts.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = apiCaller(() => t);

const NEW_PROMPT = {
  title: 'Pitch our open day',
  instructions: 'Invite a friend to the open day in one minute.',
  category: 'persuasion',
  suggestedSeconds: 60,
};

async function scene() {
  const o = await makeOrg(t.db);
  const other = await makeOrg(t.db);
  const auth = {
    admin: await signInAs(t, o.admin.email),
    coach: await signInAs(t, o.coach.email),
    speaker: await signInAs(t, o.speaker.email),
    otherAdmin: await signInAs(t, other.admin.email),
    otherSpeaker: await signInAs(t, other.speaker.email),
  };
  const list = async (who: keyof typeof auth, query = '') => {
    const res = await api('GET', `/practice-prompts${query}`, auth[who]);
    expect(res.statusCode, res.body).toBe(200);
    return ZPracticePromptListSchema.parse(res.json().data);
  };
  return { ...o, other, auth, list };
}

describe('GET practice-prompts: a library per organisation, seeded once', () => {
  it('gives every member the product prompts, each category represented, once however often it is read', async () => {
    const s = await scene();
    expect(SEED_PROMPTS.length).toBeGreaterThanOrEqual(30);
    const [first, again] = await Promise.all([s.list('speaker'), s.list('coach')]);
    expect(first.prompts).toHaveLength(SEED_PROMPTS.length);
    expect(again.prompts).toHaveLength(SEED_PROMPTS.length);
    expect(new Set(first.prompts.map((p) => p.category))).toEqual(new Set(PRACTICE_PROMPT_CATEGORIES));
    expect(first.abilities.canEdit).toBe(false);
    expect((await s.list('admin')).abilities.canEdit).toBe(true);
    const rows = await t.db.select().from(practicePrompts).where(eq(practicePrompts.orgId, s.org.id));
    expect(rows).toHaveLength(SEED_PROMPTS.length);
    for (const p of first.prompts) {
      expect(p.suggestedSeconds).toBeGreaterThanOrEqual(PRACTICE_PROMPT_LIMITS.suggestedSecondsMin);
      expect(p.suggestedSeconds).toBeLessThanOrEqual(PRACTICE_PROMPT_LIMITS.suggestedSecondsMax);
      expect(p.title.length).toBeLessThanOrEqual(PRACTICE_PROMPT_LIMITS.titleMax);
    }
  });

  it('needs sign-in', async () => {
    expect((await api('GET', '/practice-prompts', '')).statusCode).toBe(401);
  });

  it("a prompt the admin deleted is not copied back, and one organisation's change is not another's", async () => {
    const s = await scene();
    const [victim] = (await s.list('admin')).prompts;
    expect((await api('DELETE', `/practice-prompts/${victim!.promptId}`, s.auth.admin)).statusCode).toBe(200);
    const after = await s.list('speaker');
    expect(after.prompts.map((p) => p.promptId)).not.toContain(victim!.promptId);
    expect(after.prompts).toHaveLength(SEED_PROMPTS.length - 1);
    expect((await s.list('otherSpeaker')).prompts).toHaveLength(SEED_PROMPTS.length);
  });
});

describe('Changing prompts: org admins of the organisation only', () => {
  it('an admin adds, edits and hides a prompt; speakers stop seeing a hidden one, the admin still lists it', async () => {
    const s = await scene();
    const created = await api('POST', '/practice-prompts', s.auth.admin, NEW_PROMPT);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.promptId as string;
    expect((await s.list('speaker')).prompts.map((p) => p.title)).toContain(NEW_PROMPT.title);

    const edited = await api('PUT', `/practice-prompts/${id}`, s.auth.admin, { ...NEW_PROMPT, title: '  Open day  ', hidden: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Open day', hidden: true });
    expect((await s.list('speaker')).prompts.map((p) => p.promptId)).not.toContain(id);
    // A speaker asking for hidden ones gets only the shown ones.
    expect((await s.list('speaker', '?includeHidden=true')).prompts.map((p) => p.promptId)).not.toContain(id);
    expect((await s.list('admin', '?includeHidden=true')).prompts.map((p) => p.promptId)).toContain(id);
  });

  it('refuses coaches and speakers, and another organisation cannot see, change or delete its prompts', async () => {
    const s = await scene();
    const [p] = (await s.list('admin')).prompts;
    for (const who of ['coach', 'speaker'] as const) {
      expect((await api('POST', '/practice-prompts', s.auth[who], NEW_PROMPT)).statusCode).toBe(403);
      expect((await api('PUT', `/practice-prompts/${p!.promptId}`, s.auth[who], NEW_PROMPT)).statusCode).toBe(403);
      expect((await api('DELETE', `/practice-prompts/${p!.promptId}`, s.auth[who])).statusCode).toBe(403);
    }
    expect((await api('PUT', `/practice-prompts/${p!.promptId}`, s.auth.otherAdmin, NEW_PROMPT)).statusCode).toBe(404);
    expect((await api('DELETE', `/practice-prompts/${p!.promptId}`, s.auth.otherAdmin)).statusCode).toBe(404);
    expect((await s.list('otherAdmin', '?includeHidden=true')).prompts.map((x) => x.promptId)).not.toContain(p!.promptId);
    const [row] = await t.db.select().from(practicePrompts).where(eq(practicePrompts.id, p!.promptId));
    expect(row!.title).toBe(p!.title);
  });

  it('refuses bad input with the messages, and a malformed id, as 400s', async () => {
    const s = await scene();
    const bad = async (body: Record<string, unknown>) => {
      const res = await api('POST', '/practice-prompts', s.auth.admin, { ...NEW_PROMPT, ...body });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors[0].message as string;
    };
    expect(await bad({ title: '   ' })).toContain('Give the prompt a title');
    expect(await bad({ title: 'x'.repeat(61) })).toContain('At most 60 characters');
    expect(await bad({ instructions: '' })).toContain('Say what the speaker should talk about');
    expect(await bad({ suggestedSeconds: 10 })).toContain('Between 30 seconds and 15 minutes');
    expect(await bad({ suggestedSeconds: 901 })).toContain('Between 30 seconds and 15 minutes');
    expect(await bad({ category: 'karaoke' })).toBeTruthy();
    expect((await api('PUT', '/practice-prompts/not-an-id', s.auth.admin, NEW_PROMPT)).statusCode).toBe(400);
  });

  it('an organisation keeps at most the limit of prompts', async () => {
    const s = await scene();
    await s.list('admin');
    const room = PRACTICE_PROMPT_LIMITS.perOrgMax - SEED_PROMPTS.length;
    await t.db.insert(practicePrompts).values(
      Array.from({ length: room }, (_, i) => ({
        orgId: s.org.id,
        category: 'impromptu' as const,
        title: `P${i}`,
        instructions: 'x',
        suggestedSeconds: 60,
      })),
    );
    const res = await api('POST', '/practice-prompts', s.auth.admin, NEW_PROMPT);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe('practice_prompts.limit_reached');
  });
});

describe('POST recordings with a practice prompt', () => {
  const take = (practicePromptId: string, over: Record<string, unknown> = {}) => ({
    title: 'Tell me about yourself - v1',
    source: 'ui upload form',
    fileName: 'take.wav',
    practicePromptId,
    ...over,
  });

  it("keeps the prompt's id on the take and in the lists", async () => {
    const s = await scene();
    const [p] = (await s.list('speaker')).prompts;
    const res = await api('POST', '/recordings', s.auth.speaker, take(p!.promptId));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.recordingId as string;
    const [row] = await t.db.select().from(recordings).where(eq(recordings.id, id));
    expect(row!.practicePromptId).toBe(p!.promptId);
    const mine = await api('GET', '/recordings', s.auth.speaker);
    expect(mine.json().data.find((r: { recordingId: string }) => r.recordingId === id).practicePromptId).toBe(p!.promptId);
  });

  it("refuses another organisation's prompt, a hidden one, and a prompt together with an assignment", async () => {
    const s = await scene();
    const [theirs] = (await s.list('otherSpeaker')).prompts;
    const foreign = await api('POST', '/recordings', s.auth.speaker, take(theirs!.promptId));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].message).toBe('This practice prompt is no longer offered');

    const [ours] = (await s.list('admin')).prompts;
    await api('PUT', `/practice-prompts/${ours!.promptId}`, s.auth.admin, { ...NEW_PROMPT, hidden: true });
    expect((await api('POST', '/recordings', s.auth.speaker, take(ours!.promptId))).statusCode).toBe(400);

    const both = await api('POST', '/recordings', s.auth.speaker, take(theirs!.promptId, { assignmentId: theirs!.promptId }));
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].message).toContain('not both');
    const rows = await t.db.select().from(recordings).where(eq(recordings.userId, s.speaker.id));
    expect(rows).toHaveLength(0);
  });
});
