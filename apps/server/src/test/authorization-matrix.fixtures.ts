import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { customQuestionId, NEGATIVE_VIBES, POSITIVE_VIBES, ZResultsSchema, type TResults } from '@rostrum/contract';
import { feedback, groups, invites, memberships, type recordings, scorecardResponses } from '../db/schema.js';
import { addMember, insertAssignment, insertDoneRecording, makeOrg, signInAs, type TTestApp } from './harness.js';
import { assignmentsOnFor, type TAuthor, type TCaller, type TLevels, type TRecFlags } from './authorization-matrix.oracle.js';

// The world the matrix runs in: one organisation per privacy combination (4 coach x 5 speaker
// levels), each signed in once per role, plus one foreign organisation. Read cells use the
// shared "main" group; mutating cells build throwaway resources in a "scratch" group with the
// same levels and members, so no cell changes what another one reads.

export const REC_VARIANTS = {
  private: { shared: false, submitted: false },
  shared: { shared: true, submitted: false },
  submitted: { shared: false, submitted: true },
} as const satisfies Record<string, TRecFlags>;
export type TRecVariant = keyof typeof REC_VARIANTS;
export const REC_VARIANT_NAMES = Object.keys(REC_VARIANTS) as TRecVariant[];

/** The custom question of every scorecard in the matrix. */
export const STORY = customQuestionId('Storytelling');

/** Feedback written on every main recording: (author, kind). Scores carry scorecard answers. */
export const MAIN_FEEDBACK: readonly { author: TAuthor; kind: 'comment' | 'score' }[] = [
  { author: 'owner', kind: 'comment' },
  { author: 'coach', kind: 'comment' },
  { author: 'admin', kind: 'comment' },
  { author: 'peer', kind: 'comment' },
  { author: 'otherSpeaker', kind: 'comment' },
  { author: 'otherCoach', kind: 'comment' },
  { author: 'otherSpeaker', kind: 'score' },
  { author: 'otherCoach', kind: 'score' },
];
/** Authors whose feedback is coach feedback (isManager): the group's coaches and the org admin. */
export const COACH_AUTHORS: readonly TAuthor[] = ['coach', 'admin', 'otherCoach'];

/** A complete, schema-valid result set (the presenter's response schema checks it). */
export function fakeResults(overall: number): TResults {
  const variety = { inBand: 60, belowBand: 20, aboveBand: 20, value: 3 };
  const vibes = Object.fromEntries([...POSITIVE_VIBES, ...NEGATIVE_VIBES].map((v) => [v, 5])) as TResults['scores']['vibes'];
  const speaker = {
    overall,
    strengthOfOpening: 6,
    clarity: 7,
    pace: 3.8,
    pauseToTalk: 20,
    upspeak: 1,
    reading: 10,
    varietyVolume: variety,
    varietyPace: variety,
    varietyPitch: variety,
    talkVsListen: null,
    convoSwitches: null,
    questions: null,
    waitTime: null,
    wordSpotting: { 'uh/um': 2 },
    vibes,
    isEmptyResults: false,
  };
  return ZResultsSchema.parse({
    isConversational: false,
    algorithm: 'rostrum-default',
    numSpeakers: 1,
    scores: { ...speaker, perSpeaker: null },
    tips: { main: { workOn: ['pace'], tips: ['Slow down.'] }, byMetric: { pace: ['Breathe.'] } },
    timestamped: { metrics: { pace: { hotSpots: [{ from: 1, to: 2, spread: 1 }], segments: [] } }, vibes: {} },
    ideals: { overall: { min: 0, max: 10, idealMin: 7, idealMax: 10 } },
    diarizedTranscript: [],
    data: {
      duration: 30,
      speechDuration: 28,
      syllables: 100,
      wordsPerMinute: 120,
      transcriber: 'test',
      transcript: 'Hello.',
      features: {},
      vibes: {},
      speakers: [],
      labels: { pace: 'Ideal', pauseToTalk: 'Ideal', upspeak: 'None', reading: 'No' },
    },
  });
}

/** Media paths make the presenter issue signed addresses: a leak is then visible. */
const MEDIA = {
  playbackPath: 'playback.m4a',
  peaksPath: 'peaks.json',
  lanesPath: 'lanes.json',
  videoPath: 'video.mp4',
  isVideo: true,
} as const;

type TUser = { id: string; orgId: string; email: string };
type TRecordingRow = typeof recordings.$inferSelect;

export type TMainRecording = { variant: TRecVariant; flags: TRecFlags; row: TRecordingRow; overallScore: number };

export type TCombo = Awaited<ReturnType<typeof buildCombo>>;
export type TWorld = { t: TTestApp; combos: TCombo[]; foreign: Awaited<ReturnType<typeof makeOrg>> & { auth: string } };

export const comboName = (lv: TLevels) => `c${lv.coach}/s${lv.speaker}`;

/** One organisation at one pair of privacy levels, with its users signed in. */
async function buildCombo(t: TTestApp, lv: TLevels, foreignAuth: string) {
  const db = t.db;
  const o = await makeOrg(db, {
    settings: {
      Assignments: assignmentsOnFor(lv),
      Download_Report_Button: true,
      Custom_Wordspotting_For_Groups: true,
      Public_Share_Links: true,
    },
  });
  await db.update(groups).set({ managerPrivacyLevel: lv.coach, speakerPrivacyLevel: lv.speaker }).where(eq(groups.id, o.group.id));
  const peer = await addMember(db, o.org.id, o.group.id, ['speaker']);
  const otherSpeaker = await addMember(db, o.org.id, o.group.id, ['speaker']);
  const otherCoach = await addMember(db, o.org.id, o.group.id, ['manager']);
  const users: Record<TAuthor, TUser> = { owner: o.speaker, peer, coach: o.coach, admin: o.admin, otherSpeaker, otherCoach };

  const [auth0, auth1, auth2, auth3] = await Promise.all([o.speaker, peer, o.coach, o.admin].map((u) => signInAs(t, u.email)));
  const auth: Record<TCaller, string | null> = {
    anonymous: null,
    owner: auth0!,
    peer: auth1!,
    coach: auth2!,
    admin: auth3!,
    foreignAdmin: foreignAuth,
  };
  /** Whose account each caller is (the foreign admin acts on this organisation's ids). */
  const userOf = (c: TCaller): TUser | null => (c === 'anonymous' || c === 'foreignAdmin' ? null : users[c]);

  const { assignment: mainAssignment, scorecard: mainScorecard } = await insertAssignment(db, o.coach, o.group.id, {
    custom: ['Storytelling'],
  });

  // The main recordings: owned by the speaker, in an assignment with a scorecard, analysed, with media.
  const main: TMainRecording[] = [];
  for (const [i, variant] of REC_VARIANT_NAMES.entries()) {
    const flags = REC_VARIANTS[variant];
    const overallScore = 6 + i / 10;
    const row = await insertDoneRecording(db, o.speaker, o.group.id, {
      title: `Main ${variant}`,
      ...MEDIA,
      results: fakeResults(overallScore),
      overallScore,
      feedbackRequested: flags.shared,
      submitted: flags.submitted,
      assignmentId: mainAssignment.id,
    });
    main.push({ variant, flags, row, overallScore });
  }
  const written = main.flatMap((rec) =>
    MAIN_FEEDBACK.map((f) => ({ rec, ...f, userId: users[f.author].id, isManager: COACH_AUTHORS.includes(f.author) })),
  );
  await db.insert(feedback).values(
    written.map((f) => ({
      recordingId: f.rec.row.id,
      groupId: o.group.id,
      userId: f.userId,
      kind: f.kind,
      isManager: f.isManager,
      ...(f.kind === 'comment'
        ? { comment: `${f.author} says hi` }
        : { scoreOverall: 7, scoreOrganization: 6, scoreDelivery: 5, scoreXfactor: 8 }),
    })),
  );
  // Each score set answers the scorecard's custom question too (GET feedback joins them).
  await db.insert(scorecardResponses).values(
    written
      .filter((f) => f.kind === 'score')
      .map((f) => ({
        scorecardId: mainScorecard!.id,
        recordingId: f.rec.row.id,
        userId: f.userId,
        responses: [{ id: STORY, response: 6 }],
        isManager: f.isManager,
      })),
  );

  // The scratch group: same levels and members (the admin is no member, as in the main group).
  const scratch = await newGroup();
  const { assignment: scratchAssignment, scorecard: scratchScorecard } = await insertAssignment(db, o.coach, scratch.id, {
    custom: ['Storytelling'],
  });
  const { assignment: coachOnlyAssignment, scorecard: coachOnlyScorecard } = await insertAssignment(db, o.coach, scratch.id, {
    custom: ['Storytelling'],
    coachOnly: true,
  });

  /** A fresh group of the organisation with the coach, the owner and the peer in it. */
  async function newGroup() {
    const g = await emptyGroup();
    await db.insert(memberships).values([
      { userId: o.coach.id, groupId: g.id, roles: ['manager'], status: 'active' },
      { userId: o.speaker.id, groupId: g.id, roles: ['speaker'], status: 'active' },
      { userId: peer.id, groupId: g.id, roles: ['speaker'], status: 'active' },
    ]);
    return g;
  }

  /**
   * An assignment none of the callers may see but the org admin: of a fresh group whose only
   * members are the other speaker and the other coach, with a private recording of the other
   * speaker in it.
   */
  async function newHiddenAssignment() {
    const g = await emptyGroup();
    await db.insert(memberships).values([
      { userId: otherCoach.id, groupId: g.id, roles: ['manager'], status: 'active' },
      { userId: otherSpeaker.id, groupId: g.id, roles: ['speaker'], status: 'active' },
    ]);
    const { assignment } = await insertAssignment(db, otherCoach, g.id, { name: `Hidden ${g.name}` });
    const recording = await insertDoneRecording(db, otherSpeaker, g.id, { title: 'Hidden', ...MEDIA, assignmentId: assignment.id });
    return { group: g, assignment, recording };
  }

  /** A group of the organisation with the combination's levels and no members. */
  async function emptyGroup() {
    const tag = randomBytes(5).toString('hex');
    const [g] = await db
      .insert(groups)
      .values({
        orgId: o.org.id,
        name: `Scratch ${tag}`,
        inviteCode: `Scratch-${tag}`,
        managerPrivacyLevel: lv.coach,
        speakerPrivacyLevel: lv.speaker,
      })
      .returning();
    return g!;
  }

  /** A throwaway recording of the owner in the scratch group. */
  async function newRecording(variant: TRecVariant, over: Partial<typeof recordings.$inferInsert> = {}) {
    const flags = REC_VARIANTS[variant];
    return insertDoneRecording(db, o.speaker, scratch.id, {
      title: `Scratch ${variant}`,
      ...MEDIA,
      overallScore: 5,
      feedbackRequested: flags.shared,
      submitted: flags.submitted,
      ...over,
    });
  }

  async function newFeedback(recordingId: string, author: TAuthor) {
    const [f] = await db
      .insert(feedback)
      .values({
        recordingId,
        groupId: scratch.id,
        userId: users[author].id,
        kind: 'comment',
        comment: 'Original',
        isManager: COACH_AUTHORS.includes(author),
      })
      .returning();
    return f!;
  }

  async function newResponse(recordingId: string, rater: TAuthor) {
    const [r] = await db
      .insert(scorecardResponses)
      .values({
        scorecardId: scratchScorecard!.id,
        recordingId,
        userId: users[rater].id,
        responses: [{ id: STORY, response: 6 }],
        isManager: COACH_AUTHORS.includes(rater),
      })
      .returning();
    return r!;
  }

  /** A throwaway speaker of the scratch group (for role changes). */
  const newUser = () => addMember(db, o.org.id, scratch.id, ['speaker']);

  async function newInvite() {
    const [i] = await db
      .insert(invites)
      .values({
        orgId: o.org.id,
        email: `invitee-${randomUUID()}@example.test`,
        roles: [{ groupId: scratch.id, roles: ['speaker'] }],
        createdBy: o.admin.id,
      })
      .returning();
    return i!;
  }

  return {
    lv,
    name: comboName(lv),
    org: o.org,
    group: o.group,
    scratch,
    users,
    auth,
    userOf,
    main,
    mainAssignment,
    mainScorecard: mainScorecard!,
    scratchAssignment,
    scratchScorecard: scratchScorecard!,
    coachOnlyAssignment,
    coachOnlyScorecard: coachOnlyScorecard!,
    newGroup,
    newHiddenAssignment,
    newRecording,
    newFeedback,
    newResponse,
    newUser,
    newInvite,
  };
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order of results. */
export async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Every combination of coach level 0-3 and speaker level 0-4, coupled or not (see the test file). */
export const ALL_LEVELS: TLevels[] = ([0, 1, 2, 3] as const).flatMap((coach) =>
  ([0, 1, 2, 3, 4] as const).map((speaker) => ({ coach, speaker })),
);

export async function buildWorld(t: TTestApp, levels: readonly TLevels[] = ALL_LEVELS): Promise<TWorld> {
  const foreign = await makeOrg(t.db, { settings: { Assignments: true } });
  const foreignAuth = await signInAs(t, foreign.admin.email);
  const combos = await pool(levels, 4, (lv) => buildCombo(t, lv, foreignAuth));
  return { t, combos, foreign: { ...foreign, auth: foreignAuth } };
}
