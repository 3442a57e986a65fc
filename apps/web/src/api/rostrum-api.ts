import type {
  TCreateGroupBody,
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
  TSignInResponse,
  TSignUpBody,
  TUpdateMeBody,
  TUser,
  TCreateFeedbackBody,
  TFeedback,
  TRecordingFeedback,
} from '@rostrum/contract';
import { request } from './http-client';

/** The typed client: one function per call of docs/api.md. */
export const api = {
  signIn: (body: TSignInBody) => request<TSignInResponse>('POST', 'auth/sign-in', { body }),
  signInWithKey: (key: string) => request<TSignInResponse>('POST', 'auth/sign-in/key', { body: { key } }),
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
  getGroupMembers: (groupId: string) => request<TGroupMember[]>('GET', `groups/${encodeURIComponent(groupId)}/members`),
  /** Org managers and admins; 409 with MSG.groupSaveFailed when the name is taken. */
  createGroup: (body: TCreateGroupBody) => request<TGroup>('POST', 'groups', { body }),
  /** The group's recordings the caller may see (each with canHear), optionally one member's. */
  getGroupRecordings: (groupId: string, userId?: string) =>
    request<TGroupRecording[]>('GET', `groups/${encodeURIComponent(groupId)}/recordings`, { query: { userId } }),
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
  groupMembers: (groupId: string) => ['groups', groupId, 'members'] as const,
  groupRecordings: (groupId: string, userId: string) => ['groups', groupId, 'recordings', userId] as const,
  recordings: ['recordings'] as const,
  recording: (recordingId: string) => ['recordings', recordingId] as const,
  history: (userId: string | null) => ['history', userId ?? 'me'] as const,
  feedback: (recordingId: string) => ['feedback', recordingId] as const,
};
