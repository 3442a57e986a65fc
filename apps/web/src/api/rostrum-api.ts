import type {
  TAdminStats,
  TCreateGroupBody,
  TDeactivateMembersResponse,
  TUpdateGroupBody,
  TAdminInvite,
  TAdminUserList,
  TAdminUserRoles,
  TCreateInviteBody,
  TUpdateUserRolesBody,
  TEmailPreferences,
  TGroupRecording,
  TGroup,
  TGroupMember,
  THistoryPoint,
  TInviteCheckBody,
  TInviteCheckResponse,
  TMeResponse,
  TOrgGroup,
  TPreferences,
  TCreateRecordingBody,
  TRecording,
  TRecordingSummary,
  TUpdateRecordingBody,
  TSignInBody,
  TSignInKeyPeekResponse,
  TSignInResponse,
  TSignUpBody,
  TUpdateMeBody,
  TUser,
  TCreateFeedbackBody,
  TFeedback,
  TRecordingFeedback,
  TAssignedAssignment,
  TScorecardResponse,
  TScorecardResponseBody,
} from '@rostrum/contract';
import { request } from './http-client';

/** The typed client: one function per call of docs/api.md. */
export const api = {
  signIn: (body: TSignInBody) => request<TSignInResponse>('POST', 'auth/sign-in', { body }),
  signInWithKey: (key: string) => request<TSignInResponse>('POST', 'auth/sign-in/key', { body: { key } }),
  /** Whose account a sign-in link opens, without using its key. */
  peekSignInKey: (key: string) => request<TSignInKeyPeekResponse>('POST', 'auth/sign-in/key/peek', { body: { key } }),
  signOut: () => request<Record<string, never>>('POST', 'auth/sign-out'),
  checkInvite: (body: TInviteCheckBody) =>
    request<TInviteCheckResponse>('POST', 'auth/sign-up/invite', { body, own402: true }),
  signUp: (body: TSignUpBody) => request<{ userId: string; signInKey: string }>('POST', 'auth/sign-up', { body }),
  forgotPassword: (email: string) => request<Record<string, never>>('POST', 'auth/password/forgot', { body: { email } }),
  resetPassword: (body: { email: string; token: string; newPassword: string }) =>
    request<Record<string, never>>('POST', 'auth/password/reset', { body }),
  updatePassword: (body: { password: string; newPassword: string }) =>
    request<Record<string, never>>('POST', 'auth/password/update', { body }),

  getMe: () => request<TMeResponse>('GET', 'me'),
  updateMe: (body: TUpdateMeBody) => request<TUser>('PUT', 'me', { body }),
  updatePreferences: (body: TPreferences) => request<TPreferences>('PUT', 'me/preferences', { body }),
  updateEmailPreferences: (body: TEmailPreferences) => request<TEmailPreferences>('PUT', 'email-preferences', { body }),

  getMyGroups: () => request<TGroup[]>('GET', 'groups'),
  getOrgGroups: () => request<TOrgGroup[]>('GET', 'groups', { query: { scope: 'org' } }),
  /** `activeOnly`: active memberships only (?active=1, the admin's active count). */
  getGroupMembers: (groupId: string, activeOnly = false) =>
    request<TGroupMember[]>('GET', `groups/${encodeURIComponent(groupId)}/members`, { query: activeOnly ? { active: '1' } : undefined }),
  getGroup: (groupId: string) => request<TGroup>('GET', `groups/${encodeURIComponent(groupId)}`),
  createGroup: (body: TCreateGroupBody) => request<TGroup>('POST', 'groups', { body }),
  updateGroup: (groupId: string, body: TUpdateGroupBody) => request<TGroup>('PUT', `groups/${encodeURIComponent(groupId)}`, { body }),
  deactivateGroupMembers: (groupId: string) =>
    request<TDeactivateMembersResponse>('DELETE', `groups/${encodeURIComponent(groupId)}/members`),
  getAdminStats: () => request<TAdminStats>('GET', 'admin/stats'),
  /** The group's recordings the caller may see (each with canHear), optionally one member's. */
  getGroupRecordings: (groupId: string, userId?: string) =>
    request<TGroupRecording[]>('GET', `groups/${encodeURIComponent(groupId)}/recordings`, { query: { userId } }),
  /** A new invite code with a random suffix (org admins); the old code stops working. */
  regenerateInviteCode: (groupId: string) => request<TGroup>('POST', `groups/${encodeURIComponent(groupId)}/invite-code`),
  joinGroup: (inviteCode: string) => request<{ group: TGroup }>('POST', 'groups/join', { body: { inviteCode }, own402: true }),

  getRecordings: () => request<TRecordingSummary[]>('GET', 'recordings'),
  getRecording: (recordingId: string) =>
    request<TRecording>('GET', `recordings/${encodeURIComponent(recordingId)}`, { query: { expand: 'tips,timestamped' } }),
  createRecording: (body: TCreateRecordingBody) =>
    request<{ recordingId: string; uploadUrl: string | null }>('POST', 'recordings', { body }),
  updateRecording: (recordingId: string, body: TUpdateRecordingBody) =>
    request<TRecording>('PUT', `recordings/${encodeURIComponent(recordingId)}`, { body }),
  deleteRecording: (recordingId: string) => request<Record<string, never>>('DELETE', `recordings/${encodeURIComponent(recordingId)}`),

  /** The history chart's points: the caller's analysed recordings, or a member's (a coach picking one). */
  getHistory: (userId?: string) => request<THistoryPoint[]>('GET', 'history', { query: { userId } }),
  /** From an email's link, no sign-in: turns off every email notification of the code's user. */
  unsubscribe: (unsubscribeCode: string) => request<Record<string, never>>('POST', 'unsubscribe', { body: { unsubscribeCode } }),

  setSpeaker: (recordingId: string, speakerNum: number) =>
    request<TRecording>('PUT', `recordings/${encodeURIComponent(recordingId)}/speaker`, { body: { speakerNum } }),
  getFeedback: (recordingId: string) => request<TRecordingFeedback>('GET', 'feedback', { query: { recordingId } }),
  createFeedback: (body: TCreateFeedbackBody) => request<TFeedback>('POST', 'feedback', { body }),
  updateFeedback: (feedbackId: string, comment: string) =>
    request<TFeedback>('PUT', `feedback/${encodeURIComponent(feedbackId)}`, { body: { comment } }),
  deleteFeedback: (feedbackId: string) => request<Record<string, never>>('DELETE', `feedback/${encodeURIComponent(feedbackId)}`),
  saveScorecardResponse: (body: TScorecardResponseBody) =>
    request<TScorecardResponse>('POST', `scorecards/${encodeURIComponent(body.scorecardId)}/responses`, { body }),

  /** The Move to Assignment picker: open assignments of the caller's groups. */
  getAssignedAssignments: () => request<TAssignedAssignment[]>('GET', 'assignments', { query: { scope: 'assigned' } }),
  addRecordingToAssignment: (assignmentId: string, recordingId: string) =>
    request<Record<string, never>>('POST', `assignments/${encodeURIComponent(assignmentId)}/recordings`, { body: { recordingId } }),

  /** Admin area: users, roles and invites (org admins). */
  getAdminUsers: (search?: string) => request<TAdminUserList>('GET', 'users', { query: { search: search || undefined } }),
  getAdminUser: (userId: string) => request<TAdminUserRoles>('GET', `users/${encodeURIComponent(userId)}`),
  /** The page shows the 402 seat message itself. */
  updateUserRoles: (userId: string, body: TUpdateUserRolesBody) =>
    request<TAdminUserRoles>('PUT', `users/${encodeURIComponent(userId)}`, { body, own402: true }),
  getInvites: () => request<TAdminInvite[]>('GET', 'invites'),
  createInvite: (body: TCreateInviteBody) => request<TAdminInvite>('POST', 'invites', { body }),
  resendInvite: (inviteId: string) =>
    request<TAdminInvite>('PUT', `invites/${encodeURIComponent(inviteId)}`, { body: { resendInvite: true } }),
  deleteInvite: (inviteId: string) => request<Record<string, never>>('DELETE', `invites/${encodeURIComponent(inviteId)}`),
};

/** Stored waveform peaks of a recording (peaksUrl): min/max pairs, so the browser never decodes the file. */
export interface TPeaks {
  peaksPerSecond: number;
  data: number[];
  duration: number;
}

/** peaksUrl is a signed media address (no bearer token needed). */
export async function fetchPeaks(peaksUrl: string, signal?: AbortSignal): Promise<TPeaks> {
  const res = await fetch(peaksUrl, { signal });
  if (!res.ok) throw new Error(`peaks ${res.status}`);
  return (await res.json()) as TPeaks;
}

/** Query keys, so invalidation names the same data the queries load. */
export const queryKeys = {
  me: ['me'] as const,
  myGroups: ['groups', 'mine'] as const,
  orgGroups: ['groups', 'org'] as const,
  /** The active-only list sits under the full list's key, so invalidating one invalidates both. */
  groupMembers: (groupId: string, activeOnly = false) =>
    activeOnly ? (['groups', groupId, 'members', 'active'] as const) : (['groups', groupId, 'members'] as const),
  group: (groupId: string) => ['groups', groupId] as const,
  adminStats: ['admin', 'stats'] as const,
  groupRecordings: (groupId: string, userId: string) => ['groups', groupId, 'recordings', userId] as const,
  recordings: ['recordings'] as const,
  recording: (recordingId: string) => ['recordings', recordingId] as const,
  history: (userId: string | null) => ['history', userId ?? 'me'] as const,
  feedback: (recordingId: string) => ['feedback', recordingId] as const,
  assignedAssignments: ['assignments', 'assigned'] as const,
  adminUserList: ['admin', 'user-list'] as const,
  adminUsers: (search: string) => ['admin', 'user-list', search] as const,
  adminUser: (userId: string) => ['admin', 'user', userId] as const,
  invites: ['admin', 'invites'] as const,
};
