import type {
  TCreatedShareLink,
  TCreateShareLinkBody,
  TShareLink,
  TSharedRecording,
  TLegalDocument,
  TLegalText,
  TAdminStats,
  TCreateGroupBody,
  TDeactivateMembersResponse,
  TUpdateGroupBody,
  TAdminInvite,
  TAdminUserList,
  TAdminUserRoles,
  TCreateInviteBody,
  TUpdateUserRolesBody,
  TAccessReminders,
  TEmailPreferences,
  TEmailSettings,
  TGroupRecording,
  TGroupSharedRecordings,
  TGroup,
  TGroupMember,
  THistoryGroupMedians,
  THistoryPoint,
  TInviteCheckBody,
  TInviteCheckResponse,
  TMeResponse,
  TOrgGroup,
  TPreferences,
  TUpdatePreferencesBody,
  TCreateRecordingBody,
  TSaveUnsavedTakeBody,
  TUnsavedTake,
  TRecording,
  TRecordingSummary,
  TPreviousTake,
  TUpdateRecordingBody,
  TSignInBody,
  TSignInKeyPeekResponse,
  TSignInResponse,
  TSignUpBody,
  TUpdateMeBody,
  TUser,
  TCreateFeedbackBody,
  TUpdateFeedbackBody,
  TFeedback,
  TRecordingFeedback,
  TAssignment,
  TScorecardResponse,
  TScorecardResponseBody,
  TCoachDashboard,
  TMemberAssignments,
  TSpeakerDashboard,
  TLibraryRecording,
  TSubscriptionPage,
  TStartCardPaymentBody,
  TCardPaymentStart,
  TEndAutoRenewResponse,
  TUpdateSubscriptionBody,
  TUpdateSubscriptionResponse,
  TAdminPlan,
  TBillingSettings,
  TUpdateBillingSettingsBody,
  TAdminOrgSettings,
  TUpdateAdminOrgSettingsBody,
  TCreatePlanBody,
  TUpdatePlanBody,
  TGeneratePrepaidCodesBody,
  TPrepaidBatch,
  TPrepaidCode,
  TLedgerEntry,
  TClientConfig,
  THubAuthorizeResponse,
  THubLoginBody,
  THubLoginResponse,
  TZoomConnection,
  TZoomImportBody,
  TZoomLinkBody,
  TZoomMeetings,
} from '@rostrum/contract';
import { type TLanes, type TNotices, ZLanesSchema } from '@rostrum/contract';
import { RECORDING_PAGE_EXPAND } from './early-responses';
import type { QueryClient } from '@tanstack/react-query';
import { call, client } from './http-client';
import type { paths } from './openapi.gen';

const id = (value: string) => ({ id: value });
type TGeneratedPreferencesBody = NonNullable<paths['/api/v1/me/preferences']['put']['requestBody']>['content']['application/json'];

/**
 * One function per call of docs/api/README.md. Each is checked against the server's OpenAPI document
 * (openapi.gen.ts) and against the contract type the pages use, so neither can drift.
 */
export const api = {
  signIn: (body: TSignInBody): Promise<TSignInResponse> => call('POST', () => client.POST('/api/v1/auth/sign-in', { body })),
  signInWithKey: (key: string): Promise<TSignInResponse> => call('POST', () => client.POST('/api/v1/auth/sign-in/key', { body: { key } })),
  /** Whose account a sign-in link opens, without using its key. */
  peekSignInKey: (key: string): Promise<TSignInKeyPeekResponse> =>
    call('POST', () => client.POST('/api/v1/auth/sign-in/key/peek', { body: { key } })),
  signOut: () => call('POST', () => client.POST('/api/v1/auth/sign-out')),
  /** The server's settings for the web app (public): error reporting, hub sign-in, the support contact. */
  getClientConfig: (): Promise<TClientConfig> => call('GET', () => client.GET('/api/v1/client-config')),
  /** Starts a hub sign-in: the hub's page to go to (the server binds it to this browser with a cookie). */
  startHubSignIn: (next: string | null): Promise<THubAuthorizeResponse> =>
    call('POST', () => client.POST('/api/v1/btc/authorize', { body: { next } })),
  /** btc/login: the hub's code (or error) for a one-hour sign-in key. */
  hubLogin: (body: THubLoginBody): Promise<THubLoginResponse> => call('POST', () => client.POST('/api/v1/btc/login', { body })),
  /** The Terms of Use or the Privacy Policy (public). */
  getLegalText: (document: TLegalDocument): Promise<TLegalText> =>
    call('GET', () => (document === 'terms' ? client.GET('/api/v1/legal/terms') : client.GET('/api/v1/legal/privacy'))),
  checkInvite: (body: TInviteCheckBody): Promise<TInviteCheckResponse> =>
    call('POST', () => client.POST('/api/v1/auth/sign-up/invite', { body }), { own402: true }),
  signUp: (body: TSignUpBody): Promise<{ userId: string; signInKey: string }> =>
    call('POST', () => client.POST('/api/v1/auth/sign-up', { body })),
  forgotPassword: (email: string) => call('POST', () => client.POST('/api/v1/auth/password/forgot', { body: { email } })),
  resetPassword: (body: { email: string; token: string; newPassword: string }) =>
    call('POST', () => client.POST('/api/v1/auth/password/reset', { body })),
  updatePassword: (body: { password: string; newPassword: string }) =>
    call('POST', () => client.POST('/api/v1/auth/password/update', { body })),

  getMe: (): Promise<TMeResponse> => call('GET', () => client.GET('/api/v1/me')),
  updateMe: (body: TUpdateMeBody): Promise<TUser> => call('PUT', () => client.PUT('/api/v1/me', { body })),
  // The cast: the body's type lets named per-group maps sit beside client keys (see the contract).
  updatePreferences: (body: TUpdatePreferencesBody): Promise<TPreferences> =>
    call('PUT', () => client.PUT('/api/v1/me/preferences', { body: body as TGeneratedPreferencesBody })),
  /** The six switches and which of them the settings page offers the user (000 section 2.10). */
  getEmailSettings: (): Promise<TEmailSettings> => call('GET', () => client.GET('/api/v1/email-preferences')),
  updateEmailPreferences: (body: TEmailPreferences): Promise<TEmailPreferences> =>
    call('PUT', () => client.PUT('/api/v1/email-preferences', { body })),
  /** The access reminder switch (an email 7 days before access to a group ends), apart from the six. */
  updateAccessReminders: (body: TAccessReminders): Promise<TAccessReminders> =>
    call('PUT', () => client.PUT('/api/v1/email-preferences/access-reminders', { body })),

  getMyGroups: (): Promise<TGroup[]> => call('GET', () => client.GET('/api/v1/groups')) as Promise<TGroup[]>,
  getOrgGroups: (): Promise<TOrgGroup[]> =>
    call('GET', () => client.GET('/api/v1/groups', { params: { query: { scope: 'org' } } })) as Promise<TOrgGroup[]>,
  /** `activeOnly`: active memberships only (?active=1, the admin's active count). */
  getGroupMembers: (groupId: string, activeOnly = false): Promise<TGroupMember[]> =>
    call('GET', () =>
      client.GET('/api/v1/groups/{id}/members', { params: { path: id(groupId), query: activeOnly ? { active: '1' } : {} } }),
    ),
  getGroup: (groupId: string): Promise<TGroup> => call('GET', () => client.GET('/api/v1/groups/{id}', { params: { path: id(groupId) } })),
  createGroup: (body: TCreateGroupBody): Promise<TGroup> => call('POST', () => client.POST('/api/v1/groups', { body })),
  updateGroup: (groupId: string, body: TUpdateGroupBody): Promise<TGroup> =>
    call('PUT', () => client.PUT('/api/v1/groups/{id}', { params: { path: id(groupId) }, body })),
  deactivateGroupMembers: (groupId: string): Promise<TDeactivateMembersResponse> =>
    call('DELETE', () => client.DELETE('/api/v1/groups/{id}/members', { params: { path: id(groupId) } })),
  getAdminStats: (): Promise<TAdminStats> => call('GET', () => client.GET('/api/v1/admin/stats')),
  /** The group's recordings the caller may see (each with canHear), optionally one member's. */
  getGroupRecordings: (groupId: string, userId?: string): Promise<TGroupRecording[]> =>
    call('GET', () => client.GET('/api/v1/groups/{id}/recordings', { params: { path: id(groupId), query: { userId } } })),
  /** What the caller's peers shared with a group they speak in (002 section 2.8). */
  getGroupSharedRecordings: (groupId: string): Promise<TGroupSharedRecordings> =>
    call('GET', () => client.GET('/api/v1/groups/{id}/shared-recordings', { params: { path: id(groupId) } })),
  /** A new invite code with a random suffix (org admins); the old code stops working. */
  regenerateInviteCode: (groupId: string): Promise<TGroup> =>
    call('POST', () => client.POST('/api/v1/groups/{id}/invite-code', { params: { path: id(groupId) } })),
  getSubscriptionPage: (): Promise<TSubscriptionPage> => call('GET', () => client.GET('/api/v1/subscription')),
  /** 402 (payment failed) is this call's own message, not the global redirect (002 section 8). */
  updateSubscription: (groupId: string, body: TUpdateSubscriptionBody): Promise<TUpdateSubscriptionResponse> =>
    call('POST', () => client.POST('/api/v1/groups/{id}/subscription', { params: { path: id(groupId) }, body }), { own402: true }),
  /** Starts a card payment for a plan: what Stripe.js's Payment Element needs (its 402 is this call's own). */
  startCardPayment: (groupId: string, body: TStartCardPaymentBody): Promise<TCardPaymentStart> =>
    call('POST', () => client.POST('/api/v1/groups/{id}/subscription/card-payment', { params: { path: id(groupId) }, body }), {
      own402: true,
    }),
  /** No further card charge for the caller's membership of the group; access runs to its expiry. */
  endAutoRenew: (groupId: string): Promise<TEndAutoRenewResponse> =>
    call('DELETE', () => client.DELETE('/api/v1/groups/{id}/subscription/auto-renew', { params: { path: id(groupId) } })),
  joinGroup: (inviteCode: string): Promise<{ group: TGroup }> =>
    call('POST', () => client.POST('/api/v1/groups/join', { body: { inviteCode } }), { own402: true }),

  getRecordings: (): Promise<TRecordingSummary[]> => call('GET', () => client.GET('/api/v1/recordings')) as Promise<TRecordingSummary[]>,
  getRecording: (recordingId: string): Promise<TRecording> =>
    call('GET', () =>
      client.GET('/api/v1/recordings/{id}', { params: { path: id(recordingId), query: { expand: RECORDING_PAGE_EXPAND } } }),
    ),
  /** The owner's newest earlier analysed take of the same title family or assignment that the caller may hear (issue 20). */
  getPreviousTake: (recordingId: string): Promise<TPreviousTake> =>
    call('GET', () => client.GET('/api/v1/recordings/{id}/previous-take', { params: { path: id(recordingId) } })),
  createRecording: (body: TCreateRecordingBody): Promise<{ recordingId: string; uploadUrl: string | null }> =>
    call('POST', () => client.POST('/api/v1/recordings', { body })),
  /** Live capture: a tus upload that runs while the speaker records, bound to the recording at Save. */
  createLiveCapture: (assignmentId?: string): Promise<{ captureId: string; uploadUrl: string }> =>
    // Its 402 is not a redirect mid-recording: the take then uploads after Save, where a 402 shows as usual.
    call('POST', () => client.POST('/api/v1/live-captures', { body: assignmentId ? { assignmentId } : {} }), { own402: true }),
  /** The caller's unsaved takes: captures left neither saved nor discarded (a closed tab, a crash). */
  listUnsavedTakes: (): Promise<TUnsavedTake[]> => call('GET', () => client.GET('/api/v1/live-captures')),
  /** Save it: an unsaved take becomes a recording from what reached the server. */
  saveUnsavedTake: (captureId: string, body: TSaveUnsavedTakeBody): Promise<{ recordingId: string; uploadUrl: string | null }> =>
    call('POST', () => client.POST('/api/v1/live-captures/{id}/recording', { params: { path: id(captureId) }, body })),
  /** The take is not kept (discarded, too short, silent): its capture and bytes go. */
  deleteLiveCapture: (captureId: string) =>
    call('DELETE', () =>
      // 204 without a body: only the status and an error body matter.
      client.DELETE('/api/v1/live-captures/{id}', { params: { path: id(captureId) } }).then(({ response, error }) => ({ response, error })),
    ),
  updateRecording: (recordingId: string, body: TUpdateRecordingBody): Promise<TRecording> =>
    call('PUT', () => client.PUT('/api/v1/recordings/{id}', { params: { path: id(recordingId) }, body })),
  deleteRecording: (recordingId: string) =>
    call('DELETE', () => client.DELETE('/api/v1/recordings/{id}', { params: { path: id(recordingId) } })),

  /** The owner's share links of a recording, newest first (tokens are never listed). */
  getShareLinks: (recordingId: string): Promise<TShareLink[]> =>
    call('GET', () => client.GET('/api/v1/recordings/{id}/share-links', { params: { path: id(recordingId) } })),
  /** A new share link; its token and path come this once. */
  createShareLink: (recordingId: string, body: TCreateShareLinkBody): Promise<TCreatedShareLink> =>
    call('POST', () => client.POST('/api/v1/recordings/{id}/share-links', { params: { path: id(recordingId) }, body })),
  revokeShareLink: (recordingId: string, linkId: string): Promise<TShareLink> =>
    call('DELETE', () => client.DELETE('/api/v1/recordings/{id}/share-links/{linkId}', { params: { path: { id: recordingId, linkId } } })),
  /** What a share link shows, without sign-in. */
  getSharedRecording: (token: string): Promise<TSharedRecording> =>
    call('GET', () => client.GET('/api/v1/shared/{token}', { params: { path: { token } } })),

  /** The history chart's points: the caller's analysed recordings, or a member's (a coach picking one). */
  getHistory: (userId?: string): Promise<THistoryPoint[]> =>
    call('GET', () => client.GET('/api/v1/history', { params: { query: { userId } } })),
  /** The group's median per dial beside that history, where privacy levels allow (issue 20). */
  getHistoryGroupMedians: (userId?: string): Promise<THistoryGroupMedians> =>
    call('GET', () => client.GET('/api/v1/history/group-medians', { params: { query: { userId } } })),
  /** From an email's link, no sign-in: turns off every email notification of the code's user. */
  unsubscribe: (unsubscribeCode: string) => call('POST', () => client.POST('/api/v1/unsubscribe', { body: { unsubscribeCode } })),

  /** Claims a speaker of a conversation, or releases the claim with null. */
  setSpeaker: (recordingId: string, speakerNum: number | null): Promise<TRecording> =>
    call('PUT', () => client.PUT('/api/v1/recordings/{id}/speaker', { params: { path: id(recordingId) }, body: { speakerNum } })),
  /** The bell: the caller's newest notices and how many are unread. */
  getNotices: (): Promise<TNotices> => call('GET', () => client.GET('/api/v1/notices')),
  readNotices: (noticeIds: string[]): Promise<TNotices> => call('POST', () => client.POST('/api/v1/notices/read', { body: { noticeIds } })),
  getFeedback: (recordingId: string): Promise<TRecordingFeedback> =>
    call('GET', () => client.GET('/api/v1/feedback', { params: { query: { recordingId } } })),
  createFeedback: (body: TCreateFeedbackBody): Promise<TFeedback> => call('POST', () => client.POST('/api/v1/feedback', { body })),
  /** PUT feedback/{id} with the ids the spec's call carries (001 section 7); the server checks them against its own. */
  updateFeedback: (body: TUpdateFeedbackBody & { feedbackId: string }): Promise<TFeedback> =>
    call('PUT', () => client.PUT('/api/v1/feedback/{id}', { params: { path: id(body.feedbackId) }, body })),
  deleteFeedback: (feedbackId: string) =>
    call('DELETE', () => client.DELETE('/api/v1/feedback/{id}', { params: { path: id(feedbackId) } })),
  saveScorecardResponse: (body: TScorecardResponseBody): Promise<TScorecardResponse> =>
    call('POST', () => client.POST('/api/v1/scorecards/{id}/responses', { params: { path: id(body.scorecardId) }, body })),

  /** The Move to Assignment picker: open assignments of the caller's groups. */
  getAssignedAssignments: (): Promise<TAssignment[]> =>
    call('GET', () => client.GET('/api/v1/assignments', { params: { query: { scope: 'assigned' } } })),
  addRecordingToAssignment: (assignmentId: string, recordingId: string) =>
    call('POST', () => client.POST('/api/v1/assignments/{id}/recordings', { params: { path: id(assignmentId) }, body: { recordingId } })),

  /** The dashboards and My Library (002 sections 2.2 and 2.4). */
  getCoachDashboard: (groupId: string): Promise<TCoachDashboard> =>
    call('GET', () => client.GET('/api/v1/groups/{id}/dashboard', { params: { path: id(groupId) } })),
  getMemberAssignments: (groupId: string, userId: string): Promise<TMemberAssignments> =>
    call('GET', () => client.GET('/api/v1/groups/{id}/members/{userId}/assignments', { params: { path: { id: groupId, userId } } })),
  getSpeakerDashboard: (): Promise<TSpeakerDashboard> => call('GET', () => client.GET('/api/v1/me/dashboard')),
  getLibrary: (): Promise<TLibraryRecording[]> => call('GET', () => client.GET('/api/v1/me/library')),

  /** Admin area: users, roles and invites (org admins). */
  getAdminUsers: (search?: string): Promise<TAdminUserList> =>
    call('GET', () => client.GET('/api/v1/users', { params: { query: { search: search || undefined } } })),
  getAdminUser: (userId: string): Promise<TAdminUserRoles> =>
    call('GET', () => client.GET('/api/v1/users/{userId}', { params: { path: { userId } } })),
  /** The page shows the 402 seat message itself. */
  updateUserRoles: (userId: string, body: TUpdateUserRolesBody): Promise<TAdminUserRoles> =>
    call('PUT', () => client.PUT('/api/v1/users/{userId}', { params: { path: { userId } }, body }), { own402: true }),
  getInvites: (): Promise<TAdminInvite[]> => call('GET', () => client.GET('/api/v1/invites')),
  createInvite: (body: TCreateInviteBody): Promise<TAdminInvite> => call('POST', () => client.POST('/api/v1/invites', { body })),
  resendInvite: (inviteId: string): Promise<TAdminInvite> =>
    call('PUT', () => client.PUT('/api/v1/invites/{id}', { params: { path: id(inviteId) }, body: { resendInvite: true } })),
  deleteInvite: (inviteId: string) => call('DELETE', () => client.DELETE('/api/v1/invites/{id}', { params: { path: id(inviteId) } })),

  /** Admin area: plans, prepaid codes and the ledger (org admins; issue 17). */
  getAdminPlans: (): Promise<TAdminPlan[]> => call('GET', () => client.GET('/api/v1/admin/plans')),
  createPlan: (body: TCreatePlanBody): Promise<TAdminPlan> => call('POST', () => client.POST('/api/v1/admin/plans', { body })),
  updatePlan: (planId: string, body: TUpdatePlanBody): Promise<TAdminPlan> =>
    call('PATCH', () => client.PATCH('/api/v1/admin/plans/{planId}', { params: { path: { planId } }, body })),
  /** The plain codes are in this answer only. */
  generatePrepaidCodes: (planId: string, body: TGeneratePrepaidCodesBody): Promise<TPrepaidBatch> =>
    call('POST', () => client.POST('/api/v1/admin/plans/{planId}/codes', { params: { path: { planId } }, body })),
  getPrepaidCodes: (): Promise<TPrepaidCode[]> => call('GET', () => client.GET('/api/v1/admin/prepaid-codes')),
  voidPrepaidCode: (codeId: string): Promise<{ voidedDate: string }> =>
    call('POST', () => client.POST('/api/v1/admin/prepaid-codes/{codeId}/void', { params: { path: { codeId } } })),
  getBillingSettings: (): Promise<TBillingSettings> => call('GET', () => client.GET('/api/v1/admin/billing-settings')),
  updateBillingSettings: (body: TUpdateBillingSettingsBody): Promise<TBillingSettings> =>
    call('PATCH', () => client.PATCH('/api/v1/admin/billing-settings', { body })),
  getLedger: (before?: string): Promise<TLedgerEntry[]> =>
    call('GET', () => client.GET('/api/v1/admin/ledger', { params: { query: { before, limit: LEDGER_PAGE } } })),
  /** Organisation settings (org admins): Public_Share_Links, and the operator's switches that are on (read-only). */
  getOrgSettings: (): Promise<TAdminOrgSettings> => call('GET', () => client.GET('/api/v1/admin/org-settings')),
  updateOrgSettings: (body: TUpdateAdminOrgSettingsBody): Promise<TAdminOrgSettings> =>
    call('PATCH', () => client.PATCH('/api/v1/admin/org-settings', { body })),

  /** Zoom import (002 sections 2.12 and 7): the link to the caller's Zoom account and its cloud recordings. */
  getZoomConnection: (): Promise<TZoomConnection> => call('GET', () => client.GET('/api/v1/zoom/connection')),
  /** Zoom's authorisation page with a one-time state bound to the caller. */
  startZoomAuthorization: (): Promise<{ authorizeUrl: string }> => call('POST', () => client.POST('/api/v1/zoom/authorization')),
  /** Zoom: save code. */
  linkZoomAccount: (body: TZoomLinkBody): Promise<TZoomConnection> => call('POST', () => client.POST('/api/v1/zoom/connection', { body })),
  disconnectZoom: (): Promise<TZoomConnection> => call('DELETE', () => client.DELETE('/api/v1/zoom/connection')),
  /** Zoom: get meeting recordings. */
  getZoomMeetings: (): Promise<TZoomMeetings> => call('GET', () => client.GET('/api/v1/zoom/recordings')),
  /** Zoom: upload recording; the server downloads the file from Zoom. */
  importZoomRecording: (body: TZoomImportBody): Promise<{ recordingId: string }> =>
    call('POST', () => client.POST('/api/v1/zoom/recordings', { body })),
};

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
export const meQuery = { queryKey: queryKeys.me, queryFn: () => api.getMe(), staleTime: 60_000 };

/**
 * How long a loaded recording counts as fresh: the results page mounting right after the boot
 * fetched its recording (prefetchFirstPage) uses that answer instead of asking again. Changes
 * made here invalidate it, and a recording still processing is polled regardless.
 */
export const RECORDING_FRESH_MS = 10_000;

/** One recording; its waveform data (peaks, lanes) starts downloading as soon as it arrives. */
export function recordingQuery(queryClient: QueryClient, recordingId: string) {
  return {
    queryKey: queryKeys.recording(recordingId),
    queryFn: async () => {
      const rec = await api.getRecording(recordingId);
      prefetchWaveformData(queryClient, rec);
      return rec;
    },
    staleTime: RECORDING_FRESH_MS,
    retry: false,
  };
}
