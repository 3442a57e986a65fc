import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { PSEUDO_GROUP_ID, scorecardQuestions } from '@rostrum/contract';
import {
  assignmentAttachments,
  assignments,
  cardSubscriptions,
  feedback,
  groups,
  invites,
  memberships,
  plans,
  practicePrompts,
  prepaidCodes,
  recordings,
  scorecardResponses,
  scorecards,
  liveCaptures,
  ltiContexts,
  ltiPlatforms,
  ltiToolKeys,
  shareLinks,
  users,
  wordspottingLists,
} from '../db/schema.js';
import { insertAssignment, PASSWORD } from './harness.js';
import { startCaptureUpload } from './live-capture-client.js';
import { speechWebm } from './media-fixtures.js';
import { hashSecret, newSecret } from '../auth/keys.js';
import { StripeStandIn } from './stripe-stand-in.js';
import type { JWK } from 'jose';
import { LtiPlatformStandIn } from './lti-platform-stand-in.js';

/** The matrix app's Stripe: card payments start against this local stand-in. */
export const MATRIX_STRIPE = new StripeStandIn();
import { seedGlobalTemplates } from '../seed/global-templates.js';
import {
  assignmentCopyRule,
  assignmentEditRule,
  assignmentStatus,
  assignmentVisible,
  assignTemplateRule,
  globalAwareStatus,
  mayReorder,
  memberRowVisible,
  scorecardSaveRule,
  templateDeleteRule,
  templateSharingRule,
  type TAssignmentKind,
  countedForCoach,
  feedbackCreateRule,
  feedbackMutationRule,
  feedbackVisible,
  groupVisible,
  historyRule,
  groupMedianShown,
  mayAdministerGroup,
  mayComment,
  mayInviteSpeakers,
  mayListMembers,
  mayListPeerShares,
  mayReport,
  mayScore,
  mayUseAdminArea,
  moveToAssignmentStatus,
  peerSharingOn,
  maySetGroupList,
  reanalyzeRule,
  recordingMutationRule,
  exportRule,
  shareLinkRule,
  recordingView,
  removeFromAssignmentRule,
  sameOrg,
  statusFor,
  uploadStatus,
  type TAuthor,
  type TCaller,
  type TRecFlags,
} from './authorization-matrix.oracle.js';
import {
  COACH_AUTHORS,
  MAIN_FEEDBACK,
  REC_VARIANT_NAMES,
  REC_VARIANTS,
  STORY,
  type TCombo,
  type TRecVariant,
} from './authorization-matrix.fixtures.js';
import { row, type TCellArgs, type TJson, type TRow, type TTarget } from './authorization-matrix.runner.js';
import { uploadsDirOf } from '../storage/media-storage.js';
import { newPrepaidCode, normalisePrepaidCode, prepaidCodeHash, prepaidCodeSuffix } from '../modules/subscriptions/index.js';

// The matrix table: one row per API operation that takes an id, keyed "METHOD /path" as in
// the OpenAPI document. A row says how a cell builds its target (shared fixtures for reads,
// throwaway resources for writes) and asks the oracle what must come back.
// Adding a route = adding a row here; the test fails until the row exists.

const ONE = [''] as const;

/** Which assignment a cell moves a recording into: the scratch one, or one of a group none of the callers is in. */
type TWhichAssignment = 'scratch' | 'hidden';
const MEDIA_FIELDS = ['playbackUrl', 'peaksUrl', 'lanesUrl', 'videoUrl'] as const;

const mainRec = (c: TCombo, v: TRecVariant) => c.main.find((r) => r.variant === v)!;
const authorOf = (c: TCombo, userId: string) =>
  (Object.entries(c.users).find(([, u]) => u.id === userId)?.[0] ?? 'someone else') as TAuthor;
const diff = (what: string, expected: string[], got: string[]) => [
  ...got.filter((x) => !expected.includes(x)).map((x) => `${what} ${x} shown (must be hidden)`),
  ...expected.filter((x) => !got.includes(x)).map((x) => `${what} ${x} missing`),
];

// ---- resumable uploads (tus) -----------------------------------------------------------------

const b64 = (v: string) => Buffer.from(v).toString('base64');

/**
 * PATCH or DELETE of a started upload: a recording waiting for its file, with 4 of its 8 bytes
 * sent by the owner, so the owner's PATCH adds 4 more without finishing it.
 */
function uploadWrite(method: 'PATCH' | 'DELETE'): TRow<unknown> {
  return row({
    variants: ONE,
    mutates: true,
    target: async ({ combo, world }): Promise<TTarget> => {
      const rec = await combo.newRecording('private', { status: 'uploading', results: null, playbackPath: null, peaksPath: null });
      const created = await world.t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: {
          authorization: combo.auth.owner!,
          'tus-resumable': '1.0.0',
          'upload-length': '12',
          'upload-metadata': `recordingId ${b64(rec.id)},filename ${b64('talk.wav')}`,
        },
      });
      if (created.statusCode !== 201) throw new Error(`tus POST ${created.statusCode}`);
      const file = path.join(uploadsDirOf(world.t.config.dataDir), rec.id);
      const state = async () => (await stat(file).catch(() => null))?.size ?? 'gone';
      if (method === 'DELETE') return { params: { id: rec.id }, headers: { 'tus-resumable': '1.0.0' }, state };
      return {
        params: { id: rec.id },
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: 'RIFF',
        state,
      };
    },
    expect: ({ caller }) => ({ status: uploadStatus(caller) }),
  });
}

/** Discarding a live capture: the owner's unsaved capture; only the owner may (204), anyone else 404. */
function liveCaptureDelete(): TRow<unknown> {
  return row({
    variants: ONE,
    mutates: true,
    target: async ({ combo, world }): Promise<TTarget> => {
      const [c] = await world.t.db.insert(liveCaptures).values({ orgId: combo.org.id, userId: combo.users.owner.id }).returning();
      const state = async () => ((await world.t.db.select().from(liveCaptures).where(eq(liveCaptures.id, c!.id))).length ? 'kept' : 'gone');
      return { params: { id: c!.id }, state };
    },
    expect: ({ caller }) => ({ status: uploadStatus(caller) }),
  });
}

/**
 * Saving an unsaved take (Save it): the owner's capture with a whole take received; only the owner
 * may, and the take becomes a recording (200); anyone else 404, and the take stays unsaved.
 */
function unsavedTakeSave(): TRow<unknown> {
  return row({
    variants: ONE,
    mutates: true,
    target: async ({ combo, world }): Promise<TTarget> => {
      const [c] = await world.t.db.insert(liveCaptures).values({ orgId: combo.org.id, userId: combo.users.owner.id }).returning();
      const bytes = await readFile(speechWebm());
      const upload = await startCaptureUpload(world.t, combo.auth.owner!, c!.id);
      if ((await upload.patch(bytes, bytes.length)).statusCode !== 204) throw new Error('capture upload failed');
      const state = async () =>
        (await world.t.db.select({ recordingId: liveCaptures.recordingId }).from(liveCaptures).where(eq(liveCaptures.id, c!.id)))[0]
          ?.recordingId
          ? 'saved'
          : 'unsaved';
      return { params: { id: c!.id }, body: { title: 'Recovered take' }, state };
    },
    expect: ({ caller }) => ({ status: caller === 'owner' ? 200 : uploadStatus(caller) }),
  });
}

// ---- checks of what a read returns ----------------------------------------------------------

/** A group's recording list: hidden ones absent; list-only ones without score or hearing. */
function groupRecordingsCheck({ caller, combo }: TCellArgs<unknown>) {
  return (rows: { recordingId: string; canHear: boolean; overallScore: number | null }[]) => {
    const p: string[] = [];
    const byId = new Map(rows.map((r) => [r.recordingId, r]));
    for (const rec of combo.main) {
      const view = recordingView(caller, combo.lv, rec.flags);
      const got = byId.get(rec.row.id);
      if (view === 'hidden') {
        if (got) p.push(`${rec.variant} recording listed (must be hidden)`);
        continue;
      }
      if (!got) {
        p.push(`${rec.variant} recording missing`);
        continue;
      }
      if (got.canHear !== (view === 'full')) p.push(`${rec.variant} recording canHear ${got.canHear}, expected ${view === 'full'}`);
      if (view === 'list-only' && got.overallScore !== null) p.push(`${rec.variant} recording overallScore present (must be absent)`);
      if (view === 'full' && got.overallScore !== rec.overallScore) p.push(`${rec.variant} recording overallScore missing`);
    }
    if (rows.some((r) => !combo.main.some((m) => m.row.id === r.recordingId))) p.push('a recording of another group is listed');
    return p;
  };
}

/**
 * The recordings peers shared with a group: the caller's own never (they are on My Recordings),
 * another speaker's only while shared and visible to the caller, and nothing while sharing is off.
 */
function sharedRecordingsCheck({ caller, combo }: TCellArgs<unknown>) {
  return (d: { peerSharing: boolean; speakers: { recordings: { recordingId: string }[] }[] }) => {
    const p: string[] = [];
    const on = peerSharingOn(combo.lv);
    if (d.peerSharing !== on) p.push(`peerSharing ${d.peerSharing}, expected ${on}`);
    const listed = new Set(d.speakers.flatMap((s) => s.recordings.map((r) => r.recordingId)));
    for (const rec of combo.main) {
      const want = on && caller === 'peer' && rec.flags.shared && recordingView(caller, combo.lv, rec.flags) !== 'hidden';
      if (listed.has(rec.row.id) !== want) p.push(`${rec.variant} recording ${want ? 'missing' : 'listed'}`);
      listed.delete(rec.row.id);
    }
    if (listed.size > 0) p.push('a recording of another group is listed');
    return p;
  };
}

/** GET recordings/{id}: media, results and score only with 'full'. */
function recordingCheck({ caller, combo, variant }: TCellArgs<TRecVariant>) {
  const rec = mainRec(combo, variant);
  const view = recordingView(caller, combo.lv, rec.flags);
  return (d: Record<string, TJson>) => {
    const p: string[] = [];
    if (view === 'full') {
      for (const k of MEDIA_FIELDS) if (!d[k]) p.push(`${k} missing`);
      if (!d.results) p.push('results missing');
      if (d.overallScore !== rec.overallScore) p.push('overallScore missing');
    } else {
      for (const k of [...MEDIA_FIELDS, 'results', 'overallScore'])
        if (d[k] !== null && d[k] !== undefined) p.push(`${k} present (must be absent)`);
    }
    if (d.access?.canHear !== (view === 'full')) p.push(`access.canHear ${d.access?.canHear}, expected ${view === 'full'}`);
    if (d.access?.isOwner !== (caller === 'owner')) p.push(`access.isOwner ${d.access?.isOwner}`);
    return p;
  };
}

/**
 * GET recordings/{id}/previous-take: the main recordings are takes of one assignment made in
 * REC_VARIANT_NAMES order, so the one offered is the newest earlier take the caller may hear in
 * full, and none when the caller may not hear this one.
 */
function previousTakeCheck({ caller, combo, variant }: TCellArgs<TRecVariant>) {
  const full = (flags: TRecFlags) => recordingView(caller, combo.lv, flags) === 'full';
  const at = combo.main.findIndex((r) => r.variant === variant);
  const want = full(mainRec(combo, variant).flags)
    ? (combo.main
        .slice(0, at)
        .reverse()
        .find((r) => full(r.flags))?.row.id ?? null)
    : null;
  return (d: { previousTakeId: string | null }) =>
    d.previousTakeId === want ? [] : [`previousTakeId ${d.previousTakeId}, expected ${want}`];
}

/** GET feedback?recordingId=: the visible items, and nothing computed from hidden ones. */
function feedbackCheck({ caller, combo, variant }: TCellArgs<TRecVariant>) {
  const rec = mainRec(combo, variant);
  const visible = MAIN_FEEDBACK.filter((f) => feedbackVisible(caller, combo.lv, rec.flags, f.author));
  const scores = visible.filter((f) => f.kind === 'score').length;
  return (d: TJson) => {
    const got = (d.items as { userId: string; kind: string }[]).map((i) => `${authorOf(combo, i.userId)}:${i.kind}`).sort();
    const p = diff('feedback', visible.map((f) => `${f.author}:${f.kind}`).sort(), got);
    // Counts, averages and the reviewed flag must not give hidden items away either.
    const same = (name: string, value: unknown, wanted: unknown) => {
      if (value !== wanted) p.push(`${name} ${String(value)}, expected ${String(wanted)}`);
    };
    same('commentCount', d.commentCount, visible.length - scores);
    same('averages.scoreOverall.count', d.averages?.scoreOverall?.count, scores);
    same(`questionAverages.${STORY}.count`, d.questionAverages?.[STORY]?.count ?? 0, scores);
    same(
      'reviewed',
      d.reviewed,
      visible.some((f) => COACH_AUTHORS.includes(f.author)),
    );
    same('canComment', d.canComment, mayComment(caller, combo.lv, rec.flags));
    same('canScore', d.canScore, mayScore(caller, combo.lv, rec.flags));
    return p;
  };
}

/** GET groups/{id}/feedback: the visible items of every recording of the group. */
function groupFeedbackCheck({ caller, combo }: TCellArgs<unknown>) {
  const expected = combo.main
    .flatMap((rec) =>
      MAIN_FEEDBACK.filter((f) => feedbackVisible(caller, combo.lv, rec.flags, f.author)).map(
        (f) => `${rec.variant}/${f.author}:${f.kind}`,
      ),
    )
    .sort();
  return (items: { recordingId: string; userId: string; kind: string }[]) => {
    const variantOf = (id: string) => combo.main.find((r) => r.row.id === id)?.variant ?? 'other';
    return diff('feedback', expected, items.map((i) => `${variantOf(i.recordingId)}/${authorOf(combo, i.userId)}:${i.kind}`).sort());
  };
}

/**
 * A CSV report (002 §9) of the main group or assignment: a recording the caller may not see is
 * absent; one listed only carries no scores (clarity is 7.0 in every analysed main recording).
 */
function reportCsvCheck({ caller, combo }: TCellArgs<unknown>) {
  return (csv: string) => {
    const lines = csv.split('\r\n');
    return combo.main.flatMap((rec) => {
      const view = recordingView(caller, combo.lv, rec.flags);
      const line = lines.find((l) => l.includes(`,${rec.row.title},`));
      if (view === 'hidden') return line ? [`${rec.variant} recording in the report (must be hidden)`] : [];
      if (!line) return [`${rec.variant} recording missing`];
      const scored = line.includes(',7.0,');
      return scored === (view === 'full') ? [] : [`${rec.variant} recording scores ${scored ? 'shown (must be hidden)' : 'missing'}`];
    });
  };
}

/** The comparison report of the main assignment (all score types): only recordings the caller may hear. */
function comparisonCheck({ caller, combo }: TCellArgs<unknown>) {
  return (d: { recordings: { recordingId: string }[] }) =>
    combo.main.flatMap((rec) => {
      const want = recordingView(caller, combo.lv, rec.flags) === 'full';
      const got = d.recordings.some((r) => r.recordingId === rec.row.id);
      return got === want ? [] : [`${rec.variant} recording ${got ? 'charted (must be hidden)' : 'missing'}`];
    });
}

// ---- state probes for writes ----------------------------------------------------------------

const dbOf = <V>(a: TCellArgs<V>) => a.world.t.db;

const recordingState =
  <V>(a: TCellArgs<V>, id: string) =>
  async () => {
    const [r] = await dbOf(a).select().from(recordings).where(eq(recordings.id, id));
    return {
      title: r?.title,
      deleted: !!r?.deletedAt,
      speakerNum: r?.speakerNum,
      assignmentId: r?.assignmentId,
      groupId: r?.groupId,
      reanalysis: r?.reanalysisRequestedAt !== null,
    };
  };
const feedbackCount =
  <V>(a: TCellArgs<V>, recordingId: string) =>
  async () =>
    (await dbOf(a).select({ n: count() }).from(feedback).where(eq(feedback.recordingId, recordingId)))[0]?.n;
const responseCount =
  <V>(a: TCellArgs<V>, recordingId: string) =>
  async () =>
    (await dbOf(a).select({ n: count() }).from(scorecardResponses).where(eq(scorecardResponses.recordingId, recordingId)))[0]?.n;

// ---- variants of write targets --------------------------------------------------------------

type TAuthored = { rec: TRecVariant; author: TAuthor };
/** Whose feedback on which recording: the owner's self-comment, a peer's on a shared one, the coach's on flagged and private ones. */
const FEEDBACK_TARGETS: readonly TAuthored[] = [
  { rec: 'private', author: 'owner' },
  { rec: 'shared', author: 'peer' },
  { rec: 'submitted', author: 'coach' },
  { rec: 'private', author: 'coach' },
];
/** Scorecard answers are never the owner's (001 §6: anyone but the owner scores). */
const RESPONSE_TARGETS: readonly TAuthored[] = [
  { rec: 'shared', author: 'peer' },
  { rec: 'submitted', author: 'coach' },
  { rec: 'private', author: 'coach' },
];
const authoredLabel = (v: TAuthored) => `${v.author}'s on ${v.rec}`;

type TNewFeedback = { rec: TRecVariant; kind: 'comment' | 'score' };
const NEW_FEEDBACK: readonly TNewFeedback[] = REC_VARIANT_NAMES.flatMap((rec) =>
  (['comment', 'score'] as const).map((kind) => ({ rec, kind })),
);

type TNewAnswers = { rec: TRecVariant; coachOnly: boolean };
const NEW_ANSWERS: readonly TNewAnswers[] = REC_VARIANT_NAMES.flatMap((rec) => [false, true].map((coachOnly) => ({ rec, coachOnly })));

// ---- assignments ------------------------------------------------------------------------------

const tag = () => randomBytes(4).toString('hex');

/** The product's global templates (seeded at start; the test app seeds them here, idempotently): a cell acts on the first. */
async function globalTemplate<V>(a: TCellArgs<V>) {
  await seedGlobalTemplates(dbOf(a));
  const [g] = await dbOf(a).select().from(assignments).where(eq(assignments.isGlobal, true)).limit(1);
  if (!g) throw new Error('no global template is seeded');
  return g;
}

/**
 * A throwaway assignment of the given kind: assigned (continuous, to the scratch group) or
 * archived, or a private or shared template, all the coach's; or the seeded global template.
 */
async function newAssignment<V>(a: TCellArgs<V>, kind: TAssignmentKind) {
  if (kind === 'global') return globalTemplate(a);
  const { assignment } = await insertAssignment(dbOf(a), a.combo.users.coach, a.combo.scratch.id, {
    name: `Matrix ${kind} ${tag()}`,
    custom: ['Storytelling'],
    archived: kind === 'archived',
    isTemplate: kind === 'privateTemplate' || kind === 'sharedTemplate',
    isShared: kind === 'sharedTemplate',
  });
  return assignment;
}

const assignmentState =
  <V>(a: TCellArgs<V>, id: string) =>
  async () => {
    const [r] = await dbOf(a).select().from(assignments).where(eq(assignments.id, id));
    return { name: r?.name, archived: r?.archived, isShared: r?.isShared, deleted: !!r?.deletedAt, sortOrder: r?.sortOrder };
  };
const attachmentCount =
  <V>(a: TCellArgs<V>, id: string) =>
  async () =>
    (await dbOf(a).select({ n: count() }).from(assignmentAttachments).where(eq(assignmentAttachments.assignmentId, id)))[0]?.n;

/** GET assignments/{id}: the coach actions (002 section 2.6) only for coaches; a speaker gets none. */
function assignmentAbilitiesCheck({ caller }: TCellArgs<unknown>) {
  return (d: { abilities: Record<string, boolean> }) => {
    const coach = caller === 'coach' || caller === 'admin';
    return (['canEdit', 'canArchive', 'canCopy'] as const).flatMap((k) =>
      d.abilities?.[k] === coach ? [] : [`abilities.${k} ${d.abilities?.[k]}, expected ${coach}`],
    );
  };
}

/**
 * The member table (002 section 6): the group's speakers are owner, peer and otherSpeaker; only
 * the owner has recordings in the main assignment.
 */
function membersCheck({ caller, combo }: TCellArgs<unknown>) {
  return (d: { members: { userId: string }[] }) => {
    const speakers = ['owner', 'peer', 'otherSpeaker'] as const;
    const expected = speakers.filter((m) => memberRowVisible(caller, combo.lv, m, m === 'owner'));
    const got = d.members.map((m) => authorOf(combo, m.userId));
    return diff('member row', [...expected].sort(), [...got].sort());
  };
}

const assignmentRead = (
  target: (a: TCellArgs<unknown>) => TTarget,
  allowed: (c: TCaller) => boolean,
  check?: (a: TCellArgs<unknown>) => (d: TJson) => string[],
) =>
  row({
    variants: ONE,
    mutates: false,
    target: async (a) => target(a),
    expect: (a) => ({
      status: assignmentStatus(a.caller, a.combo.lv, { visible: assignmentVisible(a.caller, 'assigned'), allowed: allowed(a.caller) }),
      check: check?.(a),
    }),
  });

type TPatch = { kind: TAssignmentKind; change: 'rename' | 'archive' | 'isShared' };
const PATCHES: readonly TPatch[] = [
  { kind: 'assigned', change: 'rename' },
  { kind: 'assigned', change: 'archive' },
  { kind: 'archived', change: 'rename' },
  { kind: 'privateTemplate', change: 'rename' },
  { kind: 'sharedTemplate', change: 'isShared' },
  { kind: 'global', change: 'rename' },
];

/** Attachments: on an assigned, an archived or a private template of the coach. */
const ATTACHMENT_KINDS: readonly TAssignmentKind[] = ['assigned', 'archived', 'privateTemplate'];

const attachmentWrite = (method: 'POST' | 'DELETE') =>
  row<TAssignmentKind>({
    variants: ATTACHMENT_KINDS,
    mutates: true,
    target: async (a): Promise<TTarget> => {
      const asg = await newAssignment(a, a.variant);
      const state = attachmentCount(a, asg.id);
      if (method === 'POST') {
        return { params: { id: asg.id }, body: { attachmentType: 'link', name: 'Notes', attachmentUrl: 'example.com/notes' }, state };
      }
      const [att] = await dbOf(a)
        .insert(assignmentAttachments)
        .values({ assignmentId: asg.id, name: 'Notes', attachmentType: 'link', url: 'https://example.com/notes' })
        .returning();
      return { params: { id: asg.id, attachmentId: att!.id }, state };
    },
    expect: ({ caller, combo, variant }) => ({
      status: globalAwareStatus(caller, combo.lv, variant, assignmentEditRule(caller, variant)),
    }),
  });

// ---- the table ---------------------------------------------------------------------------

/** A read of the main group; `allowed` narrows who of its members and admins may make it. */
const groupRead = (check?: (a: TCellArgs<unknown>) => (d: TJson) => string[], allowed: (c: TCaller) => boolean = () => true) =>
  row({
    variants: ONE,
    mutates: false,
    target: async ({ combo }) => ({ params: { id: combo.group.id } }),
    expect: (a) => ({ status: statusFor(a.caller, { visible: groupVisible(a.caller), allowed: allowed(a.caller) }), check: check?.(a) }),
  });

const recordingWrite = (method: 'PUT' | 'DELETE' | 'SPEAKER') =>
  row<TRecVariant>({
    variants: REC_VARIANT_NAMES,
    mutates: true,
    target: async (a) => {
      const r = await a.combo.newRecording(a.variant, method === 'SPEAKER' ? { numSpeakers: 2, algorithm: 'rostrum-conversational' } : {});
      const body = method === 'PUT' ? { title: 'Renamed' } : method === 'SPEAKER' ? { speakerNum: 2 } : undefined;
      return { params: { id: r.id }, body, state: recordingState(a, r.id) };
    },
    expect: ({ caller, combo, variant }) => ({ status: statusFor(caller, recordingMutationRule(caller, combo.lv, REC_VARIANTS[variant])) }),
  });

/** Re-analysis with the current wordspotting list: a new job for a finished recording. */
const reanalyzeWrite = () =>
  row<TRecVariant>({
    variants: REC_VARIANT_NAMES,
    mutates: true,
    target: async (a) => {
      const r = await a.combo.newRecording(a.variant);
      return { params: { id: r.id }, state: recordingState(a, r.id) };
    },
    expect: ({ caller, combo, variant }) => ({ status: statusFor(caller, reanalyzeRule(caller, combo.lv, REC_VARIANTS[variant])) }),
  });

/** A share link of a recording, straight in the database; its token for the public read. */
async function newShareLink<V>(a: TCellArgs<V>, recordingId: string, createdBy: string) {
  const token = newSecret();
  const [link] = await dbOf(a)
    .insert(shareLinks)
    .values({ recordingId, createdBy, tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning();
  return { token, id: link!.id };
}

const shareLinkState =
  <V>(a: TCellArgs<V>, recordingId: string) =>
  async () =>
    (await dbOf(a).select().from(shareLinks).where(eq(shareLinks.recordingId, recordingId))).map((l) => ({
      id: l.id,
      revoked: !!l.revokedAt,
    }));

/** Creating or revoking a recording's share link: the owner's alone (Public_Share_Links is on in the matrix). */
const shareLinkWrite = (method: 'POST' | 'DELETE') =>
  row<TRecVariant>({
    variants: REC_VARIANT_NAMES,
    mutates: true,
    target: async (a): Promise<TTarget> => {
      const r = await a.combo.newRecording(a.variant);
      const state = shareLinkState(a, r.id);
      if (method === 'POST') return { params: { id: r.id }, body: { expiresInDays: 7 }, state };
      const link = await newShareLink(a, r.id, r.userId);
      return { params: { id: r.id, linkId: link.id }, state };
    },
    expect: ({ caller, combo, variant }) => ({ status: statusFor(caller, shareLinkRule(caller, combo.lv, REC_VARIANTS[variant])) }),
  });

const feedbackWrite = (method: 'PUT' | 'DELETE') =>
  row<TAuthored>({
    variants: FEEDBACK_TARGETS,
    mutates: true,
    label: authoredLabel,
    target: async (a) => {
      const r = await a.combo.newRecording(a.variant.rec);
      const f = await a.combo.newFeedback(r.id, a.variant.author);
      const state = async () => (await dbOf(a).select().from(feedback).where(eq(feedback.id, f.id)))[0]?.comment ?? 'deleted';
      return { params: { id: f.id }, body: method === 'PUT' ? { comment: 'Edited' } : undefined, state };
    },
    expect: ({ caller, combo, variant }) => ({
      status: statusFor(caller, feedbackMutationRule(caller, combo.lv, REC_VARIANTS[variant.rec], variant.author)),
    }),
  });

const answersWrite = (method: 'PUT' | 'DELETE') =>
  row<TAuthored>({
    variants: RESPONSE_TARGETS,
    mutates: true,
    label: authoredLabel,
    target: async (a) => {
      const r = await a.combo.newRecording(a.variant.rec, { assignmentId: a.combo.scratchAssignment.id });
      const resp = await a.combo.newResponse(r.id, a.variant.author);
      const state = async () =>
        (await dbOf(a).select().from(scorecardResponses).where(eq(scorecardResponses.id, resp.id)))[0]?.responses ?? 'deleted';
      return {
        params: { id: a.combo.scratchScorecard.id, responseId: resp.id },
        body: method === 'PUT' ? { responses: [{ id: STORY, response: 3 }] } : undefined,
        state,
      };
    },
    expect: ({ caller, combo, variant }) => ({
      status: statusFor(caller, feedbackMutationRule(caller, combo.lv, REC_VARIANTS[variant.rec], variant.author)),
    }),
  });

const inviteWrite = (method: 'PUT' | 'DELETE') =>
  row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const inv = await a.combo.newInvite();
      const state = async () => {
        const [i] = await dbOf(a).select().from(invites).where(eq(invites.id, inv.id));
        return i ? { resent: i.resentAt?.toISOString() ?? null } : 'deleted';
      };
      return { params: { id: inv.id }, body: method === 'PUT' ? { resendInvite: true } : undefined, state };
    },
    expect: ({ caller }) => ({ status: statusFor(caller, { visible: sameOrg(caller), allowed: mayUseAdminArea(caller) }) }),
  });

/** A fresh plan of the combination's organisation and, when asked, one unused code for it. */
async function newPlanAndCode<V>(a: TCellArgs<V>) {
  const [plan] = await dbOf(a)
    .insert(plans)
    .values({ orgId: a.combo.org.id, name: `Plan ${randomBytes(3).toString('hex')}`, priceCents: 1500, durationDays: 30 })
    .returning();
  const code = newPrepaidCode();
  const normalised = normalisePrepaidCode(code)!;
  const [row] = await dbOf(a)
    .insert(prepaidCodes)
    .values({
      batchId: randomUUID(),
      orgId: a.combo.org.id,
      planId: plan!.id,
      codeHash: prepaidCodeHash(normalised),
      codeSuffix: prepaidCodeSuffix(normalised),
    })
    .returning();
  return { plan: plan!, code, codeRow: row! };
}

/** A practice prompt of the cell's organisation, to change or delete. */
async function newPracticePrompt<V>(a: TCellArgs<V>) {
  const [prompt] = await dbOf(a)
    .insert(practicePrompts)
    .values({
      orgId: a.combo.org.id,
      category: 'impromptu',
      title: `Prompt ${randomBytes(3).toString('hex')}`,
      instructions: 'Talk.',
      suggestedSeconds: 60,
    })
    .returning();
  return prompt!;
}
/** A learning platform registered in the cell's organisation (public addresses by IP: no DNS in tests). */
async function newLtiPlatform<V>(a: TCellArgs<V>) {
  const [p] = await dbOf(a)
    .insert(ltiPlatforms)
    .values({ orgId: a.combo.org.id, ...LTI_BODY, clientId: `matrix-${randomBytes(6).toString('hex')}` })
    .returning();
  return p!;
}
const LTI_BODY = {
  name: 'Matrix LMS',
  issuer: 'https://93.184.216.34',
  clientId: 'matrix',
  deploymentIds: ['d1'],
  authorizationUrl: 'https://93.184.216.34/auth',
  tokenUrl: 'https://93.184.216.34/token',
  jwksUrl: 'https://93.184.216.34/jwks',
};
function ltiPlatformRow(mutates: boolean, method?: 'PUT' | 'DELETE'): TRow<unknown> {
  return row({
    variants: ONE,
    mutates,
    target: async (a) => {
      const p = await newLtiPlatform(a);
      const state = async () => (await dbOf(a).select().from(ltiPlatforms).where(eq(ltiPlatforms.id, p.id)))[0]?.name ?? null;
      return {
        params: { platformId: p.id },
        ...(method === 'PUT' ? { body: { ...LTI_BODY, clientId: p.clientId, name: `Renamed ${randomBytes(3).toString('hex')}` } } : {}),
        ...(mutates ? { state } : {}),
      };
    },
    expect: adminAreaStatus,
  });
}
/** The matrix's LMS for the roster sync: started on first use, serving an empty roster, verifying the tool's assertions. */
const MATRIX_LMS = new LtiPlatformStandIn();
let matrixLmsStarted: Promise<string> | null = null;
/** Maps the group to a course of MATRIX_LMS (a platform row of the cell's organisation, its own issuer). */
async function linkToMatrixCourse<V>(a: TCellArgs<V>, groupId: string) {
  if (!matrixLmsStarted) {
    matrixLmsStarted = MATRIX_LMS.start();
    await matrixLmsStarted;
    MATRIX_LMS.unref();
    MATRIX_LMS.toolJwks = async () => ({
      keys: (await dbOf(a).select().from(ltiToolKeys)).map((k: { publicJwk: unknown }) => k.publicJwk as JWK),
    });
    // The stand-in is on 127.0.0.1, which the server fetches only when allowed (as every LTI test allows it).
    a.world.t.config.urlFetchAllowHosts.push('127.0.0.1');
  }
  await matrixLmsStarted;
  const tag = randomBytes(6).toString('hex');
  const [p] = await dbOf(a)
    .insert(ltiPlatforms)
    .values({
      orgId: a.combo.org.id,
      ...LTI_BODY,
      issuer: `https://lms-${tag}.example`,
      clientId: MATRIX_LMS.clientId,
      tokenUrl: MATRIX_LMS.tokenUrl,
    })
    .returning();
  // One learner in the course: an allowed sync adds them.
  MATRIX_LMS.rosters.set(tag, [{ user_id: `learner-${tag}`, roles: ['Learner'], name: 'Matrix Learner' }]);
  await dbOf(a)
    .insert(ltiContexts)
    .values({
      platformId: p!.id,
      deploymentId: 'd1',
      contextId: tag,
      groupId,
      membershipsUrl: `${MATRIX_LMS.issuer}/courses/${tag}/memberships`,
    });
}
const PROMPT_BODY = { instructions: 'Talk for a minute.', category: 'impromptu', suggestedSeconds: 60 };

const adminAreaStatus = ({ caller }: { caller: TCaller }) => ({
  status: statusFor(caller, { visible: sameOrg(caller), allowed: mayUseAdminArea(caller) }),
});

export const TABLE: Record<string, TRow<unknown>> = {
  // -- groups
  'GET /groups/{id}': groupRead((a) => (d) => (d?.groupId === a.combo.group.id ? [] : ['another group came back'])),
  'GET /groups/{id}/members': groupRead(
    ({ combo }) =>
      (members: { userId: string; recordings: number; totalDuration: number }[]) => {
        const counted = combo.main.filter((r) => countedForCoach(combo.lv, r.flags)).length;
        const owner = members.find((m) => m.userId === combo.users.owner.id);
        if (!owner) return ['the owner is not listed'];
        return owner.recordings === counted ? [] : [`owner's recording count ${owner.recordings}, expected ${counted}`];
      },
    mayListMembers,
  ),
  'PUT /groups/{id}': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const g = await a.combo.newGroup();
      const state = async () => (await dbOf(a).select().from(groups).where(eq(groups.id, g.id)))[0]?.name;
      return {
        params: { id: g.id },
        body: { name: `Renamed ${randomBytes(4).toString('hex')}`, managerPrivacyLevel: 1, speakerPrivacyLevel: 1 },
        state,
      };
    },
    expect: ({ caller }) => ({ status: statusFor(caller, { visible: groupVisible(caller), allowed: mayAdministerGroup(caller) }) }),
  }),
  'DELETE /wordspotting': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const g = await a.combo.newGroup();
      const key = { orgId: a.combo.org.id, scope: 'group' as const, groupId: g.id, userId: null, algorithm: 'rostrum-default' };
      await dbOf(a)
        .insert(wordspottingLists)
        .values({ ...key, words: ['uh/um', 'so'] });
      const state = async () => (await dbOf(a).select().from(wordspottingLists).where(eq(wordspottingLists.groupId, g.id))).length;
      return { query: { algorithm: key.algorithm, groupId: g.id }, state };
    },
    expect: ({ caller }) => ({ status: statusFor(caller, { visible: groupVisible(caller), allowed: maySetGroupList(caller) }) }),
  }),
  'POST /groups/{id}/invite-code': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const g = await a.combo.newGroup();
      const state = async () => (await dbOf(a).select().from(groups).where(eq(groups.id, g.id)))[0]?.inviteCode;
      return { params: { id: g.id }, state };
    },
    expect: ({ caller }) => ({ status: statusFor(caller, { visible: groupVisible(caller), allowed: mayAdministerGroup(caller) }) }),
  }),
  'DELETE /groups/{id}/members': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const g = await a.combo.newGroup();
      const state = async () =>
        (await dbOf(a).select({ s: memberships.status }).from(memberships).where(eq(memberships.groupId, g.id)))
          .map((m: { s: string }) => m.s)
          .sort();
      return { params: { id: g.id }, state };
    },
    expect: ({ caller }) => ({ status: statusFor(caller, { visible: groupVisible(caller), allowed: mayAdministerGroup(caller) }) }),
  }),

  // Issue 42 item 5: the class's coaches and the org admins, on a fresh group linked to a course of the stand-in LMS.
  'POST /groups/{groupId}/lti/roster-sync': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const g = await a.combo.newGroup();
      await linkToMatrixCourse(a, g.id);
      const state = async () =>
        (await dbOf(a).select({ u: memberships.userId, s: memberships.status }).from(memberships).where(eq(memberships.groupId, g.id)))
          .map((m: { u: string; s: string }) => `${m.u} ${m.s}`)
          .sort();
      return { params: { groupId: g.id }, state };
    },
    expect: ({ caller }) => ({
      status: statusFor(caller, { visible: groupVisible(caller), allowed: caller === 'coach' || caller === 'admin' }),
    }),
  }),

  // -- recordings
  'GET /groups/{id}/recordings': groupRead(groupRecordingsCheck),
  'GET /groups/{id}/shared-recordings': groupRead(sharedRecordingsCheck, mayListPeerShares),
  'GET /recordings': row({
    variants: ONE,
    mutates: false,
    target: async ({ combo }) => ({ query: { groupId: combo.group.id } }),
    expect: (a) => ({ status: statusFor(a.caller, { visible: groupVisible(a.caller), allowed: true }), check: groupRecordingsCheck(a) }),
  }),
  'GET /recordings/{id}': row<TRecVariant>({
    variants: REC_VARIANT_NAMES,
    mutates: false,
    target: async ({ combo, variant }) => ({ params: { id: mainRec(combo, variant).row.id }, query: { expand: 'tips,timestamped' } }),
    expect: (a) => ({
      status: statusFor(a.caller, { visible: recordingView(a.caller, a.combo.lv, REC_VARIANTS[a.variant]) !== 'hidden', allowed: true }),
      check: recordingCheck(a),
    }),
  }),
  'GET /recordings/{id}/previous-take': row<TRecVariant>({
    variants: REC_VARIANT_NAMES,
    mutates: false,
    target: async ({ combo, variant }) => ({ params: { id: mainRec(combo, variant).row.id } }),
    expect: (a) => ({
      status: statusFor(a.caller, { visible: recordingView(a.caller, a.combo.lv, REC_VARIANTS[a.variant]) !== 'hidden', allowed: true }),
      check: previousTakeCheck(a),
    }),
  }),
  'PUT /recordings/{id}': recordingWrite('PUT'),
  'DELETE /recordings/{id}': recordingWrite('DELETE'),
  'PUT /recordings/{id}/speaker': recordingWrite('SPEAKER'),
  'POST /recordings/{id}/reanalyze': reanalyzeWrite(),
  'GET /recordings/{id}/export/{format}': row<TRecVariant>({
    variants: REC_VARIANT_NAMES,
    mutates: false,
    target: async ({ combo, variant }) => ({ params: { id: mainRec(combo, variant).row.id, format: 'csv' } }),
    expect: (a) => ({
      status: statusFor(a.caller, exportRule(a.caller, a.combo.lv, REC_VARIANTS[a.variant])),
      check: (d: string) => (String(d).includes('Recording,Speaker,Metric,Score') ? [] : ['not the metrics CSV']),
    }),
  }),
  'GET /recordings/{id}/share-links': row<TRecVariant>({
    variants: REC_VARIANT_NAMES,
    mutates: false,
    target: async ({ combo, variant }) => ({ params: { id: mainRec(combo, variant).row.id } }),
    expect: (a) => ({ status: statusFor(a.caller, shareLinkRule(a.caller, a.combo.lv, REC_VARIANTS[a.variant])) }),
  }),
  'POST /recordings/{id}/share-links': shareLinkWrite('POST'),
  'DELETE /recordings/{id}/share-links/{linkId}': shareLinkWrite('DELETE'),
  // Public: whoever holds a valid link sees the shared results, signed in anywhere or not.
  'GET /shared/{token}': row<TRecVariant>({
    variants: REC_VARIANT_NAMES,
    mutates: false,
    target: async (a) => {
      const rec = mainRec(a.combo, a.variant).row;
      return { params: { token: (await newShareLink(a, rec.id, rec.userId)).token } };
    },
    expect: () => ({
      status: 200,
      check: (d: Record<string, unknown>) =>
        ['userId', 'groupId', 'groupName', 'userFirstName', 'recordingId'].filter((k) => k in d).map((k) => `${k} shown`),
    }),
  }),

  // -- feedback and history
  'GET /feedback': row<TRecVariant>({
    variants: REC_VARIANT_NAMES,
    mutates: false,
    target: async ({ combo, variant }) => ({ query: { recordingId: mainRec(combo, variant).row.id } }),
    expect: (a) => ({
      status: statusFor(a.caller, { visible: recordingView(a.caller, a.combo.lv, REC_VARIANTS[a.variant]) !== 'hidden', allowed: true }),
      check: feedbackCheck(a),
    }),
  }),
  'POST /feedback': row<TNewFeedback>({
    variants: NEW_FEEDBACK,
    mutates: true,
    label: (v) => `${v.kind} on ${v.rec}`,
    target: async (a) => {
      const r = await a.combo.newRecording(a.variant.rec);
      const body = a.variant.kind === 'comment' ? { recordingId: r.id, comment: 'Hello' } : { recordingId: r.id, scoreOverall: 7 };
      return { body, state: feedbackCount(a, r.id) };
    },
    expect: ({ caller, combo, variant }) => ({
      status: statusFor(caller, feedbackCreateRule(caller, combo.lv, REC_VARIANTS[variant.rec], variant.kind)),
    }),
  }),
  'PUT /feedback/{id}': feedbackWrite('PUT'),
  'DELETE /feedback/{id}': feedbackWrite('DELETE'),
  'GET /groups/{id}/feedback': groupRead(groupFeedbackCheck),
  'GET /history': row({
    variants: ONE,
    mutates: false,
    target: async ({ combo }) => ({ query: { userId: combo.users.owner.id } }),
    expect: ({ caller, combo }) => ({
      status: statusFor(caller, historyRule(caller)),
      check: (points: { recordingId: string }[]) =>
        combo.main.flatMap((rec) => {
          const shown = points.some((p) => p.recordingId === rec.row.id);
          const full = recordingView(caller, combo.lv, rec.flags) === 'full';
          return shown === full ? [] : [`${rec.variant} recording ${shown ? 'plotted (must be hidden)' : 'missing'}`];
        }),
    }),
  }),

  'GET /history/group-medians': row({
    variants: ONE,
    mutates: false,
    target: async ({ combo }) => ({ query: { userId: combo.users.owner.id } }),
    expect: ({ caller, combo }) => ({
      status: statusFor(caller, historyRule(caller)),
      check: (d: { groups: { groupId: string }[]; dials: Record<string, unknown> }) => {
        const listed = d.groups.some((g) => g.groupId === combo.group.id);
        const want = groupMedianShown(caller, combo.lv);
        return [
          ...(listed === want ? [] : [`group median ${listed ? 'shown (must be hidden)' : 'missing'}`]),
          // The main group has two other speakers: too few for a median.
          ...(Object.keys(d.dials).length ? ['a median of fewer than 3 speakers shown'] : []),
        ];
      },
    }),
  }),
  // -- assignments and scorecards
  // Into the scratch assignment (for the owner and the peer), or one of a group none of them is in.
  'POST /assignments/{id}/recordings': row<TWhichAssignment>({
    variants: ['scratch', 'hidden'],
    mutates: true,
    label: (v) => `into ${v}`,
    target: async (a) => {
      const r = await a.combo.newRecording('private');
      const id = a.variant === 'hidden' ? (await a.combo.newHiddenAssignment()).assignment.id : a.combo.scratchAssignment.id;
      return { params: { id }, body: { recordingId: r.id }, state: recordingState(a, r.id) };
    },
    expect: ({ caller, combo, variant }) => ({ status: moveToAssignmentStatus(caller, combo.lv, variant === 'hidden') }),
  }),
  'DELETE /assignments/{id}/recordings/{recordingId}': row<TRecVariant | 'hidden'>({
    variants: [...REC_VARIANT_NAMES, 'hidden'],
    mutates: true,
    label: (v) => (v === 'hidden' ? 'private in a hidden assignment' : v),
    target: async (a) => {
      if (a.variant === 'hidden') {
        const { assignment, recording } = await a.combo.newHiddenAssignment();
        return { params: { id: assignment.id, recordingId: recording.id }, state: recordingState(a, recording.id) };
      }
      const r = await a.combo.newRecording(a.variant, { assignmentId: a.combo.scratchAssignment.id });
      return { params: { id: a.combo.scratchAssignment.id, recordingId: r.id }, state: recordingState(a, r.id) };
    },
    expect: ({ caller, combo, variant }) => ({
      status: statusFor(
        caller,
        variant === 'hidden'
          ? removeFromAssignmentRule(caller, combo.lv, REC_VARIANTS.private, true)
          : removeFromAssignmentRule(caller, combo.lv, REC_VARIANTS[variant]),
      ),
    }),
  }),
  'GET /assignments/{id}/report.csv': row({
    variants: ONE,
    mutates: false,
    target: async ({ combo }) => ({ params: { id: combo.mainAssignment.id } }),
    expect: (a) => ({
      status: statusFor(a.caller, { visible: groupVisible(a.caller), allowed: mayReport(a.caller) }),
      check: reportCsvCheck(a),
    }),
  }),
  'GET /groups/{id}/report.csv': groupRead(reportCsvCheck, mayReport),
  'GET /assignments/{id}/comparison': row({
    variants: ONE,
    mutates: false,
    target: async ({ combo }) => ({ params: { id: combo.mainAssignment.id }, query: { scoreType: 'scores' } }),
    expect: (a) => ({
      status: statusFor(a.caller, { visible: groupVisible(a.caller), allowed: mayReport(a.caller) }),
      check: comparisonCheck(a),
    }),
  }),
  'POST /scorecards/{id}/responses': row<TNewAnswers>({
    variants: NEW_ANSWERS,
    mutates: true,
    label: (v) => `${v.coachOnly ? 'coach-only' : 'open'} scorecard on ${v.rec}`,
    target: async (a) => {
      const assignment = a.variant.coachOnly ? a.combo.coachOnlyAssignment : a.combo.scratchAssignment;
      const scorecard = a.variant.coachOnly ? a.combo.coachOnlyScorecard : a.combo.scratchScorecard;
      const r = await a.combo.newRecording(a.variant.rec, { assignmentId: assignment.id });
      return {
        params: { id: scorecard.id },
        body: { recordingId: r.id, scorecardId: scorecard.id, responses: [{ id: STORY, response: 7 }] },
        state: responseCount(a, r.id),
      };
    },
    expect: ({ caller, combo, variant }) => ({
      status: statusFor(caller, feedbackCreateRule(caller, combo.lv, REC_VARIANTS[variant.rec], 'score', variant.coachOnly)),
    }),
  }),
  'PUT /scorecards/{id}/responses/{responseId}': answersWrite('PUT'),
  'DELETE /scorecards/{id}/responses/{responseId}': answersWrite('DELETE'),

  // -- assignments: reads on the main assignment and group
  'GET /assignments/{id}': assignmentRead(
    ({ combo }) => ({ params: { id: combo.mainAssignment.id } }),
    () => true,
    assignmentAbilitiesCheck,
  ),
  // 002 section 2.2: a group's assignments are the coach dashboard's; speakers are refused (403).
  'GET /assignments': assignmentRead(
    ({ combo }) => ({ query: { scope: 'group', groupId: combo.group.id } }),
    mayReorder,
    ({ combo }) =>
      (list: { assignmentId: string }[]) =>
        list.some((x) => x.assignmentId === combo.mainAssignment.id) ? [] : ['the main assignment is not listed'],
  ),
  'GET /assignments/{id}/members': assignmentRead(
    ({ combo }) => ({ params: { id: combo.mainAssignment.id } }),
    () => true,
    membersCheck,
  ),
  // 002 section 2.8: the speaker page; coaches and admins have the member table instead (403).
  'GET /assignments/{id}/shared-recordings': assignmentRead(
    ({ combo }) => ({ params: { id: combo.mainAssignment.id } }),
    mayListPeerShares,
    sharedRecordingsCheck,
  ),

  // 002 section 2.2: the coach dashboard and a member row expanded; speakers are refused (403).
  'GET /groups/{id}/dashboard': row({
    variants: ONE,
    mutates: false,
    target: async ({ combo }) => ({ params: { id: combo.group.id } }),
    expect: ({ caller, combo }) => ({
      status: assignmentStatus(caller, combo.lv, { visible: groupVisible(caller), allowed: mayListMembers(caller) }),
      check: (d: { members: { userId: string; recordings: number }[] }) => {
        const counted = combo.main.filter((r) => countedForCoach(combo.lv, r.flags)).length;
        const owner = d.members.find((m) => m.userId === combo.users.owner.id);
        if (!owner) return ['the owner is not listed'];
        return owner.recordings === counted ? [] : [`owner's recording count ${owner.recordings}, expected ${counted}`];
      },
    }),
  }),
  'GET /groups/{id}/members/{userId}/assignments': row({
    variants: ONE,
    mutates: false,
    target: async ({ combo }) => ({ params: { id: combo.group.id, userId: combo.users.owner.id } }),
    expect: ({ caller, combo }) => ({
      status: assignmentStatus(caller, combo.lv, { visible: groupVisible(caller), allowed: mayListMembers(caller) }),
      check: (d: { assignments: { assignmentId: string; recordings: { recordingId: string }[] }[] }) => {
        const main = d.assignments.find((x) => x.assignmentId === combo.mainAssignment.id);
        if (!main) return ['the main assignment is not listed'];
        const listed = new Set(main.recordings.map((r) => r.recordingId));
        return combo.main
          .filter((r) => r.row.assignmentId === combo.mainAssignment.id && recordingView(caller, combo.lv, r.flags) === 'hidden')
          .filter((r) => listed.has(r.row.id))
          .map((r) => `${r.variant} recording listed (must be hidden)`);
      },
    }),
  }),

  // -- assignments: writes on throwaway assignments
  'PATCH /assignments/{id}': row<TPatch>({
    variants: PATCHES,
    mutates: true,
    label: (v) => `${v.change} ${v.kind}`,
    target: async (a) => {
      const asg = await newAssignment(a, a.variant.kind);
      const body =
        a.variant.change === 'rename'
          ? { name: `Renamed ${tag()}` }
          : a.variant.change === 'archive'
            ? { archived: true }
            : { isShared: false };
      return { params: { id: asg.id }, body, state: assignmentState(a, asg.id) };
    },
    expect: ({ caller, combo, variant }) => ({
      status: globalAwareStatus(
        caller,
        combo.lv,
        variant.kind,
        variant.change === 'isShared' ? templateSharingRule(caller, variant.kind) : assignmentEditRule(caller, variant.kind),
      ),
    }),
  }),
  'DELETE /assignments/{id}': row<TAssignmentKind>({
    variants: ['privateTemplate', 'sharedTemplate', 'global'],
    mutates: true,
    target: async (a) => {
      const asg = await newAssignment(a, a.variant);
      return { params: { id: asg.id }, state: assignmentState(a, asg.id) };
    },
    expect: ({ caller, combo, variant }) => ({
      status: globalAwareStatus(caller, combo.lv, variant, templateDeleteRule(caller, variant)),
    }),
  }),
  'POST /assignments/{id}/copy': row<TAssignmentKind>({
    variants: ['assigned', 'sharedTemplate', 'global'],
    mutates: true,
    target: async (a) => {
      const asg = await newAssignment(a, a.variant);
      const copyName = `${asg.name} (Copy)`;
      const state = async () =>
        (
          await dbOf(a)
            .select({ n: count() })
            .from(assignments)
            .where(and(eq(assignments.name, copyName), eq(assignments.orgId, a.combo.org.id)))
        )[0]?.n;
      return { params: { id: asg.id }, state };
    },
    expect: ({ caller, combo, variant }) => ({
      status: globalAwareStatus(caller, combo.lv, variant, assignmentCopyRule(caller, variant)),
    }),
  }),
  'POST /assignments/{id}/assign': row<TAssignmentKind>({
    variants: ['privateTemplate', 'sharedTemplate', 'global'],
    mutates: true,
    target: async (a) => {
      // A group of its own per cell: the global template is shared by every cell.
      const [asg, g] = await Promise.all([newAssignment(a, a.variant), a.combo.newGroup()]);
      const state = async () =>
        (
          await dbOf(a)
            .select({ n: count() })
            .from(assignments)
            .where(and(eq(assignments.templateId, asg.id), eq(assignments.groupId, g.id)))
        )[0]?.n;
      return { params: { id: asg.id }, body: { continuous: true, groupIds: [g.id] }, state };
    },
    expect: ({ caller, combo, variant }) => ({
      status: globalAwareStatus(caller, combo.lv, variant, assignTemplateRule(caller, variant)),
    }),
  }),
  'POST /assignments/{id}/attachments': attachmentWrite('POST'),
  'DELETE /assignments/{id}/attachments/{attachmentId}': attachmentWrite('DELETE'),
  'PUT /assignments/{id}/scorecard': row<TAssignmentKind>({
    variants: ['privateTemplate', 'sharedTemplate', 'assigned', 'global'],
    mutates: true,
    target: async (a) => {
      const asg = await newAssignment(a, a.variant);
      const state = async () =>
        (await dbOf(a).select().from(scorecards).where(eq(scorecards.assignmentId, asg.id)))[0]?.questions.map((q) => q.label) ?? null;
      const questions = scorecardQuestions([['Eye contact', '']]);
      return { params: { id: asg.id }, body: { scorecard: { questions, coachOnlyScorecard: false } }, state };
    },
    expect: ({ caller, combo, variant }) => ({
      status: globalAwareStatus(caller, combo.lv, variant, scorecardSaveRule(caller, variant)),
    }),
  }),
  'PUT /groups/{id}/assignments/order': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const g = await a.combo.newGroup();
      const { assignment } = await insertAssignment(dbOf(a), a.combo.users.coach, g.id, { name: `Order ${tag()}` });
      return {
        params: { id: g.id },
        body: { assignments: [{ assignmentId: assignment.id, sortOrder: 7 }] },
        state: assignmentState(a, assignment.id),
      };
    },
    expect: ({ caller, combo }) => ({
      status: assignmentStatus(caller, combo.lv, { visible: groupVisible(caller), allowed: mayReorder(caller) }),
    }),
  }),

  // -- the admin area
  'GET /users/{userId}': row({
    variants: ONE,
    mutates: false,
    target: async ({ combo }) => ({ params: { userId: combo.users.owner.id } }),
    expect: ({ caller, combo }) => ({
      status: statusFor(caller, { visible: sameOrg(caller), allowed: mayUseAdminArea(caller) }),
      check: (d) => (d?.user?.userId === combo.users.owner.id ? [] : ['another user came back']),
    }),
  }),
  'PUT /users/{userId}': row<'other' | 'self'>({
    // 'self': the caller tries to make their own account an org admin (the owner's account
    // for callers without one here); 'other': a throwaway speaker is made an org admin.
    variants: ['other', 'self'],
    mutates: true,
    target: async (a) => {
      const target = a.variant === 'self' ? (a.combo.userOf(a.caller) ?? a.combo.users.owner) : await a.combo.newUser();
      const state = async () => (await dbOf(a).select({ r: users.orgRoles }).from(users).where(eq(users.id, target.id)))[0]?.r;
      return { params: { userId: target.id }, body: { roles: [{ groupId: PSEUDO_GROUP_ID, roles: ['admin', 'manager'] }] }, state };
    },
    // The admin granting themself what they hold already is allowed and changes nothing.
    expect: ({ caller, variant }) => ({
      status: statusFor(caller, { visible: sameOrg(caller), allowed: mayUseAdminArea(caller) }),
      changes: variant === 'other',
    }),
  }),
  'POST /users/{userId}/delete': row({
    // A throwaway speaker's account, deleted on request (issue 42 item 8), confirmed with the caller's password.
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const target = await a.combo.newUser();
      const state = async () => (await dbOf(a).select({ n: count() }).from(users).where(eq(users.id, target.id)))[0]?.n;
      return { params: { userId: target.id }, body: { password: PASSWORD, confirmation: 'DELETE' }, state };
    },
    expect: ({ caller }) => ({ status: statusFor(caller, { visible: sameOrg(caller), allowed: mayUseAdminArea(caller) }) }),
  }),
  'PUT /invites/{id}': inviteWrite('PUT'),
  'DELETE /invites/{id}': inviteWrite('DELETE'),
  'POST /invites/bulk': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      // A group of its own per cell, with the free duration a speaker invite needs.
      const g = await a.combo.newGroup();
      await dbOf(a)
        .update(groups)
        .set({ settings: { freeDuration: { years: 1 } } })
        .where(eq(groups.id, g.id));
      const email = `bulk-${randomUUID()}@example.test`;
      const state = async () => (await dbOf(a).select({ n: count() }).from(invites).where(eq(invites.email, email)))[0]?.n;
      return { body: { groupId: g.id, invitees: [{ email }] }, state };
    },
    expect: ({ caller }) => ({ status: statusFor(caller, { visible: groupVisible(caller), allowed: mayInviteSpeakers(caller) }) }),
  }),

  // -- paid access: the admin area's plans and codes, and a speaker's subscription update
  'PATCH /admin/plans/{planId}': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const { plan } = await newPlanAndCode(a);
      const state = async () => (await dbOf(a).select().from(plans).where(eq(plans.id, plan.id)))[0]?.name;
      return { params: { planId: plan.id }, body: { name: `Renamed ${randomBytes(3).toString('hex')}` }, state };
    },
    expect: adminAreaStatus,
  }),
  'POST /admin/plans/{planId}/codes': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const { plan } = await newPlanAndCode(a);
      const state = async () => (await dbOf(a).select({ n: count() }).from(prepaidCodes).where(eq(prepaidCodes.planId, plan.id)))[0]?.n;
      return { params: { planId: plan.id }, body: { count: 2 }, state };
    },
    expect: adminAreaStatus,
  }),
  'POST /admin/prepaid-codes/{codeId}/void': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const { codeRow } = await newPlanAndCode(a);
      const state = async () => (await dbOf(a).select().from(prepaidCodes).where(eq(prepaidCodes.id, codeRow.id)))[0]?.voidedAt ?? null;
      return { params: { codeId: codeRow.id }, state };
    },
    expect: adminAreaStatus,
  }),
  // A scratch group where the owner's and the peer's speaker access has lapsed: each redeems a
  // fresh code for their own membership; the coach has nothing to renew (409); the admin and
  // another organisation's admin have no membership there (404).
  'POST /groups/{id}/subscription': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const g = await a.combo.newGroup();
      await dbOf(a)
        .update(memberships)
        .set({ expiresAt: new Date(Date.now() - 86_400_000) })
        .where(and(eq(memberships.groupId, g.id), sql`'speaker' = any(${memberships.roles})`));
      const { plan, code, codeRow } = await newPlanAndCode(a);
      const state = async () => ({
        expiries: (await dbOf(a).select({ e: memberships.expiresAt }).from(memberships).where(eq(memberships.groupId, g.id)))
          .map((m: { e: Date | null }) => m.e?.toISOString() ?? null)
          .sort(),
        redeemed: (await dbOf(a).select().from(prepaidCodes).where(eq(prepaidCodes.id, codeRow.id)))[0]?.redeemedAt ?? null,
      });
      return { params: { id: g.id }, body: { planId: plan.id, accessCode: code }, state };
    },
    expect: ({ caller }) => ({
      status: caller === 'anonymous' ? 401 : caller === 'owner' || caller === 'peer' ? 200 : caller === 'coach' ? 409 : 404,
    }),
  }),
  // Starting a card payment (Stripe is the local stand-in here): the owner and the peer, whose
  // lapsed membership is payable, start a PaymentIntent; the coach has nothing to renew (409); the
  // admin and another organisation's admin have no membership there (404), and no payment starts.
  'POST /groups/{id}/subscription/card-payment': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const g = await a.combo.newGroup();
      await dbOf(a)
        .update(memberships)
        .set({ expiresAt: new Date(Date.now() - 86_400_000) })
        .where(and(eq(memberships.groupId, g.id), sql`'speaker' = any(${memberships.roles})`));
      const { plan } = await newPlanAndCode(a);
      const state = async () => [...MATRIX_STRIPE.paymentIntents.values()].filter((pi) => pi.metadata.groupId === g.id).length;
      return { params: { id: g.id }, body: { planId: plan.id }, state };
    },
    expect: ({ caller }) => ({
      status: caller === 'anonymous' ? 401 : caller === 'owner' || caller === 'peer' ? 200 : caller === 'coach' ? 409 : 404,
    }),
  }),
  // Turning auto-renew off: the owner has a recurring card subscription for a scratch group (live
  // at the Stripe stand-in); only the owner may end it (200), for everyone else there is no
  // subscription of theirs there (404, as for an unknown group) and it stays live.
  'DELETE /groups/{id}/subscription/auto-renew': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const g = await a.combo.newGroup();
      const id = `sub_matrix_${randomBytes(6).toString('hex')}`;
      MATRIX_STRIPE.subscriptions.set(id, { id, object: 'subscription', status: 'active', cancel_at_period_end: false });
      await dbOf(a)
        .insert(cardSubscriptions)
        .values({ id, provider: 'stripe', orgId: a.combo.org.id, userId: a.combo.users.owner.id, groupId: g.id });
      const state = async () => (await dbOf(a).select().from(cardSubscriptions).where(eq(cardSubscriptions.id, id)))[0]?.endedAt ?? null;
      return { params: { id: g.id }, state };
    },
    expect: ({ caller }) => ({ status: caller === 'anonymous' ? 401 : caller === 'owner' ? 200 : 404 }),
  }),

  // -- practice prompts (issue 41): the organisation's admins change them, as the admin area
  'PUT /practice-prompts/{id}': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const prompt = await newPracticePrompt(a);
      const state = async () => (await dbOf(a).select().from(practicePrompts).where(eq(practicePrompts.id, prompt.id)))[0]?.title;
      return { params: { id: prompt.id }, body: { ...PROMPT_BODY, title: `Renamed ${randomBytes(3).toString('hex')}` }, state };
    },
    expect: adminAreaStatus,
  }),
  'DELETE /practice-prompts/{id}': row({
    variants: ONE,
    mutates: true,
    target: async (a) => {
      const prompt = await newPracticePrompt(a);
      const state = async () => (await dbOf(a).select({ n: count() }).from(practicePrompts).where(eq(practicePrompts.id, prompt.id)))[0]?.n;
      return { params: { id: prompt.id }, state };
    },
    expect: adminAreaStatus,
  }),

  // -- LTI (issue 42): platform registrations are the admin area's (the public JWKS is not in the document).
  'GET /lti/platforms/{platformId}': ltiPlatformRow(false),
  'PUT /lti/platforms/{platformId}': ltiPlatformRow(true, 'PUT'),
  'DELETE /lti/platforms/{platformId}': ltiPlatformRow(true, 'DELETE'),

  // -- resumable uploads
  'PATCH /uploads/{id}': uploadWrite('PATCH'),
  'DELETE /uploads/{id}': uploadWrite('DELETE'),
  'DELETE /live-captures/{id}': liveCaptureDelete(),
  'POST /live-captures/{id}/recording': unsavedTakeSave(),

  // -- Export my data (issue 42 item 7): a ready zip downloads for its owner only; anyone else 404.
  'GET /me/data-export/{exportId}/download': row({
    variants: ONE,
    mutates: false,
    target: async ({ combo, world }): Promise<TTarget> => {
      const id = randomUUID();
      const dir = path.join(world.t.config.dataDir, 'data-exports');
      await mkdir(dir, { recursive: true });
      // An empty zip: its end-of-central-directory record alone.
      await writeFile(path.join(dir, `${id}.zip`), Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]));
      await world.t.db.execute(
        sql`insert into data_exports (id, user_id, state, storage_key, size_bytes, ready_at, expires_at)
            values (${id}, ${combo.users.owner.id}, 'ready', ${`data-exports/${id}.zip`}, 22, now(), now() + interval '7 days')`,
      );
      return { params: { exportId: id } };
    },
    expect: ({ caller }) => ({ status: caller === 'owner' ? 200 : uploadStatus(caller) }),
  }),
};

/**
 * The subscription column: whether the operation serves only pages that need an active
 * subscription (002 section 2.1), so a caller without one (needsSubscription: no active
 * membership, not an org admin or org-level manager) gets 402 subscription.required. Not on
 * the calls of the subscription, record and account pages, nor the admin area's. Every row of
 * TABLE has its entry here; the test fails until a new row has one.
 */
export const NEEDS_SUBSCRIPTION: Record<string, boolean> = {
  'GET /groups/{id}/dashboard': true,
  'GET /groups/{id}/members/{userId}/assignments': true,
  'GET /groups/{id}': false,
  'GET /groups/{id}/members': true,
  'PUT /groups/{id}': false,
  'POST /groups/{id}/invite-code': false,
  'DELETE /groups/{id}/members': false,
  'POST /groups/{groupId}/lti/roster-sync': false,
  'GET /groups/{id}/recordings': true,
  'GET /groups/{id}/shared-recordings': true,
  'GET /recordings': true,
  'GET /recordings/{id}': false,
  'GET /recordings/{id}/previous-take': false,
  'PUT /recordings/{id}': false,
  'DELETE /recordings/{id}': false,
  'PUT /recordings/{id}/speaker': false,
  'POST /recordings/{id}/reanalyze': false,
  'GET /recordings/{id}/export/{format}': false,
  'GET /recordings/{id}/share-links': false,
  'POST /recordings/{id}/share-links': false,
  'DELETE /recordings/{id}/share-links/{linkId}': false,
  'GET /shared/{token}': false,
  'DELETE /wordspotting': true,
  'GET /feedback': true,
  'POST /feedback': true,
  'PUT /feedback/{id}': true,
  'DELETE /feedback/{id}': true,
  'GET /groups/{id}/feedback': true,
  'GET /history': true,
  'GET /history/group-medians': true,
  'POST /assignments/{id}/recordings': true,
  'DELETE /assignments/{id}/recordings/{recordingId}': true,
  'GET /assignments/{id}/report.csv': true,
  'GET /groups/{id}/report.csv': true,
  'GET /assignments/{id}/comparison': true,
  'POST /scorecards/{id}/responses': true,
  'PUT /scorecards/{id}/responses/{responseId}': true,
  'DELETE /scorecards/{id}/responses/{responseId}': true,
  'GET /assignments/{id}': true,
  'GET /assignments': true,
  'GET /assignments/{id}/members': true,
  'GET /assignments/{id}/shared-recordings': true,
  'PATCH /assignments/{id}': true,
  'DELETE /assignments/{id}': true,
  'POST /assignments/{id}/copy': true,
  'POST /assignments/{id}/assign': true,
  'POST /assignments/{id}/attachments': true,
  'DELETE /assignments/{id}/attachments/{attachmentId}': true,
  'PUT /assignments/{id}/scorecard': true,
  'PUT /groups/{id}/assignments/order': true,
  'GET /users/{userId}': false,
  'PUT /users/{userId}': false,
  'POST /users/{userId}/delete': false,
  'PUT /invites/{id}': false,
  'DELETE /invites/{id}': false,
  'POST /invites/bulk': false,
  'PATCH /uploads/{id}': false,
  'DELETE /uploads/{id}': false,
  'DELETE /live-captures/{id}': false,
  'POST /live-captures/{id}/recording': false,
  'GET /me/data-export/{exportId}/download': false,
  'PATCH /admin/plans/{planId}': false,
  'POST /admin/plans/{planId}/codes': false,
  'POST /admin/prepaid-codes/{codeId}/void': false,
  'POST /groups/{id}/subscription': false,
  'POST /groups/{id}/subscription/card-payment': false,
  'DELETE /groups/{id}/subscription/auto-renew': false,
  // Like Record, whose page the prompts lead to.
  'PUT /practice-prompts/{id}': false,
  'DELETE /practice-prompts/{id}': false,
  'GET /lti/platforms/{platformId}': false,
  'PUT /lti/platforms/{platformId}': false,
  'DELETE /lti/platforms/{platformId}': false,
};
