// Stable, machine-readable error codes (dot.snake): every error item of the API carries one
// beside its `message` and `status`. Clients branch on the code, never on the English message,
// which may change. A code is never renamed or reused for another case; new ones may be added.

export const ERROR_CODES = {
  // Generic, one per status (the default when nothing more specific applies)
  /** 400: the request does not match the schema (zod), holds NUL, or is otherwise invalid. */
  requestInvalid: 'request.invalid',
  /** 401: no valid sign-in (missing or malformed Authorization header). */
  authRequired: 'auth.required',
  /** 402: the organization has no free seat (speaker seat limit). */
  seatsLimitReached: 'seats.limit_reached',
  /** 402: the caller has no active subscription (needsSubscription) and the call serves only subscribed pages. */
  subscriptionRequired: 'subscription.required',
  /** 403: the caller may not do this. */
  permissionDenied: 'permission.denied',
  /** 404: no such resource, or one the caller may not know of; also unknown API paths. */
  resourceNotFound: 'resource.not_found',
  /** 405: the method is not taken at this address. */
  methodNotAllowed: 'request.method_not_allowed',
  /** 408: the request took too long to arrive. */
  requestTimeout: 'request.timeout',
  /** 409: the change conflicts with the current state. */
  conflict: 'conflict',
  /** 413: the request body is too large. */
  requestTooLarge: 'request.too_large',
  /** 414: the address is too long. */
  uriTooLong: 'request.uri_too_long',
  /** 415: the request's content type is not taken. */
  unsupportedMediaType: 'request.unsupported_media_type',
  /** 429: too many requests (a limit without a more specific code). */
  rateLimited: 'rate_limited',
  /** 431: the request headers are too large. */
  headersTooLarge: 'request.headers_too_large',
  /** 5xx: the server failed; details are in its log only. */
  serverError: 'server.error',

  // Sign-in, sign-up and account
  /** 401: wrong email or password at sign-in. */
  authIncorrectCredentials: 'auth.incorrect_credentials',
  /** 401: the API key is expired, revoked or unknown (sign in again). */
  authKeyExpired: 'auth.key_expired',
  /** 401: a sign-in link's key is used, past its hour or unknown (the caller's own session is untouched). */
  authSignInLinkInvalid: 'auth.sign_in_link_invalid',
  /** 400: the current password given to confirm a change is wrong (a form error, not a lost session). */
  authCurrentPasswordWrong: 'auth.current_password_wrong',
  /** 409: the email address is already registered. */
  authEmailTaken: 'auth.email_taken',
  /** 400: the sign-up is incomplete (attestations) or could not be completed. */
  authSignUpInvalid: 'auth.sign_up_invalid',
  /** 400: the invite was sent to a different email address than the one signing up. */
  authInviteEmailMismatch: 'auth.invite_email_mismatch',
  /** 404: no account with this email (forgot password). */
  authEmailUnknown: 'auth.email_unknown',
  /** 400: the password reset link is invalid, used or expired. */
  authResetLinkInvalid: 'auth.reset_link_invalid',
  /** 429: too many sign-in attempts. */
  authRateLimited: 'auth.rate_limited',
  /** 429: too many password reset requests. */
  authResetRateLimited: 'auth.reset_rate_limited',

  // Sign-in through a partner hub (btc)
  /** 404: hub sign-in is not configured on this server. */
  hubNotConfigured: 'hub.not_configured',
  /** 400: the sign-in's state is unknown, used, expired or not this browser's. */
  hubStateInvalid: 'hub.state_invalid',
  /** 400: the hub answered with an error (e.g. access_denied) instead of a code. */
  hubRefused: 'hub.refused',
  /** 400: the hub did not accept the code (used, expired, or not for this sign-in). */
  hubCodeRejected: 'hub.code_rejected',
  /** 502: the hub could not be reached or answered unreadably. */
  hubUnavailable: 'hub.unavailable',
  /** 403: the hub identity maps to no account here and none may be created. */
  hubIdentityUnknown: 'hub.identity_unknown',
  /** 403: an account would be created, but the hub gave no verified email. */
  hubEmailUnverified: 'hub.email_unverified',
  /** 409: an account would be created, but its email belongs to an account it may not link to. */
  hubEmailTaken: 'hub.email_taken',

  // Invites and groups
  /** 400/404: the invite code or invite is not valid (for this organization). */
  inviteInvalid: 'invite.invalid',
  /** 409: an invite for this email is already pending. */
  invitePending: 'invite.pending',
  /** 429: too many invite code attempts. */
  inviteRateLimited: 'invite.rate_limited',
  /** 409: another group of the organization has this name. */
  groupNameTaken: 'group.name_taken',
  /** 409: the caller is already a coach of this group. */
  groupAlreadyCoach: 'group.already_coach',
  /** 400: one membership cannot hold both the coach and the speaker role. */
  rolesCoachNotSpeaker: 'roles.coach_not_speaker',
  /** 409: the last organization admin cannot lose the admin role. */
  rolesLastAdmin: 'roles.last_admin',

  // Recordings and uploads
  /** 404: no such recording, or one the caller may not hear. */
  recordingNotFound: 'recording.not_found',
  /** 400/415: the file is not an allowed audio or video file. */
  recordingInvalidFiletype: 'recording.invalid_filetype',
  /** 400: the recording is longer than the limit. */
  recordingTooLong: 'recording.too_long',
  /** 400: the take is shorter than the 5 s minimum (saving an unsaved take). */
  recordingTooShort: 'recording.too_short',
  /** 413: the file is larger than the upload limit. */
  recordingTooLarge: 'recording.too_large',
  /** 400: the recording URL is not allowed (private or local address). */
  recordingUrlBlocked: 'recording.url_blocked',
  /** 400: the recording URL could not be fetched. */
  recordingUrlFetchFailed: 'recording.url_fetch_failed',
  /** 409: the recording already has its file; nothing more can be uploaded. */
  recordingHasFile: 'recording.has_file',
  /** 404: no such live capture of the caller. */
  liveCaptureNotFound: 'live_capture.not_found',
  /** 409: the live capture already belongs to a recording. */
  liveCaptureBound: 'live_capture.bound',
  /** 409: the caller already has as many unsaved live captures as are kept (save or discard one). */
  liveCaptureLimit: 'live_capture.limit',
  /** 403: the caller has no active speaker membership (in the group asked for), so cannot record. */
  recordingNeedsSpeaker: 'recording.needs_speaker_membership',
  /** 403: the signed media address has expired (reload the page). */
  mediaLinkExpired: 'media.link_expired',
  /** 400: the tus upload request is malformed (headers, metadata, protocol version). */
  uploadInvalid: 'upload.invalid',
  /** 409: the upload offset does not match the server's (HEAD, then resume). */
  uploadOffsetConflict: 'upload.offset_conflict',
  /** 410: the unfinished upload expired. */
  uploadExpired: 'upload.expired',

  // Feedback and assignments
  /** 409: the caller has already scored this recording. */
  feedbackAlreadyScored: 'feedback.already_scored',
  /** 400: a feedbackId, recordingId or groupId in the body disagrees with the stored feedback or recording. */
  feedbackIdsMismatch: 'feedback.ids_mismatch',
  /** 400: the recording's speaker type does not match the assignment's. */
  assignmentSpeakerTypeMismatch: 'assignment.speaker_type_mismatch',
  /** 409: the recording already belongs to an assignment. */
  assignmentAlreadyAssigned: 'assignment.already_assigned',
  /** 403: Assignments are turned off for the organization. */
  assignmentsDisabled: 'assignment.disabled',
  /** 409: criteria change only on templates (002 section 5). */
  assignmentCriteriaLocked: 'assignment.criteria_locked',
  /** 400: the assign step named no group and no user. */
  assignmentNoTarget: 'assignment.no_target',
  /** 400: a non-continuous assignment to groups without speakers. */
  assignmentNoSpeakers: 'assignment.no_speakers',
  /** 409: the action needs a template (delete, assign this, make public or private). */
  assignmentNotTemplate: 'assignment.not_template',
  /** 403: global assignments are read-only (002 section 6). */
  assignmentGlobalReadOnly: 'assignment.global_read_only',
  /** 409: the assignment is archived or deleted. */
  assignmentClosed: 'assignment.closed',
  /** 400: a new due date that is not ahead (an unchanged stored one may stay). */
  assignmentDuePast: 'assignment.due_past',
  /** 400: a wordspotting delete without exactly one scope id ("Invalid delete request"). */
  wordspottingInvalidScope: 'wordspotting.invalid_scope',
  /** 409: the recording is being analysed already (a re-analysis waits for it to end). */
  recordingBusy: 'recording.busy',
  /** 409: the organisation already keeps the most practice prompts it may. */
  practicePromptsLimit: 'practice_prompts.limit_reached',

  // Paid access
  /** 400: the prepaid code is wrong, used, voided, of another organisation, plan or group. */
  subscriptionCodeInvalid: 'subscription.code_invalid',
  /** 429: too many prepaid code attempts. */
  subscriptionRateLimited: 'subscription.rate_limited',
  /** 409: the membership cannot be renewed (coach roles or perpetual access: 002 section 5). */
  subscriptionNotRenewable: 'subscription.not_renewable',
  /** 402: the card payment failed; the message is the payment provider's ("Payment failed: {message}"). */
  paymentFailed: 'payment.failed',
  /** 409: this card payment (PaymentIntent) was applied already. */
  paymentAlreadyApplied: 'payment.already_applied',
  /** 400: card payment is not configured on this server (the prepaid code still works). */
  paymentNotConfigured: 'payment.not_configured',
  /** 400: the organisation takes prepaid codes only (coupon-only): no card payments. */
  paymentPrepaidOnly: 'payment.prepaid_only',
  /** 400: the card payment is not the caller's for this plan and group (or unknown), or the plan cannot be paid by card. */
  paymentInvalid: 'payment.invalid',
  /** 400: the payment provider's webhook call carried no valid signature. */
  paymentWebhookInvalid: 'payment.webhook_invalid',
  /** 404: no such plan in the caller's organisation, or no longer offered. */
  planNotFound: 'plan.not_found',
  /** 409: the prepaid code was redeemed already and cannot be voided. */
  prepaidCodeRedeemed: 'prepaid_code.redeemed',

  /** 403: Zoom import is off for the caller: the organisation's Zoom_Integration setting, the server's Zoom keys, or no active speaker membership. */
  zoomUnavailable: 'zoom.unavailable',
  /** 409: the caller's Zoom account is not linked, or Zoom refused its grant (revoked or expired): link it again. */
  zoomNotLinked: 'zoom.not_linked',
  /** 400: the Zoom authorisation could not be used (unknown, used or expired state, or Zoom refused the code). */
  zoomLinkFailed: 'zoom.link_failed',
  /** 502: Zoom could not be reached, or the recording could not be downloaded from it. */
  zoomUnreachable: 'zoom.unreachable',
  /** 404: no such recording file among the caller's Zoom cloud recordings. */
  zoomRecordingNotFound: 'zoom.recording_not_found',

  /** 400: a scorecard rating still named "New Rating". */
  scorecardUnnamedRating: 'scorecard.unnamed_rating',
  /** 400: two ratings whose names give the same id. */
  scorecardDuplicateRating: 'scorecard.duplicate_rating',
  /** 400: the presets were renamed, removed or hidden, or a custom rating sits above position 5. */
  scorecardInvalidRatings: 'scorecard.invalid_ratings',

  // Export and share links
  /** 409: the recording has no results to export yet (still processing, or failed). */
  exportNoResults: 'export.no_results',
  /** 403: the organisation does not allow public share links (its Public_Share_Links setting). */
  shareLinksDisabled: 'share_link.disabled',
  /** 410: the share link was revoked, has expired, or its organisation turned share links off. */
  shareLinkGone: 'share_link.gone',
  /** 429: too many share link requests from one address. */
  shareLinkRateLimited: 'share_link.rate_limited',

  // Account deletion (issue 42 item 8)
  /** 400: the typed confirmation is not DELETE. */
  accountConfirmationWrong: 'account.confirmation_wrong',
  /** 400: no password given, and no fresh hub sign-in stands in for it. */
  accountPasswordNeeded: 'account.password_needed',
  /** 409: the organisation's last admin cannot be deleted while other members remain. */
  accountLastAdmin: 'account.last_admin',

  // LTI 1.3 launches and registration (issue 42 items 1-3)
  /** 400: a platform address is not https on the public internet (http only for loopback when allowed). */
  ltiUrlNotAllowed: 'lti.url_not_allowed',
  /** 409: a platform with this issuer and client id is already registered. */
  ltiPlatformTaken: 'lti.platform_taken',
  /** 400: the issuer (and client id) of a login or launch names no registered platform. */
  ltiUnknownPlatform: 'lti.unknown_platform',
  /** 400: the launch's deployment id is not registered for the platform. */
  ltiUnknownDeployment: 'lti.unknown_deployment',
  /** 400: the launch's state is unknown, used, expired, or not this browser's (cookie missing or mismatched). */
  ltiStateInvalid: 'lti.state_invalid',
  /** 401: the id_token's signature, issuer, audience, azp, times or nonce do not verify. */
  ltiTokenInvalid: 'lti.token_invalid',
  /** 401: the id_token's nonce was already used (a replay). */
  ltiNonceReplayed: 'lti.nonce_replayed',
  /** 400: the message type or LTI version is not one the tool takes, or a required claim is missing. */
  ltiMessageInvalid: 'lti.message_invalid',
  /** 502: the platform's JWKS could not be fetched. */
  ltiPlatformUnreachable: 'lti.platform_unreachable',
  /** 403: the roles claim holds no role the tool maps (Instructor, Learner, Administrator). */
  ltiRoleMissing: 'lti.role_missing',
  /** 409: an account would be created, but its email belongs to another organisation's account. */
  ltiEmailTaken: 'lti.email_taken',
  /** 400: the Deep Linking selection is unknown, used or expired. */
  ltiDeepLinkExpired: 'lti.deep_link_expired',
  /** 409: roster sync on a class that maps to no LTI course with a memberships (NRPS) address. */
  ltiNotLinked: 'lti.not_linked',
} as const;

export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ERROR_CODES));

export function isErrorCode(code: unknown): code is TErrorCode {
  return typeof code === 'string' && KNOWN_CODES.has(code);
}

/** The generic code of a status, used when nothing more specific applies. */
export function defaultErrorCode(status: number): TErrorCode {
  switch (status) {
    case 400:
      return ERROR_CODES.requestInvalid;
    case 401:
      return ERROR_CODES.authRequired;
    case 402:
      return ERROR_CODES.seatsLimitReached;
    case 403:
      return ERROR_CODES.permissionDenied;
    case 404:
      return ERROR_CODES.resourceNotFound;
    case 405:
      return ERROR_CODES.methodNotAllowed;
    case 408:
      return ERROR_CODES.requestTimeout;
    case 409:
      return ERROR_CODES.conflict;
    case 413:
      return ERROR_CODES.requestTooLarge;
    case 414:
      return ERROR_CODES.uriTooLong;
    case 415:
      return ERROR_CODES.unsupportedMediaType;
    case 429:
      return ERROR_CODES.rateLimited;
    case 431:
      return ERROR_CODES.headersTooLarge;
    default:
      return status >= 500 ? ERROR_CODES.serverError : ERROR_CODES.requestInvalid;
  }
}
