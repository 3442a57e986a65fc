import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, EXPORT_FORMATS, ZResultsSchema } from '@rostrum/contract';
import { groups } from '../../db/schema.js';
import { addMember, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { fullResults } from '../../test/results-fixtures.js';

// GET recordings/{id}/export/{format}: whoever may hear the recording, as its results page
// (recordingAccess); everyone else is refused in the API's error shape.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function setup() {
  const o = await makeOrg(t.db);
  const rec = await insertDoneRecording(t.db, { id: o.speaker.id, orgId: o.org.id }, o.group.id, {
    title: 'Board update',
    results: fullResults(),
  });
  return { ...o, rec };
}

const get = async (email: string | null, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: email ? { authorization: await signInAs(t, email) } : {} });

describe('exports', () => {
  it('gives the owner every format as an attachment named after the title', async () => {
    const g = await setup();
    const types = {
      vtt: 'text/vtt',
      srt: 'application/x-subrip',
      txt: 'text/plain',
      json: 'application/json',
      csv: 'text/csv',
      pdf: 'application/pdf',
    };
    for (const format of EXPORT_FORMATS) {
      const res = await get(g.speaker.email, `/recordings/${g.rec.id}/export/${format}`);
      expect(res.statusCode, `${format}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toContain(types[format]);
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="Board update (transcript|results|report)\\.${format}"`),
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    const vtt = await get(g.speaker.email, `/recordings/${g.rec.id}/export/vtt`);
    expect(vtt.body).toContain('00:00:00.500 --> 00:00:01.700\nGood morning everyone,');
    const json = await get(g.speaker.email, `/recordings/${g.rec.id}/export/json`);
    expect(ZResultsSchema.strict().safeParse(json.json()).success).toBe(true);
    const pdf = await get(g.speaker.email, `/recordings/${g.rec.id}/export/pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives it to a coach who may hear the recording, and says so in its abilities', async () => {
    const g = await setup();
    const res = await get(g.coach.email, `/recordings/${g.rec.id}/export/csv`);
    expect(res.statusCode).toBe(200);
    const rec = await get(g.coach.email, `/recordings/${g.rec.id}`);
    expect(rec.json().data.abilities).toMatchObject({ canExport: true, canShareLink: false });
  });

  it('refuses a coach who may not hear it (level 2: listed only, level 3: not even listed), a peer it is not shared with and another organisation', async () => {
    const g = await setup();
    await t.db.update(groups).set({ managerPrivacyLevel: 2, speakerPrivacyLevel: 1 }).where(eq(groups.id, g.group.id));
    const listed = await get(g.coach.email, `/recordings/${g.rec.id}/export/txt`);
    expect(listed.statusCode).toBe(403);
    expect(listed.json().errors[0].status).toBe(403);
    await t.db.update(groups).set({ managerPrivacyLevel: 3, speakerPrivacyLevel: 1 }).where(eq(groups.id, g.group.id));
    expect((await get(g.coach.email, `/recordings/${g.rec.id}/export/txt`)).statusCode).toBe(404);
    const peer = await addMember(t.db, g.org.id, g.group.id, ['speaker']);
    const p = await get(peer.email, `/recordings/${g.rec.id}/export/txt`);
    expect(p.statusCode).toBe(404);
    expect(p.json().errors[0].code).toBe(ERROR_CODES.recordingNotFound);
    const other = await makeOrg(t.db);
    const o = await get(other.admin.email, `/recordings/${g.rec.id}/export/pdf`);
    expect(o.statusCode).toBe(404);
  });

  it('needs sign-in, a known format and a uuid', async () => {
    const g = await setup();
    expect((await get(null, `/recordings/${g.rec.id}/export/pdf`)).statusCode).toBe(401);
    const bad = await get(g.speaker.email, `/recordings/${g.rec.id}/export/docx`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].code).toBe(ERROR_CODES.requestInvalid);
    expect((await get(g.speaker.email, '/recordings/not-an-id/export/pdf')).statusCode).toBe(400);
  });

  it('answers 409 while the recording has no results', async () => {
    const g = await setup();
    const busy = await insertDoneRecording(t.db, { id: g.speaker.id, orgId: g.org.id }, g.group.id, { status: 'processing' });
    const res = await get(g.speaker.email, `/recordings/${busy.id}/export/json`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe(ERROR_CODES.exportNoResults);
    const rec = await get(g.speaker.email, `/recordings/${busy.id}`);
    expect(rec.json().data.abilities.canExport).toBe(false);
  });
});
