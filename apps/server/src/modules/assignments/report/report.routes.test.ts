import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customQuestionId, REPORT_HEADERS, type TAssignmentComparison } from '@rostrum/contract';
import { feedback, groups, scorecardResponses, users } from '../../../db/schema.js';
import { fakeResults } from '../../../test/authorization-matrix.fixtures.js';
import { conversationResults } from '../../../test/results-fixtures.js';
import { addMember, insertAssignment, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, authorization: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization } });

/** RFC 4180: quoted fields may hold commas, quotes ("") and line breaks; records end in CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}

/** The rows as objects by header. */
function table(body: string) {
  const [header, ...rows] = parseCsv(body.replace(/^\uFEFF/, ''));
  return { header: header!, rows: rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))) };
}

const STORY = customQuestionId('Storytelling');
const PACE_IDEAL = { min: 0, max: 10, idealMin: 3, idealMax: 5 };

async function scene(settings: Record<string, boolean> = { Assignments: true, Download_Report_Button: true }) {
  const o = await makeOrg(t.db, { settings });
  const { assignment, scorecard } = await insertAssignment(t.db, o.coach, o.group.id, { name: 'Elevator Pitch', custom: ['Storytelling'] });
  const rename = (id: string, firstName: string, lastName: string) =>
    t.db
      .update(users)
      .set({ firstName, lastName, name: `${firstName} ${lastName}` })
      .where(eq(users.id, id));
  await rename(o.speaker.id, 'Zed', 'Adams');
  const amy = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  await rename(amy.id, 'Amy', 'Brown');
  const carl = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  await rename(carl.id, 'Carl', 'adams');
  const results = (overall: number, reading: number) => {
    const r = fakeResults(overall);
    return { ...r, scores: { ...r.scores, reading }, ideals: { ...r.ideals, pace: PACE_IDEAL } };
  };
  const flagged = await insertDoneRecording(t.db, o.speaker, o.group.id, {
    title: '+1 pitch',
    assignmentId: assignment.id,
    submitted: true,
    submittedAt: new Date('2026-03-02T10:00:00Z'),
    createdAt: new Date('2026-03-01T09:00:00Z'),
    duration: 95,
    results: results(6.5, 60),
    overallScore: 6.5,
  });
  const privateRec = await insertDoneRecording(t.db, o.speaker, o.group.id, {
    title: 'Second try',
    assignmentId: assignment.id,
    createdAt: new Date('2026-03-03T09:00:00Z'),
    duration: 3725,
    results: results(7, 10),
    overallScore: 7,
  });
  const shared = await insertDoneRecording(t.db, amy, o.group.id, {
    title: 'Amy, "the" pitch',
    assignmentId: assignment.id,
    feedbackRequested: true,
    createdAt: new Date('2026-03-04T09:00:00Z'),
    duration: null,
  });
  // Outside the assignment: only the group report has it.
  await insertDoneRecording(t.db, amy, o.group.id, { title: 'Warm-up', createdAt: new Date('2026-03-05T09:00:00Z') });
  await t.db.insert(feedback).values([
    { recordingId: flagged.id, groupId: o.group.id, userId: o.coach.id, kind: 'score', isManager: true, scoreOverall: 7, scoreDelivery: 8 },
    { recordingId: flagged.id, groupId: o.group.id, userId: amy.id, kind: 'score', isManager: false, scoreOverall: 8, scoreDelivery: 6 },
    { recordingId: flagged.id, groupId: o.group.id, userId: o.coach.id, kind: 'comment', isManager: true, comment: '=HYPERLINK("x")' },
    { recordingId: flagged.id, groupId: o.group.id, userId: amy.id, kind: 'comment', isManager: false, comment: 'Great, start' },
  ]);
  await t.db.insert(scorecardResponses).values({
    scorecardId: scorecard!.id,
    recordingId: flagged.id,
    userId: o.coach.id,
    responses: [{ id: STORY, response: 9 }],
    isManager: true,
  });
  const auth = {
    coach: await signInAs(t, o.coach.email),
    admin: await signInAs(t, o.admin.email),
    speaker: await signInAs(t, o.speaker.email),
  };
  return { ...o, assignment, amy, carl, flagged, privateRec, shared, auth };
}

describe('GET assignments/{id}/report.csv', () => {
  it("writes a conversation's owner's figures, as its results page shows them: the claimed speaker's, no Vocal Delivery", async () => {
    const o = await makeOrg(t.db, { settings: { Assignments: true, Download_Report_Button: true } });
    const { assignment } = await insertAssignment(t.db, o.coach, o.group.id, { name: 'Talk it through' });
    // As the engine stored a conversation before: the leading speaker's single-speaker Vocal Delivery kept in.
    const conv = conversationResults();
    const speaker = (n: number) => ({ ...conv.scores.perSpeaker![n - 1]!, overall: 8, pace: n === 1 ? 3.1 : 4.6 });
    const { speaker: _, ...lead } = speaker(1);
    await insertDoneRecording(t.db, o.speaker, o.group.id, {
      title: 'Claimed TWO',
      assignmentId: assignment.id,
      numSpeakers: 2,
      speakerNum: 2,
      results: { ...conv, scores: { ...lead, perSpeaker: [speaker(1), speaker(2)] } },
      overallScore: null,
    });
    const res = await get(`/assignments/${assignment.id}/report.csv`, await signInAs(t, o.coach.email));
    expect(res.statusCode, res.body).toBe(200);
    const row = table(res.body).rows.find((r) => r.Title === 'Claimed TWO')!;
    expect(row['Vocal Delivery']).toBe('-');
    expect(row['Pace (syllables per second)']).toBe('4.6');
  });
  it('streams section 9 exactly: BOM, CRLF, file name, columns, sort, empty members, 2-decimal ratings, words', async () => {
    const s = await scene();
    const res = await get(`/assignments/${s.assignment.id}/report.csv`, s.auth.coach);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Elevator Pitch ${today}.csv"; filename*=UTF-8''Elevator%20Pitch%20${today}.csv`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toContain('\r\n');
    const { header, rows } = table(res.body);
    expect(header.slice(0, 11)).toEqual([
      'Last Name',
      'First Name',
      'Status',
      'Due Date',
      'Created',
      'Flagged for Review Date',
      REPORT_HEADERS.title,
      'Duration',
      'Flagged for Review',
      'Shared with Group',
      'Vocal Delivery',
    ]);
    for (const h of [
      'Reading',
      'Pace',
      'Variety of Pitch',
      'Assertive',
      'Unapproachable',
      'Storytelling Rating',
      'Feedback Count',
      'Feedback',
    ])
      expect(header).toContain(h);
    // Sorted by last then first name (any letter case); Carl has no recording: one row of '-'.
    expect(rows.map((r) => `${r['Last Name']}, ${r['First Name']}: ${r.Title}`)).toEqual([
      'adams, Carl: -',
      "Adams, Zed: '+1 pitch",
      'Adams, Zed: Second try',
      'Brown, Amy: Amy, "the" pitch',
    ]);
    const carl = rows[0]!;
    // A member without a recording: their status (no due date here), then '-' everywhere.
    expect(carl.Status).toBe('Not Started');
    expect(
      Object.entries(carl)
        .filter(([k]) => k !== 'Last Name' && k !== 'First Name' && k !== 'Status')
        .every(([, v]) => v === '-'),
    ).toBe(true);
    const f = rows[1]!;
    expect(f).toMatchObject({
      Created: '2026-03-01 09:00',
      'Flagged for Review Date': '2026-03-02 10:00',
      Duration: '01:35',
      'Flagged for Review': 'Yes',
      'Shared with Group': 'No',
      'Vocal Delivery': '6.5',
      'Pace (syllables per second)': '3.8',
      Pace: 'Ideal',
      Reading: 'Yes',
      'Variety of Volume': 'Ideal',
      'Overall Rating': '7.50',
      'Overall Raters': '2',
      'Overall Coach Rating': '7.00',
      'Overall Coach Raters': '1',
      'Vocal Delivery Rating': '7.00',
      'Storytelling Rating': '9.00',
      'Storytelling Coach Rating': '9.00',
      'X Factor Rating': '-',
      'X Factor Raters': '0',
      'Feedback Count': '2',
    });
    expect(f.Feedback!.split('\n').sort()).toEqual(['Amy Brown: Great, start', 'coach Person: =HYPERLINK("x")']);
    const second = rows[2]!;
    expect(second).toMatchObject({
      Duration: '01:02:05',
      Reading: 'No',
      'Flagged for Review': 'No',
      'Overall Rating': '-',
      'Feedback Count': '0',
    });
    expect(rows[3]).toMatchObject({ Duration: '-', 'Vocal Delivery': '-', 'Shared with Group': 'Yes' });
  });

  it('defuses scorecard question labels in the header cells as the data cells are (formula injection)', async () => {
    const o = await makeOrg(t.db, { settings: { Assignments: true, Download_Report_Button: true } });
    const labels = ['=HYPERLINK("x")', '@SUM(1)', '+1 idea', '-dash'];
    const { assignment } = await insertAssignment(t.db, o.coach, o.group.id, { name: 'Labels', custom: labels });
    await insertDoneRecording(t.db, o.speaker, o.group.id, { title: 'Take', assignmentId: assignment.id });
    const coach = await signInAs(t, o.coach.email);
    const res = await get(`/assignments/${assignment.id}/report.csv`, coach);
    expect(res.statusCode, res.body).toBe(200);
    const { header } = table(res.body);
    for (const label of labels) {
      for (const suffix of ['Rating', 'Raters', 'Coach Rating', 'Coach Raters']) expect(header).toContain(`'${label} ${suffix}`);
    }
    expect(header.filter((h) => /^[=+\-@\t\r]/.test(h))).toEqual([]);
  });

  it('at coach privacy level 3 holds only shared or flagged recordings and its header says so', async () => {
    const s = await scene();
    await t.db.update(groups).set({ managerPrivacyLevel: 3 }).where(eq(groups.id, s.group.id));
    const { header, rows } = table((await get(`/assignments/${s.assignment.id}/report.csv`, s.auth.coach)).body);
    expect(header).toContain(REPORT_HEADERS.titleSharedOnly);
    expect(header).not.toContain(REPORT_HEADERS.title);
    const titles = rows.map((r) => r[REPORT_HEADERS.titleSharedOnly]);
    expect(titles).toEqual(['-', "'+1 pitch", 'Amy, "the" pitch']);
    expect(rows.map((r) => r['First Name'])).toEqual(['Carl', 'Zed', 'Amy']);
  });

  it('at coach privacy level 2 lists unshared recordings without their scores or feedback', async () => {
    const s = await scene();
    await t.db.update(groups).set({ managerPrivacyLevel: 2 }).where(eq(groups.id, s.group.id));
    const { header, rows } = table((await get(`/assignments/${s.assignment.id}/report.csv`, s.auth.coach)).body);
    expect(header).toContain(REPORT_HEADERS.title);
    const second = rows.find((r) => r.Title === 'Second try')!;
    expect(second).toMatchObject({ Duration: '01:02:05', 'Vocal Delivery': '-', 'Overall Rating': '-', 'Feedback Count': '-' });
  });

  it('is for coaches of the group and org admins with Download_Report_Button on', async () => {
    const s = await scene();
    expect((await get(`/assignments/${s.assignment.id}/report.csv`, s.auth.admin)).statusCode).toBe(200);
    const speaker = await get(`/assignments/${s.assignment.id}/report.csv`, s.auth.speaker);
    expect(speaker.statusCode).toBe(403);
    expect(speaker.json().errors[0].status).toBe(403);
    const other = await makeOrg(t.db, { settings: { Assignments: true, Download_Report_Button: true } });
    expect((await get(`/assignments/${s.assignment.id}/report.csv`, await signInAs(t, other.admin.email))).statusCode).toBe(404);
    expect((await get(`/groups/${s.group.id}/report.csv`, await signInAs(t, other.coach.email))).statusCode).toBe(404);
    const off = await scene({ Assignments: true });
    expect((await get(`/assignments/${off.assignment.id}/report.csv`, off.auth.coach)).statusCode).toBe(403);
    expect((await get(`/groups/${off.group.id}/report.csv`, off.auth.coach)).statusCode).toBe(403);
    const template = await insertAssignment(t.db, s.coach, s.group.id, { isTemplate: true });
    expect((await get(`/assignments/${template.assignment.id}/report.csv`, s.auth.coach)).statusCode).toBe(404);
    expect((await get('/assignments/not-an-id/report.csv', s.auth.coach)).statusCode).toBe(400);
  });
});

describe('an assignment the caller may not see', () => {
  it('answers 404 to report.csv and comparison, as an unknown id does', async () => {
    const s = await scene();
    // For Amy alone: the other speakers of the group do not see it (GET assignments/{id} is 404).
    const onlyAmy = (await insertAssignment(t.db, s.coach, s.group.id, { name: 'Just Amy', userTargets: [s.amy.id] })).assignment;
    expect((await get(`/assignments/${onlyAmy.id}`, s.auth.speaker)).statusCode).toBe(404);
    for (const path of ['report.csv', 'comparison']) {
      for (const id of [onlyAmy.id, crypto.randomUUID()]) {
        const res = await get(`/assignments/${id}/${path}`, s.auth.speaker);
        expect(res.statusCode, `${path} of ${id === onlyAmy.id ? 'a hidden' : 'an unknown'} assignment`).toBe(404);
      }
    }
    // Amy sees it and is refused: she may not download reports.
    expect((await get(`/assignments/${onlyAmy.id}/report.csv`, await signInAs(t, s.amy.email))).statusCode).toBe(403);
  });
});

describe('GET groups/{id}/report.csv', () => {
  it("lists the group's recordings with their assignment, sorted, without empty members", async () => {
    const s = await scene();
    const res = await get(`/groups/${s.group.id}/report.csv`, s.auth.coach);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Group A ');
    const { header, rows } = table(res.body);
    expect(header.slice(0, 3)).toEqual(['Last Name', 'First Name', 'Assignment']);
    expect(header).not.toContain('Storytelling Rating');
    expect(rows.map((r) => `${r['First Name']}/${r.Assignment}/${r.Title}`)).toEqual([
      "Zed/Elevator Pitch/'+1 pitch",
      'Zed/Elevator Pitch/Second try',
      'Amy/Elevator Pitch/Amy, "the" pitch',
      'Amy/-/Warm-up',
    ]);
  });
});

describe("the group's canDownloadReport ability (002 section 2.5)", () => {
  it('is on for its coaches and org admins while Download_Report_Button is on', async () => {
    const s = await scene();
    const ability = async (auth: string) => (await get(`/groups/${s.group.id}`, auth)).json().data.abilities.canDownloadReport;
    expect(await ability(s.auth.coach)).toBe(true);
    expect(await ability(s.auth.admin)).toBe(true);
    expect(await ability(s.auth.speaker)).toBe(false);
    const off = await scene({ Assignments: true });
    expect((await get(`/groups/${off.group.id}`, off.auth.coach)).json().data.abilities.canDownloadReport).toBe(false);
  });
});

describe('GET assignments/{id}/comparison', () => {
  const comparison = async (s: Awaited<ReturnType<typeof scene>>, q = '') => {
    const res = await get(`/assignments/${s.assignment.id}/comparison${q}`, s.auth.coach);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TAssignmentComparison;
  };

  it('defaults to flagged recordings; shared and all follow the score type; values by metric', async () => {
    const s = await scene();
    const flagged = await comparison(s);
    expect(flagged.scoreType).toBe('flaggedScores');
    expect(flagged.recordings.map((r) => r.title)).toEqual(['+1 pitch']);
    const v = flagged.recordings[0]!.values;
    expect(v['scores:overall']).toBe(6.5);
    expect(v['ratings:overallMax']).toBe(8);
    expect(v['ratings:scoreOverall']).toBe(7.5);
    expect(v['coachRatings:scoreDelivery']).toBe(8);
    expect(v[`ratings:${STORY}`]).toBe(9);
    expect(v['ratings:scoreXfactor']).toBeNull();
    expect(flagged.defaultMetrics).toEqual(['ratings:overallMax', 'coachRatings:scoreDelivery']);
    expect(new Set(flagged.metrics.map((m) => m.column))).toEqual(new Set(['scores', 'ratings', 'coachRatings']));
    expect((await comparison(s, '?scoreType=sharedScores')).recordings.map((r) => r.title)).toEqual(['Amy, "the" pitch']);
    const all = await comparison(s, '?scoreType=scores');
    expect(all.recordings.map((r) => r.speakerName)).toEqual(['Zed Adams', 'Zed Adams', 'Amy Brown']);
    // Without coach delivery ratings the automated delivery score is the default.
    expect((await comparison(s, '?scoreType=sharedScores')).defaultMetrics).toEqual(['ratings:overallMax', 'scores:overall']);
  });

  it('holds only what the coach may hear, and is for coaches only', async () => {
    const s = await scene();
    await t.db.update(groups).set({ managerPrivacyLevel: 3 }).where(eq(groups.id, s.group.id));
    expect((await comparison(s, '?scoreType=scores')).recordings.map((r) => r.title)).toEqual(['+1 pitch', 'Amy, "the" pitch']);
    expect((await get(`/assignments/${s.assignment.id}/comparison`, s.auth.speaker)).statusCode).toBe(403);
    expect((await get(`/assignments/${s.assignment.id}/comparison`, s.auth.admin)).statusCode).toBe(200);
    const other = await makeOrg(t.db, { settings: { Assignments: true } });
    expect((await get(`/assignments/${s.assignment.id}/comparison`, await signInAs(t, other.admin.email))).statusCode).toBe(404);
    const template = await insertAssignment(t.db, s.coach, s.group.id, { isTemplate: true });
    expect((await get(`/assignments/${template.assignment.id}/comparison`, s.auth.coach)).statusCode).toBe(404);
    const bad = await get(`/assignments/${s.assignment.id}/comparison?scoreType=everything`, s.auth.coach);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].status).toBe(400);
  });
});
