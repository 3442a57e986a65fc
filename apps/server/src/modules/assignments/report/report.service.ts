import {
  comparisonMetrics,
  CORE_SCORES,
  defaultComparisonMetrics,
  DUE_MSG,
  isConversationalAlgorithm,
  isOverdue,
  memberStatusText,
  METRIC_TITLES,
  NEGATIVE_VIBES,
  OVERALL_MAX,
  ownerScores,
  POSITIVE_VIBES,
  REPORT_HEADERS,
  roundAverage,
  type TAssignmentComparison,
  type TComparisonScoreType,
  type TCompletionStatus,
  type TResults,
  type TVibe,
} from '@rostrum/contract';
import type { TDeps } from '../../../deps.js';
import type { TAuth } from '../../../auth/auth-context.js';
import {
  coachSeesSharedOnly,
  feedbackVisible,
  isCoachOf,
  isOrgManager,
  mayDownloadReport,
  recordingAccess,
  type TRecordingAccess,
} from '../../../auth/policies.js';
import { forbidden, notFound } from '../../../errors.js';
import { findMembership, findOrgGroup } from '../../memberships/index.js';
import { findOrganisation } from '../../org/index.js';
import { listFeedbackWithAuthors, type TFeedbackRow } from '../../feedback/index.js';
import { findAssignmentInOrg, presentAssignmentRef } from '../assignments.repository.js';
import { judgeVisible } from '../access.js';
import { loadViewer } from '../presenter.js';
import { loadMemberStatuses } from '../progress/progress.loader.js';
import {
  averageCell,
  bandText,
  cell,
  contentDisposition,
  dateTime,
  dueDateCell,
  durationText,
  MISSING,
  oneDecimal,
  readingText,
  reportFileName,
  safeText,
  upspeakText,
  varietyText,
} from './report-format.js';
import {
  listAssignmentMembers,
  listAssignmentRecordings,
  listGroupRecordingsForReport,
  listScorecardAnswersFor,
} from './report.repository.js';

// The CSV reports (002 section 9) and the comparison chart's data (002 sections 2.6 and 9).
// Who may have them is decided in auth (mayDownloadReport, isCoachOf); which recordings, and how
// much of each, by recordingAccess and feedbackVisible, as everywhere else.

type TGroupRow = NonNullable<Awaited<ReturnType<typeof findOrgGroup>>>;
type TMembershipRow = Awaited<ReturnType<typeof findMembership>>;
type TRecordingRow = Awaited<ReturnType<typeof listAssignmentRecordings>>[number];
type TQuestion = { id: string; label: string; preset: boolean };

const CORE_QUESTIONS: TQuestion[] = CORE_SCORES.map((c) => ({ id: c.apiName, label: c.label, preset: true }));
const PRESET_IDS = new Set<string>(CORE_SCORES.map((c) => c.apiName));

/** The caller's standing in a group: a 404 for those who may not know of it, a 403 for members who may not act. */
function refuse(auth: TAuth, membership: TMembershipRow): never {
  if (!membership && !isOrgManager(auth)) throw notFound();
  throw forbidden();
}

async function assignmentInGroup(deps: TDeps, auth: TAuth, assignmentId: string) {
  const found = await findAssignmentInOrg(deps.db, auth.orgId, assignmentId);
  // Templates (own, shared or global) have no group, no members and no report.
  if (!found || found.a.isTemplate || !found.a.groupId) throw notFound();
  // One the caller may not see (a speaker it is not for) is not found, as GET assignments/{id}.
  await judgeVisible(deps.db, await loadViewer(deps.db, auth), assignmentId);
  const group = await findOrgGroup(deps.db, auth.orgId, found.a.groupId);
  if (!group) throw notFound();
  const membership = await findMembership(deps.db, auth.userId, group.id);
  return { found, group, membership };
}

async function assertMayDownload(deps: TDeps, auth: TAuth, membership: TMembershipRow) {
  const org = await findOrganisation(deps.db, auth.orgId);
  if (!mayDownloadReport(auth, membership, org?.settings ?? {})) refuse(auth, membership);
}

// ---- rating facts -----------------------------------------------------------------------------

type TScoreSet = { userId: string | null; isManager: boolean; values: Map<string, number> };

/** What the caller may see of one recording: its access, its visible score sets and comments. */
type TRecordingFacts = {
  row: TRecordingRow;
  access: TRecordingAccess;
  heard: boolean;
  scoreSets: TScoreSet[];
  comments: { name: string; comment: string }[];
};

async function recordingFacts(
  deps: TDeps,
  auth: TAuth,
  rows: TRecordingRow[],
  group: TGroupRow,
  membership: TMembershipRow,
): Promise<TRecordingFacts[]> {
  const isCoach = isCoachOf(auth, membership);
  const withAccess = rows
    .map((row) => ({ row, access: recordingAccess(auth, row.r, group, membership) }))
    .filter((x) => x.access !== 'none');
  const heardIds = withAccess.filter((x) => x.access === 'hear' || x.access === 'owner').map((x) => x.row.r.id);
  const [feedbackRows, answers] = heardIds.length
    ? await Promise.all([listFeedbackWithAuthors(deps.db, heardIds), listScorecardAnswersFor(deps.db, heardIds)])
    : [[], []];
  const answersOf = new Map(answers.map((a) => [`${a.recordingId}/${a.userId}`, a.responses]));
  const byRecording = new Map<string, { f: TFeedbackRow; name: string }[]>();
  for (const x of feedbackRows) byRecording.set(x.f.recordingId, [...(byRecording.get(x.f.recordingId) ?? []), x]);
  return withAccess.map(({ row, access }) => {
    const heard = access === 'hear' || access === 'owner';
    const visible = heard
      ? (byRecording.get(row.r.id) ?? []).filter(({ f }) => feedbackVisible(auth.userId, access, isCoach, group.speakerPrivacyLevel, f))
      : [];
    const scoreSets = visible
      .filter(({ f }) => f.kind === 'score')
      .map(({ f }) => {
        const values = new Map<string, number>();
        for (const c of CORE_SCORES) if (f[c.apiName] !== null) values.set(c.apiName, f[c.apiName]!);
        for (const r of answersOf.get(`${row.r.id}/${f.userId}`) ?? []) if (!PRESET_IDS.has(r.id)) values.set(r.id, r.response);
        return { userId: f.userId, isManager: f.isManager, values };
      });
    const comments = visible.filter(({ f }) => f.kind === 'comment' && f.comment).map(({ f, name }) => ({ name, comment: f.comment! }));
    return { row, access, heard, scoreSets, comments };
  });
}

const ratingValues = (sets: TScoreSet[], questionId: string, coachOnly: boolean) =>
  sets.filter((s) => !coachOnly || s.isManager).flatMap((s) => (s.values.has(questionId) ? [s.values.get(questionId)!] : []));

const bySpeaker = (a: { lastName: string; firstName: string }, b: { lastName: string; firstName: string }) =>
  a.lastName.localeCompare(b.lastName, 'en', { sensitivity: 'base' }) ||
  a.firstName.localeCompare(b.firstName, 'en', { sensitivity: 'base' });

// ---- the CSV report ---------------------------------------------------------------------------

const VIBE_COLUMNS: readonly TVibe[] = [...POSITIVE_VIBES, ...NEGATIVE_VIBES];
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The automated score columns: value, then its word where section 9 gives one. */
const SCORE_HEADERS = [
  METRIC_TITLES.overall,
  METRIC_TITLES.strengthOfOpening,
  METRIC_TITLES.clarity,
  'Pace (syllables per second)',
  'Pace',
  'Pausing (% pause to talk)',
  'Pausing',
  'Upspeak (% of phrases)',
  'Upspeak',
  'Reading',
  METRIC_TITLES.varietyVolume,
  METRIC_TITLES.varietyPace,
  METRIC_TITLES.varietyPitch,
  'Talking versus Listening (% talking)',
  METRIC_TITLES.convoSwitches,
  METRIC_TITLES.questions,
  METRIC_TITLES.wordSpotting,
];

/** The owner's scores (their speaker of a conversation, without a Vibe score), as the results page shows them. */
function scoreCells(results: TResults | null, speakerNum: number | null): string[] {
  const s = results ? ownerScores(results, speakerNum) : null;
  if (!results || !s) return [...SCORE_HEADERS, ...VIBE_COLUMNS].map(() => MISSING);
  const i = results.ideals;
  const words = Object.entries(s.wordSpotting ?? {});
  return [
    oneDecimal(s.overall),
    oneDecimal(s.strengthOfOpening),
    oneDecimal(s.clarity),
    oneDecimal(s.pace),
    bandText('pace', s.pace, i.pace),
    oneDecimal(s.pauseToTalk),
    bandText('pauseToTalk', s.pauseToTalk, i.pauseToTalk),
    oneDecimal(s.upspeak),
    upspeakText(s.upspeak, i.upspeak),
    readingText(s.reading),
    varietyText(s.varietyVolume),
    varietyText(s.varietyPace),
    varietyText(s.varietyPitch),
    oneDecimal(s.talkVsListen),
    oneDecimal(s.convoSwitches),
    oneDecimal(s.questions),
    words.length ? safeText(words.map(([w, n]) => `${w}: ${n}`).join('; ')) : MISSING,
    ...VIBE_COLUMNS.map((v) => oneDecimal(s.vibes?.[v])),
  ];
}

function ratingHeaders(questions: TQuestion[]): string[] {
  return questions.flatMap((q) => [`${q.label} Rating`, `${q.label} Raters`, `${q.label} Coach Rating`, `${q.label} Coach Raters`]);
}

function ratingCells(questions: TQuestion[], f: TRecordingFacts | null): string[] {
  return questions.flatMap((q) => {
    if (!f?.heard) return [MISSING, MISSING, MISSING, MISSING];
    const all = ratingValues(f.scoreSets, q.id, false);
    const coach = ratingValues(f.scoreSets, q.id, true);
    return [averageCell(all), String(all.length), averageCell(coach), String(coach.length)];
  });
}

export type TCsvReport = { fileName: string; disposition: string; rows: string[][] };

/** An assignment report's member columns (issue 41 item 8): each speaker's status ("Overdue" past the due date) and the due date. */
type TMemberColumns = { cells: (userId: string) => string[] };
const MEMBER_HEADERS = ['Status', DUE_MSG.csvHeader];

function memberColumns(
  a: { archived: boolean; deletedAt: Date | null; dueAt: Date | null },
  statuses: ReadonlyMap<string, TCompletionStatus>,
  timeZone: string,
  now: Date,
): TMemberColumns {
  const due = dueDateCell(a.dueAt, timeZone);
  return {
    cells: (userId) => {
      const status = statuses.get(userId);
      // A recording of someone the assignment is no longer for has no status.
      if (!status) return [MISSING, due];
      const overdue = isOverdue({ archived: a.archived, deleted: !!a.deletedAt, dueAt: a.dueAt }, status, now);
      return [memberStatusText(status, overdue), due];
    },
  };
}

function buildRows(opts: {
  kind: 'assignment' | 'group';
  group: TGroupRow;
  questions: TQuestion[];
  facts: TRecordingFacts[];
  members: { userId: string; firstName: string; lastName: string }[];
  memberColumns?: TMemberColumns;
}): string[][] {
  const { kind, group, questions, facts } = opts;
  const perMember = (userId: string) => opts.memberColumns?.cells(userId) ?? [];
  const header = [
    'Last Name',
    'First Name',
    ...(opts.memberColumns ? MEMBER_HEADERS : []),
    ...(kind === 'group' ? ['Assignment'] : []),
    'Created',
    'Flagged for Review Date',
    coachSeesSharedOnly(group) ? REPORT_HEADERS.titleSharedOnly : REPORT_HEADERS.title,
    'Duration',
    'Flagged for Review',
    'Shared with Group',
    ...SCORE_HEADERS,
    ...VIBE_COLUMNS.map(capitalised),
    ...ratingHeaders(questions),
    'Feedback Count',
    'Feedback',
  ];
  type TLine = { firstName: string; lastName: string; at: number; cells: string[] };
  const lines: TLine[] = facts.map((f) => {
    const { r, speaker, assignmentName } = f.row;
    const results = f.heard ? ((r.results as TResults | null) ?? null) : null;
    return {
      firstName: speaker.firstName,
      lastName: speaker.lastName,
      at: r.createdAt.getTime(),
      cells: [
        safeText(speaker.lastName),
        safeText(speaker.firstName),
        ...perMember(speaker.userId),
        ...(kind === 'group' ? [assignmentName ? safeText(assignmentName) : MISSING] : []),
        dateTime(r.createdAt),
        r.submitted ? dateTime(r.submittedAt) : MISSING,
        safeText(r.title),
        durationText(r.duration),
        r.submitted ? 'Yes' : 'No',
        r.feedbackRequested ? 'Yes' : 'No',
        ...scoreCells(results, r.speakerNum),
        ...ratingCells(questions, f),
        f.heard ? String(f.comments.length) : MISSING,
        f.heard && f.comments.length ? safeText(f.comments.map((c) => `${c.name}: ${c.comment}`).join('\n')) : MISSING,
      ].map((v) => String(cell(v))),
    };
  });
  // Assignment reports list every member it is for, with one row of '-' when they have no recording.
  if (kind === 'assignment') {
    const seen = new Set(facts.map((f) => f.row.speaker.userId));
    for (const m of opts.members) {
      if (seen.has(m.userId)) continue;
      seen.add(m.userId);
      const own = perMember(m.userId);
      const rest = header.length - 2 - own.length;
      lines.push({
        firstName: m.firstName,
        lastName: m.lastName,
        at: 0,
        cells: [safeText(m.lastName), safeText(m.firstName), ...own, ...Array(rest).fill(MISSING)],
      });
    }
  }
  lines.sort((a, b) => bySpeaker(a, b) || a.at - b.at);
  // Header cells carry user text too (scorecard question labels): defused like every text cell.
  return [header.map(safeText), ...lines.map((l) => l.cells)];
}

/** GET assignments/{id}/report.csv: every member the assignment is for, with their recordings. */
export async function assignmentReport(deps: TDeps, auth: TAuth, assignmentId: string, now = new Date()): Promise<TCsvReport> {
  const { found, group, membership } = await assignmentInGroup(deps, auth, assignmentId);
  await assertMayDownload(deps, auth, membership);
  const scorecard = presentAssignmentRef(found).scorecard;
  const questions = scorecard
    ? scorecard.questions.filter((q) => !q.hidden || q.id === 'scoreOverall').map((q) => ({ id: q.id, label: q.label, preset: q.preset }))
    : CORE_QUESTIONS;
  const a = found.a;
  const [rows, members, statuses, org] = await Promise.all([
    listAssignmentRecordings(deps.db, assignmentId),
    listAssignmentMembers(deps.db, assignmentId),
    loadMemberStatuses(deps.db, [a]),
    findOrganisation(deps.db, auth.orgId),
  ]);
  const facts = await recordingFacts(deps, auth, rows, group, membership);
  const fileName = reportFileName(a.name, now);
  const columns = memberColumns(a, statuses.get(a.id) ?? new Map(), org?.timeZone ?? 'UTC', now);
  return {
    fileName,
    disposition: contentDisposition(fileName),
    rows: buildRows({ kind: 'assignment', group, questions, facts, members, memberColumns: columns }),
  };
}

/** GET groups/{id}/report.csv: the group's recordings (in any assignment or none), core ratings only. */
export async function groupReport(deps: TDeps, auth: TAuth, groupId: string, now = new Date()): Promise<TCsvReport> {
  const group = await findOrgGroup(deps.db, auth.orgId, groupId);
  if (!group) throw notFound();
  const membership = await findMembership(deps.db, auth.userId, group.id);
  await assertMayDownload(deps, auth, membership);
  const rows = await listGroupRecordingsForReport(deps.db, groupId);
  const facts = await recordingFacts(deps, auth, rows, group, membership);
  const fileName = reportFileName(group.name, now);
  return {
    fileName,
    disposition: contentDisposition(fileName),
    rows: buildRows({ kind: 'group', group, questions: CORE_QUESTIONS, facts, members: [] }),
  };
}

// ---- the comparison chart ---------------------------------------------------------------------

const inScoreType = (r: { submitted: boolean; feedbackRequested: boolean }, scoreType: TComparisonScoreType) =>
  scoreType === 'flaggedScores' ? r.submitted : scoreType === 'sharedScores' ? r.feedbackRequested : true;

const two = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? null : Math.round(v * 100) / 100);

function automatedValue(results: TResults | null, speakerNum: number | null, key: string): number | null {
  const s = results ? ownerScores(results, speakerNum) : null;
  if (!s) return null;
  switch (key) {
    case 'varietyVolume':
      return two(s.varietyVolume?.inBand);
    case 'varietyPace':
      return two(s.varietyPace?.value);
    case 'varietyPitch':
      return two(s.varietyPitch?.value);
    default:
      return two(s[key as 'overall'] as number | null);
  }
}

/** GET assignments/{id}/comparison: the coach's Assignment Comparison Report (not for templates). */
export async function assignmentComparison(
  deps: TDeps,
  auth: TAuth,
  assignmentId: string,
  scoreType: TComparisonScoreType,
): Promise<TAssignmentComparison> {
  const { found, group, membership } = await assignmentInGroup(deps, auth, assignmentId);
  if (!isCoachOf(auth, membership)) refuse(auth, membership);
  const isConversational = isConversationalAlgorithm(found.a.criteria.algorithm);
  const scorecard = presentAssignmentRef(found).scorecard;
  const questions = scorecard
    ? scorecard.questions.filter((q) => !q.hidden || q.id === 'scoreOverall').map((q) => ({ id: q.id, label: q.label }))
    : undefined;
  const metrics = comparisonMetrics(isConversational, questions);
  const rows = (await listAssignmentRecordings(deps.db, assignmentId)).filter((row) => inScoreType(row.r, scoreType));
  // Only what the coach may hear enters the chart.
  const facts = (await recordingFacts(deps, auth, rows, group, membership)).filter((f) => f.heard);
  facts.sort((a, b) => bySpeaker(a.row.speaker, b.row.speaker) || a.row.r.createdAt.getTime() - b.row.r.createdAt.getTime());
  const recordings = facts.map((f) => {
    const results = (f.row.r.results as TResults | null) ?? null;
    const values: Record<string, number | null> = {};
    for (const m of metrics) {
      if (m.column === 'scores') values[m.id] = automatedValue(results, f.row.r.speakerNum, m.key);
      else if (m.key === OVERALL_MAX) {
        const all = ratingValues(f.scoreSets, 'scoreOverall', false);
        values[m.id] = all.length ? Math.max(...all) : null;
      } else values[m.id] = roundAverage(ratingValues(f.scoreSets, m.key, m.column === 'coachRatings'));
    }
    return {
      recordingId: f.row.r.id,
      title: f.row.r.title,
      userId: f.row.speaker.userId,
      speakerName: f.row.speaker.name,
      createdDate: f.row.r.createdAt.toISOString(),
      values,
    };
  });
  return {
    assignmentId,
    scoreType,
    isConversational,
    metrics,
    defaultMetrics: defaultComparisonMetrics(isConversational, recordings).filter((id) => metrics.some((m) => m.id === id)),
    recordings,
  };
}
