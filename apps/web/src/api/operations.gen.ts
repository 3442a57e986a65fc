// Generated from the server's OpenAPI document by apps/web/build/write-operations.ts (set-up and
// `npm run generate:api`); do not edit. One function per operationId: `init` is openapi-fetch's
// (params.path, params.query, body), typed by openapi.gen.ts; JSON answers are unwrapped by call()
// and files arrive as { blob, fileName } by download().
import { type CallOptions, call, client, download, FILE_ACCEPT, type TInit } from './http-client';

export const operations = {
  /** Whether the API is up (GET /api/v1/health) */
  getHealth: (init?: TInit<'/api/v1/health', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/health', init), options),
  /** Settings the web app reads at start (GET /api/v1/client-config) */
  getClientConfig: (init?: TInit<'/api/v1/client-config', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/client-config', init), options),
  /** The Terms of Use (the operator's text from DATA_DIR/legal, else the default) (GET /api/v1/legal/terms) */
  getLegalTerms: (init?: TInit<'/api/v1/legal/terms', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/legal/terms', init), options),
  /** The Privacy Policy (the operator's text from DATA_DIR/legal, else the default) (GET /api/v1/legal/privacy) */
  getLegalPrivacy: (init?: TInit<'/api/v1/legal/privacy', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/legal/privacy', init), options),
  /** Sign in with email and password (POST /api/v1/auth/sign-in) */
  signIn: (init: TInit<'/api/v1/auth/sign-in', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/auth/sign-in', init), options),
  /** Exchange a one-hour sign-in key for a session (POST /api/v1/auth/sign-in/key) */
  signInWithKey: (init: TInit<'/api/v1/auth/sign-in/key', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/auth/sign-in/key', init), options),
  /** Whose account a sign-in key opens, without using it (POST /api/v1/auth/sign-in/key/peek) */
  peekSignInKey: (init: TInit<'/api/v1/auth/sign-in/key/peek', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/auth/sign-in/key/peek', init), options),
  /** Sign out (revoke the key used) (POST /api/v1/auth/sign-out) */
  signOut: (init?: TInit<'/api/v1/auth/sign-out', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/auth/sign-out', init), options),
  /** Check an invite code or invite before sign-up (POST /api/v1/auth/sign-up/invite) */
  checkInvite: (init: TInit<'/api/v1/auth/sign-up/invite', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/auth/sign-up/invite', init), options),
  /** Create an account from an invite (POST /api/v1/auth/sign-up) */
  signUp: (init: TInit<'/api/v1/auth/sign-up', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/auth/sign-up', init), options),
  /** Email a password reset link (POST /api/v1/auth/password/forgot) */
  forgotPassword: (init: TInit<'/api/v1/auth/password/forgot', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/auth/password/forgot', init), options),
  /** Set a new password with a reset link (POST /api/v1/auth/password/reset) */
  resetPassword: (init: TInit<'/api/v1/auth/password/reset', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/auth/password/reset', init), options),
  /** Change the password of the signed-in user (POST /api/v1/auth/password/update) */
  updatePassword: (init: TInit<'/api/v1/auth/password/update', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/auth/password/update', init), options),
  /** Start a hub sign-in: the hub's authorisation page, bound to this browser by an httpOnly cookie (POST /api/v1/btc/authorize) */
  startHubSignIn: (init: TInit<'/api/v1/btc/authorize', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/btc/authorize', init), options),
  /** Finish a hub sign-in: exchange the hub's code for a one-hour sign-in key (POST /api/v1/btc/login) */
  hubLogin: (init: TInit<'/api/v1/btc/login', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/btc/login', init), options),
  /** The signed-in user with organisation and groups (GET /api/v1/me) */
  getMe: (init?: TInit<'/api/v1/me', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/me', init), options),
  /** Update the profile or change the email (PUT /api/v1/me) */
  updateMe: (init: TInit<'/api/v1/me', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/me', init), options),
  /** Merge UI preferences (PUT /api/v1/me/preferences) */
  updatePreferences: (init: TInit<'/api/v1/me/preferences', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/me/preferences', init), options),
  /** The six email notification switches and the settings-page sections that offer them (GET /api/v1/email-preferences) */
  getEmailSettings: (init?: TInit<'/api/v1/email-preferences', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/email-preferences', init), options),
  /** Set the six email notification switches (PUT /api/v1/email-preferences) */
  updateEmailPreferences: (init: TInit<'/api/v1/email-preferences', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/email-preferences', init), options),
  /** Turn the email 7 days before access to a group ends on or off (PUT /api/v1/email-preferences/access-reminders) */
  updateAccessReminders: (init: TInit<'/api/v1/email-preferences/access-reminders', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/email-preferences/access-reminders', init), options),
  /** Turn every email notification off from an email link (POST /api/v1/unsubscribe) */
  unsubscribe: (init: TInit<'/api/v1/unsubscribe', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/unsubscribe', init), options),
  /** The caller's organisation (GET /api/v1/org) */
  getOrg: (init?: TInit<'/api/v1/org', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/org', init), options),
  /** The caller's groups, or every group of the organisation (GET /api/v1/groups) */
  listGroups: (init?: TInit<'/api/v1/groups', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/groups', init), options),
  /** Create a group (POST /api/v1/groups) */
  createGroup: (init: TInit<'/api/v1/groups', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/groups', init), options),
  /** A group (GET /api/v1/groups/{id}) */
  getGroup: (init: TInit<'/api/v1/groups/{id}', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/groups/{id}', init), options),
  /** Rename a group or set its privacy levels (PUT /api/v1/groups/{id}) */
  updateGroup: (init: TInit<'/api/v1/groups/{id}', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/groups/{id}', init), options),
  /** Join a group with its invite code (POST /api/v1/groups/join) */
  joinGroup: (init: TInit<'/api/v1/groups/join', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/groups/join', init), options),
  /** Give a group a new invite code (POST /api/v1/groups/{id}/invite-code) */
  regenerateInviteCode: (init: TInit<'/api/v1/groups/{id}/invite-code', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/groups/{id}/invite-code', init), options),
  /** Members of a group (GET /api/v1/groups/{id}/members) */
  listGroupMembers: (init: TInit<'/api/v1/groups/{id}/members', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/groups/{id}/members', init), options),
  /** Deactivate every speaker and coach of a group (DELETE /api/v1/groups/{id}/members) */
  deactivateGroupMembers: (init: TInit<'/api/v1/groups/{id}/members', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/groups/{id}/members', init), options),
  /** What the caller's peers shared with a group they speak in (GET /api/v1/groups/{id}/shared-recordings) */
  listGroupSharedRecordings: (init: TInit<'/api/v1/groups/{id}/shared-recordings', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/groups/{id}/shared-recordings', init), options),
  /** The caller's recordings, or a group's (GET /api/v1/recordings) */
  listRecordings: (init?: TInit<'/api/v1/recordings', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/recordings', init), options),
  /** Start a recording: upload, record or URL (POST /api/v1/recordings) */
  createRecording: (init: TInit<'/api/v1/recordings', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/recordings', init), options),
  /** A group's recordings the caller may see (GET /api/v1/groups/{id}/recordings) */
  listGroupRecordings: (init: TInit<'/api/v1/groups/{id}/recordings', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/groups/{id}/recordings', init), options),
  /** A recording with media addresses and results (GET /api/v1/recordings/{id}) */
  getRecording: (init: TInit<'/api/v1/recordings/{id}', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/recordings/{id}', init), options),
  /** Rename, share or flag a recording (PUT /api/v1/recordings/{id}) */
  updateRecording: (init: TInit<'/api/v1/recordings/{id}', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/recordings/{id}', init), options),
  /** Delete a recording and its media (DELETE /api/v1/recordings/{id}) */
  deleteRecording: (init: TInit<'/api/v1/recordings/{id}', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/recordings/{id}', init), options),
  /** The owner's newest earlier analysed take (same title family or assignment) the caller may hear (GET /api/v1/recordings/{id}/previous-take) */
  getPreviousTake: (init: TInit<'/api/v1/recordings/{id}/previous-take', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/recordings/{id}/previous-take', init), options),
  /** Analyse a finished recording again with its current wordspotting list (its owner and coaches) (POST /api/v1/recordings/{id}/reanalyze) */
  reanalyzeRecording: (init: TInit<'/api/v1/recordings/{id}/reanalyze', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/recordings/{id}/reanalyze', init), options),
  /** Choose which speaker of a conversation is the owner (PUT /api/v1/recordings/{id}/speaker) */
  setRecordingSpeaker: (init: TInit<'/api/v1/recordings/{id}/speaker', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/recordings/{id}/speaker', init), options),
  /** The caller's unsaved takes: live captures neither saved nor discarded (GET /api/v1/live-captures) */
  listUnsavedTakes: (init?: TInit<'/api/v1/live-captures', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/live-captures', init), options),
  /** Start a live capture: a browser recording that uploads while it is recorded (POST /api/v1/live-captures) */
  createLiveCapture: (init: TInit<'/api/v1/live-captures', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/live-captures', init), options),
  /** Save it: turn an unsaved take into a recording (POST /api/v1/live-captures/{id}/recording) */
  saveUnsavedTake: (init: TInit<'/api/v1/live-captures/{id}/recording', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/live-captures/{id}/recording', init), options),
  /** Discard an unsaved live capture: its bytes and transcripts (DELETE /api/v1/live-captures/{id}) */
  deleteLiveCapture: (init: TInit<'/api/v1/live-captures/{id}', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/live-captures/{id}', init), options),
  /** Download a recording's transcript (vtt, srt, txt), results (json, csv) or one-page report (pdf) (GET /api/v1/recordings/{id}/export/{format}) */
  exportRecording: (init: TInit<'/api/v1/recordings/{id}/export/{format}', 'get'>, options?: CallOptions) =>
    download(() => client.GET('/api/v1/recordings/{id}/export/{format}', { ...init, parseAs: 'blob', headers: FILE_ACCEPT }), options),
  /** The recording's share links, newest first (the owner) (GET /api/v1/recordings/{id}/share-links) */
  listShareLinks: (init: TInit<'/api/v1/recordings/{id}/share-links', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/recordings/{id}/share-links', init), options),
  /** Create a public read-only link to the results (the owner, with Public_Share_Links on); the token is returned this once (POST /api/v1/recordings/{id}/share-links) */
  createShareLink: (init: TInit<'/api/v1/recordings/{id}/share-links', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/recordings/{id}/share-links', init), options),
  /** Revoke a share link (the owner): it stops working at once (DELETE /api/v1/recordings/{id}/share-links/{linkId}) */
  revokeShareLink: (init: TInit<'/api/v1/recordings/{id}/share-links/{linkId}', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/recordings/{id}/share-links/{linkId}', init), options),
  /** What a share link shows, without sign-in: 404 for an unknown link, 410 for a revoked or expired one or one turned off (GET /api/v1/shared/{token}) */
  getSharedRecording: (init: TInit<'/api/v1/shared/{token}', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/shared/{token}', init), options),
  /** Feedback on a recording the caller may see (GET /api/v1/feedback) */
  listFeedback: (init: TInit<'/api/v1/feedback', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/feedback', init), options),
  /** Comment on or score a recording (POST /api/v1/feedback) */
  createFeedback: (init: TInit<'/api/v1/feedback', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/feedback', init), options),
  /** Edit an own comment (PUT /api/v1/feedback/{id}) */
  updateFeedback: (init: TInit<'/api/v1/feedback/{id}', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/feedback/{id}', init), options),
  /** Delete own feedback or scores (DELETE /api/v1/feedback/{id}) */
  deleteFeedback: (init: TInit<'/api/v1/feedback/{id}', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/feedback/{id}', init), options),
  /** Feedback on a group's recordings the caller may see (GET /api/v1/groups/{id}/feedback) */
  listGroupFeedback: (init: TInit<'/api/v1/groups/{id}/feedback', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/groups/{id}/feedback', init), options),
  /** Analysed recordings of a user over time (GET /api/v1/history) */
  getHistory: (init?: TInit<'/api/v1/history', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/history', init), options),
  /** The median per dial of the other speakers of a user's groups, where privacy levels allow (GET /api/v1/history/group-medians) */
  getHistoryGroupMedians: (init?: TInit<'/api/v1/history/group-medians', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/history/group-medians', init), options),
  /** The caller's newest notices (the bell) and how many are unread (GET /api/v1/notices) */
  getNotices: (init?: TInit<'/api/v1/notices', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/notices', init), options),
  /** Marks notices the caller has seen as read (their own; other ids change nothing) (POST /api/v1/notices/read) */
  readNotices: (init: TInit<'/api/v1/notices/read', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/notices/read', init), options),
  /** Assignments: the caller's open ones (assigned), a group's (group), or the templates they may use (templates) (GET /api/v1/assignments) */
  listAssignments: (init?: TInit<'/api/v1/assignments', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/assignments', init), options),
  /** A new template (editor step 1) (POST /api/v1/assignments) */
  createAssignment: (init: TInit<'/api/v1/assignments', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/assignments', init), options),
  /** One assignment with the caller’s abilities (GET /api/v1/assignments/{id}) */
  getAssignment: (init: TInit<'/api/v1/assignments/{id}', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/assignments/{id}', init), options),
  /** Change the description, criteria, wordspotting, privacy, archived or continuous status (PATCH /api/v1/assignments/{id}) */
  updateAssignment: (init: TInit<'/api/v1/assignments/{id}', 'patch'>, options?: CallOptions) =>
    call('PATCH', () => client.PATCH('/api/v1/assignments/{id}', init), options),
  /** Delete a template (DELETE /api/v1/assignments/{id}) */
  deleteAssignment: (init: TInit<'/api/v1/assignments/{id}', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/assignments/{id}', init), options),
  /** Copy as a new private template "{name} (Copy)" (POST /api/v1/assignments/{id}/copy) */
  copyAssignment: (init: TInit<'/api/v1/assignments/{id}/copy', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/assignments/{id}/copy', init), options),
  /** Assign a template to groups or users (one assignment per group) (POST /api/v1/assignments/{id}/assign) */
  assignAssignment: (init: TInit<'/api/v1/assignments/{id}/assign', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/assignments/{id}/assign', init), options),
  /** Add a supporting material: a link or one of your recordings (POST /api/v1/assignments/{id}/attachments) */
  addAssignmentAttachment: (init: TInit<'/api/v1/assignments/{id}/attachments', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/assignments/{id}/attachments', init), options),
  /** Delete a supporting material (DELETE /api/v1/assignments/{id}/attachments/{attachmentId}) */
  removeAssignmentAttachment: (init: TInit<'/api/v1/assignments/{id}/attachments/{attachmentId}', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/assignments/{id}/attachments/{attachmentId}', init), options),
  /** Save a template's scorecard (PUT /api/v1/assignments/{id}/scorecard) */
  saveAssignmentScorecard: (init: TInit<'/api/v1/assignments/{id}/scorecard', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/assignments/{id}/scorecard', init), options),
  /** Save the manual order of a group's assignments (PUT /api/v1/groups/{id}/assignments/order) */
  reorderGroupAssignments: (init: TInit<'/api/v1/groups/{id}/assignments/order', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/groups/{id}/assignments/order', init), options),
  /** Move a recording into an assignment (POST /api/v1/assignments/{id}/recordings) */
  addRecordingToAssignment: (init: TInit<'/api/v1/assignments/{id}/recordings', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/assignments/{id}/recordings', init), options),
  /** Take a recording out of an assignment (DELETE /api/v1/assignments/{id}/recordings/{recordingId}) */
  removeRecordingFromAssignment: (init: TInit<'/api/v1/assignments/{id}/recordings/{recordingId}', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/assignments/{id}/recordings/{recordingId}', init), options),
  /** Download an assignment's CSV report (coaches, with Download_Report_Button on) (GET /api/v1/assignments/{id}/report.csv) */
  downloadAssignmentReport: (init: TInit<'/api/v1/assignments/{id}/report.csv', 'get'>, options?: CallOptions) =>
    download(() => client.GET('/api/v1/assignments/{id}/report.csv', { ...init, parseAs: 'blob', headers: FILE_ACCEPT }), options),
  /** Download a group's CSV report (coaches, with Download_Report_Button on) (GET /api/v1/groups/{id}/report.csv) */
  downloadGroupReport: (init: TInit<'/api/v1/groups/{id}/report.csv', 'get'>, options?: CallOptions) =>
    download(() => client.GET('/api/v1/groups/{id}/report.csv', { ...init, parseAs: 'blob', headers: FILE_ACCEPT }), options),
  /** The coach's Assignment Comparison Report: the recordings of a score type with their metrics (GET /api/v1/assignments/{id}/comparison) */
  getAssignmentComparison: (init: TInit<'/api/v1/assignments/{id}/comparison', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/assignments/{id}/comparison', init), options),
  /** An assignment's members with their completion and recordings, as the caller may see them (GET /api/v1/assignments/{id}/members) */
  listAssignmentMembers: (init: TInit<'/api/v1/assignments/{id}/members', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/assignments/{id}/members', init), options),
  /** What the caller's peers shared with the group in an assignment (GET /api/v1/assignments/{id}/shared-recordings) */
  listAssignmentSharedRecordings: (init: TInit<'/api/v1/assignments/{id}/shared-recordings', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/assignments/{id}/shared-recordings', init), options),
  /** Answer a scorecard's custom questions (POST /api/v1/scorecards/{id}/responses) */
  createScorecardResponse: (init: TInit<'/api/v1/scorecards/{id}/responses', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/scorecards/{id}/responses', init), options),
  /** Change own scorecard answers (PUT /api/v1/scorecards/{id}/responses/{responseId}) */
  updateScorecardResponse: (init: TInit<'/api/v1/scorecards/{id}/responses/{responseId}', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/scorecards/{id}/responses/{responseId}', init), options),
  /** Delete own scorecard answers (DELETE /api/v1/scorecards/{id}/responses/{responseId}) */
  deleteScorecardResponse: (init: TInit<'/api/v1/scorecards/{id}/responses/{responseId}', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/scorecards/{id}/responses/{responseId}', init), options),
  /** Seat statistics of the organisation (GET /api/v1/admin/stats) */
  getAdminStats: (init?: TInit<'/api/v1/admin/stats', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/admin/stats', init), options),
  /** Search the organisation's users (GET /api/v1/users) */
  listUsers: (init?: TInit<'/api/v1/users', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/users', init), options),
  /** A user with their memberships (GET /api/v1/users/{userId}) */
  getUser: (init: TInit<'/api/v1/users/{userId}', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/users/{userId}', init), options),
  /** Set a user's roles per group and at org level (PUT /api/v1/users/{userId}) */
  updateUserRoles: (init: TInit<'/api/v1/users/{userId}', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/users/{userId}', init), options),
  /** Delete a member's account on their request (org admins) (POST /api/v1/users/{userId}/delete) */
  deleteUser: (init: TInit<'/api/v1/users/{userId}/delete', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/users/{userId}/delete', init), options),
  /** Pending coach invites (GET /api/v1/invites) */
  listInvites: (init?: TInit<'/api/v1/invites', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/invites', init), options),
  /** Invite a coach by email (POST /api/v1/invites) */
  createInvite: (init: TInit<'/api/v1/invites', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/invites', init), options),
  /** Invite speakers to a group by email, up to 200 at once (POST /api/v1/invites/bulk) */
  createBulkInvites: (init: TInit<'/api/v1/invites/bulk', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/invites/bulk', init), options),
  /** Send an invite again (PUT /api/v1/invites/{id}) */
  resendInvite: (init: TInit<'/api/v1/invites/{id}', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/invites/{id}', init), options),
  /** Delete a pending invite (DELETE /api/v1/invites/{id}) */
  deleteInvite: (init: TInit<'/api/v1/invites/{id}', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/invites/{id}', init), options),
  /** The organisation's settings an org admin changes (Public_Share_Links), and which of the operator's switches are on (GET /api/v1/admin/org-settings) */
  getOrgSettings: (init?: TInit<'/api/v1/admin/org-settings', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/admin/org-settings', init), options),
  /** Change the org admin's settings (Public_Share_Links, the time zone); other keys are refused and the stored ones kept (PATCH /api/v1/admin/org-settings) */
  updateOrgSettings: (init: TInit<'/api/v1/admin/org-settings', 'patch'>, options?: CallOptions) =>
    call('PATCH', () => client.PATCH('/api/v1/admin/org-settings', init), options),
  /** A group's coach dashboard: its stats and its speakers' counts, as the caller may see them (GET /api/v1/groups/{id}/dashboard) */
  getCoachDashboard: (init: TInit<'/api/v1/groups/{id}/dashboard', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/groups/{id}/dashboard', init), options),
  /** A member's assignments in a group with their completion and recordings (coach dashboard row) (GET /api/v1/groups/{id}/members/{userId}/assignments) */
  getMemberAssignments: (init: TInit<'/api/v1/groups/{id}/members/{userId}/assignments', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/groups/{id}/members/{userId}/assignments', init), options),
  /** The caller's speaker dashboard: their assignments by group and their stats (GET /api/v1/me/dashboard) */
  getSpeakerDashboard: (init?: TInit<'/api/v1/me/dashboard', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/me/dashboard', init), options),
  /** The caller's own recordings with comments and ratings (My Library) (GET /api/v1/me/library) */
  getLibrary: (init?: TInit<'/api/v1/me/library', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/me/library', init), options),
  /** The recordings waiting for the caller's comment or score across the groups they coach, oldest first (GET /api/v1/review-queue) */
  getReviewQueue: (init?: TInit<'/api/v1/review-queue', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/review-queue', init), options),
  /** How many recordings wait for the caller (the review queue of GET review-queue) (GET /api/v1/review-queue/count) */
  getReviewQueueCount: (init?: TInit<'/api/v1/review-queue/count', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/review-queue/count', init), options),
  /** The wordspotting lists the caller sees, with what they may change, and where they may add one (GET /api/v1/wordspotting) */
  getWordspotting: (init?: TInit<'/api/v1/wordspotting', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/wordspotting', init), options),
  /** Create or replace the organisation's, a group's or the caller's list for one recording type (PUT /api/v1/wordspotting) */
  saveWordspotting: (init: TInit<'/api/v1/wordspotting', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/wordspotting', init), options),
  /** Remove a list and reset to the defaults (algorithm and exactly one of orgId, groupId, userId) (DELETE /api/v1/wordspotting) */
  deleteWordspotting: (init: TInit<'/api/v1/wordspotting', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/wordspotting', init), options),
  /** The organisation's practice prompts (org admins may ask for the hidden ones too), with whether the caller may change them (GET /api/v1/practice-prompts) */
  listPracticePrompts: (init?: TInit<'/api/v1/practice-prompts', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/practice-prompts', init), options),
  /** Add a prompt to the organisation (org admins) (POST /api/v1/practice-prompts) */
  createPracticePrompt: (init: TInit<'/api/v1/practice-prompts', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/practice-prompts', init), options),
  /** Change one of the organisation's prompts, or hide it from speakers (org admins) (PUT /api/v1/practice-prompts/{id}) */
  updatePracticePrompt: (init: TInit<'/api/v1/practice-prompts/{id}', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/practice-prompts/{id}', init), options),
  /** Delete a prompt; takes recorded from it keep their titles (org admins) (DELETE /api/v1/practice-prompts/{id}) */
  deletePracticePrompt: (init: TInit<'/api/v1/practice-prompts/{id}', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/practice-prompts/{id}', init), options),
  /** The subscription page: offered plans, whether card payment is set up, and the caller's memberships with Renew or Activate (GET /api/v1/subscription) */
  getSubscriptionPage: (init?: TInit<'/api/v1/subscription', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/subscription', init), options),
  /** Update subscription for a group: planId plus a prepaid accessCode or a card stripeToken; answers the new expiry and the transaction id (POST /api/v1/groups/{id}/subscription) */
  updateSubscription: (init: TInit<'/api/v1/groups/{id}/subscription', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/groups/{id}/subscription', init), options),
  /** Start a card payment for a plan and group: a Stripe PaymentIntent priced from the plan (a Stripe subscription for a recurring plan); answers the Payment Element's client secret and publishable key (POST /api/v1/groups/{id}/subscription/card-payment) */
  startCardPayment: (init: TInit<'/api/v1/groups/{id}/subscription/card-payment', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/groups/{id}/subscription/card-payment', init), options),
  /** Turn auto-renew off for the caller's recurring card subscription of the group: no further charge, access until the current expiry, no refund (DELETE /api/v1/groups/{id}/subscription/auto-renew) */
  endAutoRenew: (init: TInit<'/api/v1/groups/{id}/subscription/auto-renew', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/groups/{id}/subscription/auto-renew', init), options),
  /** The organisation's plans, archived ones too, by price descending (GET /api/v1/admin/plans) */
  listPlans: (init?: TInit<'/api/v1/admin/plans', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/admin/plans', init), options),
  /** Add a plan: price in cents, duration in days (POST /api/v1/admin/plans) */
  createPlan: (init: TInit<'/api/v1/admin/plans', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/admin/plans', init), options),
  /** Change a plan, or archive it (archived: true) so it is no longer offered (PATCH /api/v1/admin/plans/{planId}) */
  updatePlan: (init: TInit<'/api/v1/admin/plans/{planId}', 'patch'>, options?: CallOptions) =>
    call('PATCH', () => client.PATCH('/api/v1/admin/plans/{planId}', init), options),
  /** Generate a batch of single-use prepaid codes for a plan; the codes (and their CSV) are shown in this answer only (POST /api/v1/admin/plans/{planId}/codes) */
  generatePrepaidCodes: (init: TInit<'/api/v1/admin/plans/{planId}/codes', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/admin/plans/{planId}/codes', init), options),
  /** The organisation's prepaid codes, masked, newest first, with who redeemed them and when (GET /api/v1/admin/prepaid-codes) */
  listPrepaidCodes: (init?: TInit<'/api/v1/admin/prepaid-codes', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/admin/prepaid-codes', init), options),
  /** Void an unused prepaid code (POST /api/v1/admin/prepaid-codes/{codeId}/void) */
  voidPrepaidCode: (init: TInit<'/api/v1/admin/prepaid-codes/{codeId}/void', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/admin/prepaid-codes/{codeId}/void', init), options),
  /** The organisation's payment methods: couponOnly (prepaid codes only), and whether card payment is configured on the server (GET /api/v1/admin/billing-settings) */
  getBillingSettings: (init?: TInit<'/api/v1/admin/billing-settings', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/admin/billing-settings', init), options),
  /** Set the payment methods: couponOnly true takes prepaid codes only (no card payments) (PATCH /api/v1/admin/billing-settings) */
  updateBillingSettings: (init: TInit<'/api/v1/admin/billing-settings', 'patch'>, options?: CallOptions) =>
    call('PATCH', () => client.PATCH('/api/v1/admin/billing-settings', init), options),
  /** Payments and redemptions of the organisation, newest first (GET /api/v1/admin/ledger) */
  listLedger: (init?: TInit<'/api/v1/admin/ledger', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/admin/ledger', init), options),
  /** Whether the Zoom import is offered to the caller and their Zoom account is linked (the Upload ZOOM tab's rule) (GET /api/v1/zoom/connection) */
  getZoomConnection: (init?: TInit<'/api/v1/zoom/connection', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/zoom/connection', init), options),
  /** Zoom: save code. Links the Zoom account with the code and state Zoom sent to /zoom-loading (POST /api/v1/zoom/connection) */
  linkZoomAccount: (init: TInit<'/api/v1/zoom/connection', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/zoom/connection', init), options),
  /** Unlink the caller's Zoom account: the stored tokens are deleted and the grant revoked at Zoom (DELETE /api/v1/zoom/connection) */
  disconnectZoom: (init?: TInit<'/api/v1/zoom/connection', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/zoom/connection', init), options),
  /** Zoom's authorisation page for linking the caller's account, with a one-time state bound to the caller (10 minutes) (POST /api/v1/zoom/authorization) */
  startZoomAuthorization: (init?: TInit<'/api/v1/zoom/authorization', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/zoom/authorization', init), options),
  /** Zoom: get meeting recordings. The caller's cloud recordings of the last 15 days, at most 100 meetings (recordingsDropped when there were more); 409 zoom.not_linked when the account must be linked again (GET /api/v1/zoom/recordings) */
  listZoomMeetings: (init?: TInit<'/api/v1/zoom/recordings', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/zoom/recordings', init), options),
  /** Zoom: upload recording. The server downloads one audio or video file of a meeting (at most 200 MB, trimmed to at most 15 minutes), checks it as an upload and starts the analysis (POST /api/v1/zoom/recordings) */
  importZoomRecording: (init: TInit<'/api/v1/zoom/recordings', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/zoom/recordings', init), options),
  /** The organisation's registered learning platforms, with the tool's values to paste (org admins) (GET /api/v1/lti/platforms) */
  listLtiPlatforms: (init?: TInit<'/api/v1/lti/platforms', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/lti/platforms', init), options),
  /** Register a learning platform (LTI 1.3) for the organisation (org admins) (POST /api/v1/lti/platforms) */
  createLtiPlatform: (init: TInit<'/api/v1/lti/platforms', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/lti/platforms', init), options),
  /** A registered learning platform, with the tool's values to paste (org admins) (GET /api/v1/lti/platforms/{platformId}) */
  getLtiPlatform: (init: TInit<'/api/v1/lti/platforms/{platformId}', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/lti/platforms/{platformId}', init), options),
  /** Change a learning platform's registration (org admins) (PUT /api/v1/lti/platforms/{platformId}) */
  updateLtiPlatform: (init: TInit<'/api/v1/lti/platforms/{platformId}', 'put'>, options?: CallOptions) =>
    call('PUT', () => client.PUT('/api/v1/lti/platforms/{platformId}', init), options),
  /** Remove a learning platform; its classes and members stay (org admins) (DELETE /api/v1/lti/platforms/{platformId}) */
  deleteLtiPlatform: (init: TInit<'/api/v1/lti/platforms/{platformId}', 'delete'>, options?: CallOptions) =>
    call('DELETE', () => client.DELETE('/api/v1/lti/platforms/{platformId}', init), options),
  /** The tool's signing keys of the organisation, newest first (org admins) (GET /api/v1/lti/keys) */
  listLtiToolKeys: (init?: TInit<'/api/v1/lti/keys', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/lti/keys', init), options),
  /** Make a new current signing key; the old one stays in the JWKS for 72 hours (org admins) (POST /api/v1/lti/keys/rotate) */
  rotateLtiToolKey: (init?: TInit<'/api/v1/lti/keys/rotate', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/lti/keys/rotate', init), options),
  /** Sync the class with its course's roster in the learning platform (LTI NRPS; the class's coaches and org admins) (POST /api/v1/groups/{groupId}/lti/roster-sync) */
  syncLtiRoster: (init: TInit<'/api/v1/groups/{groupId}/lti/roster-sync', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/groups/{groupId}/lti/roster-sync', init), options),
  /** Delete my account (POST /api/v1/me/delete) */
  deleteMyAccount: (init: TInit<'/api/v1/me/delete', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/me/delete', init), options),
  /** The caller's latest data export: none, queued, building (with progress), ready (with expiresAt and the download path), failed or expired (GET /api/v1/me/data-export) */
  getDataExport: (init?: TInit<'/api/v1/me/data-export', 'get'>, options?: CallOptions) =>
    call('GET', () => client.GET('/api/v1/me/data-export', init), options),
  /** Ask for a zip of all your data (Export my data) (POST /api/v1/me/data-export) */
  requestDataExport: (init?: TInit<'/api/v1/me/data-export', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/me/data-export', init), options),
  /** Download a ready data export (the signed-in owner only) (GET /api/v1/me/data-export/{exportId}/download) */
  downloadDataExport: (init: TInit<'/api/v1/me/data-export/{exportId}/download', 'get'>, options?: CallOptions) =>
    download(() => client.GET('/api/v1/me/data-export/{exportId}/download', { ...init, parseAs: 'blob', headers: FILE_ACCEPT }), options),
  /** Stripe's webhook (Stripe-Signature checked with STRIPE_WEBHOOK_SECRET): payment_intent.succeeded grants, invoice.paid renews, customer.subscription.deleted ends auto-renew; each event applied once (POST /api/v1/payments/stripe/webhook) */
  stripeWebhook: (init?: TInit<'/api/v1/payments/stripe/webhook', 'post'>, options?: CallOptions) =>
    call('POST', () => client.POST('/api/v1/payments/stripe/webhook', init), options),
};
