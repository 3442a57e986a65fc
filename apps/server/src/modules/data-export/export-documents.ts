import { DATA_EXPORT_LINK_DAYS, type TResults, ZResultsSchema } from '@rostrum/contract';
import { feedbackVisible } from '../../auth/privacy-rules.js';
import { scoreSetVisible } from '../../auth/scorecard-rules.js';
import type {
  findPersonWithOrg,
  listFeedbackReceivedOn,
  listFeedbackWrittenBy,
  listOwnMemberships,
  listOwnRecordingsForExport,
  listScorecardResponsesFor,
} from './data-export.repository.js';

// The documents of a data export: pure functions from the person's rows to what each file of the
// zip says. Secrets never leave (the password hash, API keys, the unsubscribe code, tokens).

type TRows<F extends (...a: never[]) => unknown> = Awaited<ReturnType<F>>;
export type TPerson = NonNullable<TRows<typeof findPersonWithOrg>>;
export type TOwnRecording = TRows<typeof listOwnRecordingsForExport>[number];

/** How a deleted author is named, as on the results page. */
export const FORMER_MEMBER = 'Former member';

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** profile.json: the user row without its secrets, and the organisation's name. */
export function profileDocument({ u, orgName, orgType }: TPerson) {
  return {
    userId: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    name: u.name,
    metadata: u.metadata,
    isEu: u.isEu,
    organisation: { orgId: u.orgId, name: orgName, type: orgType },
    orgRoles: u.orgRoles,
    preferences: u.preferences,
    emailPreferences: u.emailPreferences,
    accessReminders: u.accessReminders,
    lastLoginDate: iso(u.lastLoginAt),
    createdDate: iso(u.createdAt),
    updatedDate: iso(u.updatedAt),
  };
}

/** consents.json: each consent or choice and when it was given (null: never chosen). */
export function consentsDocument({ u }: TPerson) {
  const c = (value: boolean | null, at: Date | null) => ({ value, at: iso(at) });
  return {
    termsAccepted: c(u.termsAccepted, u.termsAcceptedAt),
    privacyAccepted: c(u.privacyAccepted, u.privacyAcceptedAt),
    ageAttestation: c(u.ageAttestation, u.ageAttestationAt),
    usaStorageConsent: c(u.usaStorageConsent, u.usaStorageConsentAt),
    dataRetention: c(u.dataRetention, u.dataRetentionAt),
    dataUseAllowed: c(u.dataUseAllowed, u.dataUseAllowedAt),
  };
}

/** memberships.json: the groups and roles, and the organisation-level roles. */
export function membershipsDocument(person: TPerson, rows: TRows<typeof listOwnMemberships>) {
  return {
    orgRoles: person.u.orgRoles,
    groups: rows.map(({ m, groupName }) => ({
      groupId: m.groupId,
      groupName,
      roles: m.roles,
      expiredRoles: m.expiredRoles,
      membershipStatus: m.status,
      membershipStartDate: iso(m.startDate),
      membershipExpires: iso(m.expiresAt),
    })),
  };
}

/** recordings/<id>/recording.json: what the recording is, beside its media and results. */
export function recordingDocument(row: TOwnRecording, mediaFile: string | null) {
  const { r } = row;
  return {
    recordingId: r.id,
    title: r.title,
    createdDate: iso(r.createdAt),
    status: r.status,
    source: r.source,
    fileName: r.fileName,
    duration: r.duration,
    isVideo: r.isVideo,
    groupName: row.groupName,
    assignmentName: row.assignmentName,
    sharedWithGroup: r.feedbackRequested,
    submittedForReview: r.submitted,
    overallScore: r.overallScore,
    /** The original file in this folder; null when none is stored (an upload that never finished). */
    originalMedia: mediaFile,
  };
}

/** The recording's results in the Results shape the API serves; null before they exist. */
export function resultsOf(row: TOwnRecording): TResults | null {
  if (row.r.status !== 'done' || !row.r.results) return null;
  const parsed = ZResultsSchema.safeParse(row.r.results);
  // Results stored by an older analysis that no longer fit the shape are given as stored.
  return parsed.success ? parsed.data : (row.r.results as TResults);
}

const scores = (f: {
  scoreOverall: number | null;
  scoreOrganization: number | null;
  scoreDelivery: number | null;
  scoreXfactor: number | null;
}) => ({
  scoreOverall: f.scoreOverall,
  scoreOrganization: f.scoreOrganization,
  scoreDelivery: f.scoreDelivery,
  scoreXfactor: f.scoreXfactor,
});

/**
 * feedback.json: the comments and scores the person wrote (anywhere), and those others wrote on
 * their recordings that they see on their results page (the group's privacy level and a
 * coach-only scorecard decide, as GET recordings/{id}/feedback does for the owner).
 */
export function feedbackDocument(
  userId: string,
  own: TOwnRecording[],
  written: TRows<typeof listFeedbackWrittenBy>,
  received: TRows<typeof listFeedbackReceivedOn>,
) {
  const byId = new Map(own.map((o) => [o.r.id, o]));
  return {
    // On another person's recording only the id: its title and media are theirs.
    written: written.map(({ f, recordingTitle }) => ({
      feedbackId: f.id,
      recordingId: f.recordingId,
      recordingTitle: byId.has(f.recordingId) ? recordingTitle : null,
      onOwnRecording: byId.has(f.recordingId),
      kind: f.kind,
      comment: f.comment,
      regionStart: f.regionStart,
      regionEnd: f.regionEnd,
      ...scores(f),
      asCoach: f.isManager,
      createdDate: iso(f.createdAt),
      updatedDate: iso(f.updatedAt),
    })),
    received: received
      .filter(({ f }) => {
        const rec = byId.get(f.recordingId);
        if (!rec) return false;
        const item = { userId: f.userId ?? '', isManager: f.isManager, kind: f.kind };
        return (
          feedbackVisible(userId, 'owner', false, rec.speakerPrivacyLevel ?? 0, item) &&
          scoreSetVisible(!!rec.coachOnlyScorecard, userId, item)
        );
      })
      .map(({ f, authorName }) => ({
        feedbackId: f.id,
        recordingId: f.recordingId,
        recordingTitle: byId.get(f.recordingId)?.r.title ?? null,
        authorName: authorName ?? FORMER_MEMBER,
        fromCoach: f.isManager,
        kind: f.kind,
        comment: f.comment,
        regionStart: f.regionStart,
        regionEnd: f.regionEnd,
        ...scores(f),
        createdDate: iso(f.createdAt),
      })),
  };
}

/** assignments.json: the assignments the person handed recordings in to, by name. */
export function assignmentsDocument(own: TOwnRecording[]) {
  const byAssignment = new Map<string, { assignmentId: string; name: string; recordingIds: string[] }>();
  for (const { r, assignmentName } of own) {
    if (!r.assignmentId || assignmentName === null) continue;
    const entry = byAssignment.get(r.assignmentId) ?? { assignmentId: r.assignmentId, name: assignmentName, recordingIds: [] };
    entry.recordingIds.push(r.id);
    byAssignment.set(r.assignmentId, entry);
  }
  return { submittedTo: [...byAssignment.values()] };
}

/** scorecards.json: scorecard answers the person gave, and those given on their recordings (with the questions' labels). */
export function scorecardsDocument(userId: string, rows: TRows<typeof listScorecardResponsesFor>) {
  const present = (row: (typeof rows)[number]) => {
    const labels = new Map(row.questions.map((q) => [q.id, q.label]));
    return {
      responseId: row.sr.id,
      assignmentName: row.assignmentName,
      recordingId: row.sr.recordingId,
      recordingTitle: row.recordingOwnerId === userId ? row.recordingTitle : null,
      answers: row.sr.responses.map((a) => ({ question: labels.get(a.id) ?? a.id, response: a.response })),
      createdDate: iso(row.sr.createdAt),
      updatedDate: iso(row.sr.updatedAt),
    };
  };
  return {
    given: rows.filter((row) => row.sr.userId === userId).map(present),
    received: rows
      .filter((row) => row.sr.userId !== userId && row.recordingOwnerId === userId)
      .map((row) => ({ ...present(row), raterName: row.raterName ?? FORMER_MEMBER, fromCoach: row.sr.isManager })),
  };
}

/** README.txt: what each file holds. */
export function readmeText(person: TPerson, createdAt: Date, recordingCount: number): string {
  return [
    'Your Rostrum data',
    '=================',
    '',
    `Exported for ${person.u.name} <${person.u.email}> on ${createdAt.toISOString()}.`,
    `This download link works for ${DATA_EXPORT_LINK_DAYS} days after the export was made; keep the file somewhere safe.`,
    '',
    'Files',
    '-----',
    'profile.json        Your account: names, email, title, birth year, gender, organisation, settings.',
    '                    (Your password and sign-in keys are never exported.)',
    'consents.json       Each consent and data choice you made, with the time you made it.',
    'memberships.json    Your groups and your roles in them, and your organisation-level roles.',
    'feedback.json       "written": comments and scores you wrote, on any recording.',
    '                    "received": comments and scores others wrote on your recordings, as your',
    "                    results page shows them, with their authors' names.",
    'assignments.json    The assignments you handed recordings in to.',
    'scorecards.json     Scorecard answers you gave, and those given on your recordings.',
    `recordings/         One folder per recording of yours (${recordingCount} in all), each with:`,
    '  recording.json    What the recording is: title, date, group, assignment, sharing.',
    '  original.*        The media file as you uploaded or recorded it.',
    '  results.json      The analysis results (the same Results shape the Rostrum API serves).',
    '  transcript.txt    The transcript as plain text.',
    '',
    'Recordings still processing, or whose analysis failed, have no results or transcript.',
    '',
  ].join('\n');
}
