import type { TLegalDocument, TGroup, TOrgGroup, TRecording, TRecordingSummary } from '@rostrum/contract';
import { type TLanes, ZLanesSchema } from '@rostrum/contract';
import { RECORDING_PAGE_EXPAND } from './early-responses';
import type { QueryClient } from '@tanstack/react-query';
import { operations } from './operations.gen';

/** Ledger rows per page. */
export const LEDGER_PAGE = 100;

/** Stored waveform peaks of a recording (peaksUrl): min/max pairs, so the browser never decodes the file. */
export interface TPeaks {
  peaksPerSecond: number;
  data: number[];
  duration: number;
  /** A multichannel file's peaks, one min/max list per channel. */
  channels?: number[][];
}

/** peaksUrl is a signed media address (no bearer token needed). */
export async function fetchPeaks(peaksUrl: string, signal?: AbortSignal): Promise<TPeaks> {
  const res = await fetch(peaksUrl, { signal });
  if (!res.ok) throw new Error(`peaks ${res.status}`);
  return (await res.json()) as TPeaks;
}

/** The peaks by their (signed) address, kept for the page's life: they never change for an address. */
export function peaksQuery(peaksUrl: string) {
  return {
    queryKey: ['media', 'peaks', peaksUrl] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchPeaks(peaksUrl, signal),
    staleTime: Infinity,
  };
}

/** The voice lanes by their (signed) address. */
export function lanesQuery(lanesUrl: string) {
  return {
    queryKey: ['media', 'lanes', lanesUrl] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchLanes(lanesUrl, signal),
    staleTime: Infinity,
  };
}

/**
 * Starts fetching what the waveform draws (peaks, voice lanes) as soon as a recording arrives,
 * instead of after the results page has rendered and mounted the player: on a long take that
 * render is the slowest step, and the two downloads now run beside it.
 */
export function prefetchWaveformData(queryClient: QueryClient, rec: { peaksUrl: string | null; lanesUrl?: string | null }): void {
  if (rec.peaksUrl) void queryClient.prefetchQuery(peaksQuery(rec.peaksUrl));
  if (rec.lanesUrl) void queryClient.prefetchQuery(lanesQuery(rec.lanesUrl));
}

/** The voice lanes of a recording (lanesUrl, signed like the peaks), checked against their contract. */
export async function fetchLanes(lanesUrl: string, signal?: AbortSignal): Promise<TLanes> {
  const res = await fetch(lanesUrl, { signal });
  if (!res.ok) throw new Error(`lanes ${res.status}`);
  return ZLanesSchema.parse(await res.json());
}

/** Query keys, so invalidation names the same data the queries load. */
export const queryKeys = {
  me: ['me'] as const,
  clientConfig: ['client-config'] as const,
  legal: (document: TLegalDocument) => ['legal', document] as const,
  emailSettings: ['me', 'email-settings'] as const,
  myGroups: ['groups', 'mine'] as const,
  orgGroups: ['groups', 'org'] as const,
  /** The active-only list sits under the full list's key, so invalidating one invalidates both. */
  groupMembers: (groupId: string, activeOnly = false) =>
    activeOnly ? (['groups', groupId, 'members', 'active'] as const) : (['groups', groupId, 'members'] as const),
  group: (groupId: string) => ['groups', groupId] as const,
  adminStats: ['admin', 'stats'] as const,
  groupRecordings: (groupId: string, userId: string) => ['groups', groupId, 'recordings', userId] as const,
  groupSharedRecordings: (groupId: string) => ['groups', groupId, 'shared-recordings'] as const,
  recordings: ['recordings'] as const,
  unsavedTakes: ['live-captures'] as const,
  recording: (recordingId: string) => ['recordings', recordingId] as const,
  previousTake: (recordingId: string) => ['recordings', recordingId, 'previous-take'] as const,
  notices: ['notices'] as const,
  history: (userId: string | null) => ['history', userId ?? 'me'] as const,
  historyGroupMedians: (userId: string | null) => ['history', userId ?? 'me', 'group-medians'] as const,
  feedback: (recordingId: string) => ['feedback', recordingId] as const,
  shareLinks: (recordingId: string) => ['recordings', recordingId, 'share-links'] as const,
  sharedRecording: (token: string) => ['shared', token] as const,
  assignedAssignments: ['assignments', 'assigned'] as const,
  adminUserList: ['admin', 'user-list'] as const,
  adminUsers: (search: string) => ['admin', 'user-list', search] as const,
  adminUser: (userId: string) => ['admin', 'user', userId] as const,
  invites: ['admin', 'invites'] as const,
  adminPlans: ['admin', 'plans'] as const,
  billingSettings: ['admin', 'billing-settings'] as const,
  prepaidCodes: ['admin', 'prepaid-codes'] as const,
  ledger: ['admin', 'ledger'] as const,
  orgSettings: ['admin', 'org-settings'] as const,
  /** Under the group's key: group changes refresh it. */
  coachDashboard: (groupId: string) => ['groups', groupId, 'dashboard'] as const,
  /** The coach's review queue; its count and each recording's next sit under it, so one invalidation refreshes all. */
  reviewQueue: ['review-queue'] as const,
  reviewQueueCount: ['review-queue', 'count'] as const,
  reviewQueueNext: (recordingId: string) => ['review-queue', 'next', recordingId] as const,
  /** Under the group's members key: invalidating the members refreshes the expanded rows. */
  memberAssignments: (groupId: string, userId: string) => ['groups', groupId, 'members', userId, 'assignments'] as const,
  /** Under the recordings key: a recording's change (flag, share, rename, delete) refreshes the counts. */
  speakerDashboard: ['recordings', 'speaker-dashboard'] as const,
  library: ['recordings', 'library'] as const,
  subscriptionPage: ['me', 'subscription'] as const,
  zoomConnection: ['zoom', 'connection'] as const,
  zoomMeetings: ['zoom', 'meetings'] as const,
  /** Every group list and group (mine, org, one group and what sits under it). */
  groups: ['groups'] as const,
  inviteCheck: (code: string | undefined) => ['invite-check', code] as const,
  /** The Zoom connection and meetings together. */
  zoom: ['zoom'] as const,
  wordspottingPage: ['wordspotting'] as const,
  /** The organisation's practice prompts; the admin's list (with hidden ones) sits under it. */
  practicePrompts: ['practice-prompts'] as const,
  practicePromptsWithHidden: ['practice-prompts', 'with-hidden'] as const,
  /** Every history query (any speaker's points and medians). */
  allHistory: ['history'] as const,
  /** Every assignment list and assignment (and what sits under one). */
  assignments: ['assignments'] as const,
  assignment: (assignmentId: string) => ['assignments', assignmentId] as const,
  assignmentMembers: (assignmentId: string) => ['assignments', assignmentId, 'members'] as const,
  assignmentSharedRecordings: (assignmentId: string) => ['assignments', assignmentId, 'shared-recordings'] as const,
  groupAssignments: (groupId: string) => ['assignments', 'group', groupId] as const,
  assignmentTemplates: ['assignments', 'templates'] as const,
  assignmentComparison: (assignmentId: string, scoreType: string) => ['assignments', assignmentId, 'comparison', scoreType] as const,
};

/** GET me as the viewer reads it: kept a minute (mode and preference changes update it in place). */
export const meQuery = { queryKey: queryKeys.me, queryFn: () => operations.getMe(), staleTime: 60_000 };

/**
 * How long a loaded recording counts as fresh: the results page mounting right after the boot
 * fetched its recording (prefetchFirstPage) uses that answer instead of asking again. Changes
 * made here invalidate it, and a recording still processing is polled regardless.
 */
export const RECORDING_FRESH_MS = 10_000;

// GET groups and GET recordings answer one of two shapes by their query (the document's union):
// each caller's shape, named once.
/** The caller's groups (GET groups). */
export const listMyGroups = () => operations.listGroups() as Promise<TGroup[]>;
/** Every group of the organisation, with its counts (GET groups?scope=org, org admins). */
export const listOrgGroups = () => operations.listGroups({ params: { query: { scope: 'org' } } }) as Promise<TOrgGroup[]>;
/** The caller's own recordings (GET recordings). */
export const listOwnRecordings = () => operations.listRecordings() as Promise<TRecordingSummary[]>;

/** GET recordings/{id} with what the results page shows (RECORDING_PAGE_EXPAND). */
export const getRecording = (recordingId: string) =>
  operations.getRecording({ params: { path: { id: recordingId }, query: { expand: RECORDING_PAGE_EXPAND } } });

/**
 * A recording a change answered with (PUT, the speaker claim, re-analysis) into the cache. Those
 * answers carry no tips or moments (no expand): the cached ones stay while the analysis is the
 * same, so the page keeps its Focus on, tips and highlight links after a share or a flag.
 */
export function storeChangedRecording(queryClient: QueryClient, rec: TRecording): void {
  queryClient.setQueryData<TRecording>(queryKeys.recording(rec.recordingId), (cached) => {
    const kept = cached?.results;
    if (!rec.results || !kept || rec.results.data.duration !== kept.data.duration || rec.results.algorithm !== kept.algorithm) return rec;
    const tips = rec.results.tips.main.tips.length || Object.keys(rec.results.tips.byMetric).length ? rec.results.tips : kept.tips;
    const timestamped = Object.keys(rec.results.timestamped.metrics).length ? rec.results.timestamped : kept.timestamped;
    return { ...rec, results: { ...rec.results, tips, timestamped } };
  });
}

/** One recording; its waveform data (peaks, lanes) starts downloading as soon as it arrives. */
export function recordingQuery(queryClient: QueryClient, recordingId: string) {
  return {
    queryKey: queryKeys.recording(recordingId),
    queryFn: async () => {
      const rec = await getRecording(recordingId);
      prefetchWaveformData(queryClient, rec);
      return rec;
    },
    staleTime: RECORDING_FRESH_MS,
    retry: false,
  };
}
