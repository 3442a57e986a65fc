// User-facing strings from the spec, word for word (000 section 8 and the screens of section 2).
// Keep wording here so web and server never drift apart.

export const MSG = {
  serverError: 'Oops! There was a problem. Please try your request again',
  offline: 'Cannot connect to the internet. Please check that you are connected to the internet and try again',
  networkError: 'Network error',
  incorrectCredentials: 'Incorrect credentials',
  signedOut: 'You have been successfully signed out.',
  hubKeyMissing: 'Could not retrieve valid sign-in key',
  hubErrorTitle: 'Error While Logging In',
  unknownError: 'Unknown Error',
  hubNotConfigured: 'Sign-in through the partner hub is not set up on this server.',
  hubStateInvalid: 'This sign-in has expired or was already used. Please start again from the sign-in page.',
  hubRefused: 'The partner hub did not sign you in. Please try again from the sign-in page.',
  hubCodeRejected: 'The partner hub did not confirm this sign-in. Please start again from the sign-in page.',
  hubUnavailable: 'The partner hub could not be reached. Please try again later.',
  hubIdentityUnknown:
    'Your partner hub account is not linked to an account here. Please ask your administrator for access, or sign in with your email and password.',
  hubEmailUnverified:
    'Your partner hub account has no verified email address, so no account can be created for it. Please ask your administrator for access.',
  hubEmailTaken: 'An account with your email address already exists. Please sign in with your email and password.',
  hubSignInLink: 'Sign in with the partner hub',
  signUpEmailTaken: 'Email already registered. Please sign into your account here to join this new group.',
  signUpInvalid: 'Some of the data you entered is not valid',
  seatLimit:
    'The organization you are trying to join has reached its maximum number of licenses. Please contact your manager or administrator to request access.',
  subscriptionRequired: 'An active membership is needed. Visit Subscription to renew your access.',
  inviteCodeInvalid: 'This Invite Code is not valid',
  joinSeatLimit:
    'Could not save changes: The organization you are trying to join has reached its maximum number of licenses. Please contact your manager or administrator to request access.',
  joinInvalidTitle: 'Invite Code Invalid',
  joinInvalidText: 'The invite code could not be loaded. Please ensure it is a valid code associated with your current organization',
  cookiesTitle: 'Unable to Log In',
  cookiesText: 'Cookies (browser storage) are required to store your login information. Please enable cookies for this site and try again.',
  forgotNotFound: 'Cannot find an account for that email',
  groupSaveFailed:
    'The group could not be saved. Most likely, the name you entered is already used elsewhere. Please change the name to be unique.',
  roleSaveSeatTitle: 'Could not save changes',
  roleSaveSeatText:
    'You are already using your maximum number of speaker seats. Please either contact the provider to arrange for an upgrade or deactivate a non-coach speaker seat to free up a license.',
  roleSaveFailed: 'Please reload the page and try again.',
  profileSaveTitle: 'Error Saving Profile',
  profileSaveGeneric: 'Your profile could not be saved. Please correct any invalid information and try again.',
  changesSaved: 'Changes Saved',
  profileUpdated: 'Profile Updated',
  groupMembersDeactivated: 'Group Members Deactivated',
  resetEmailTitle: 'Email incoming!',
  resetEmailText: 'We sent you an email with a link to reset your password',
  passwordUpdatedTitle: 'Updated!',
  passwordUpdatedText: 'Your password has been updated, you can sign in now',
  inviteResentTitle: 'Invite Sent',
  inviteResentText: 'The invite has been resent to the associated email address.',
  invitePendingInvalid: 'This invite code cannot be applied to an existing account. Please contact support for help.',
  confirmCodeError: 'You have reached this page in error. Please check the link you followed.',
  oldBrowser: 'Audio features are not fully supported in this browser. We recommend the latest Edge, Chrome or Firefox.',
  signingIn: 'Signing In ...',
  loading: 'Loading...',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyResetRequests: 'Too many password reset requests. Please try again in an hour.',
  tooManyInviteCodeAttempts: 'Too many invite code attempts. Please try again in an hour.',
  notSignedIn: 'You must be signed in to do that',
  keyExpired: 'Your session has expired. Please sign in again.',
  /** A sign-in link (?key=) that is used up, past its hour or unknown: about the link, not the caller's session. */
  signInLinkInvalid: 'This sign-in link has expired or has already been used.',
  forbidden: 'You do not have permission to do that',
  notFound: 'Not found',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  currentPasswordWrong: 'The current password you entered is incorrect',
  emailInUse: 'That email address is already used by another account',
  subscriptionUpdateFailed: 'Subscription update failed. Please double check the code you entered and try again',
  tooManyPrepaidCodeAttempts: 'Too many prepaid code attempts. Please try again in an hour.',
  cardPaymentNotConfigured: 'Card payment is not configured. Please use a prepaid card.',
  cardPaymentPrepaidOnly: 'Your organization accepts prepaid cards only. Please use a prepaid card.',
  paymentAlreadyApplied: 'This payment has already been applied.',
  paymentInvalid: 'This payment is not for this plan and group.',
  cardPlanNotPayable:
    'This plan cannot be paid by card (a card payment is at least 0.50, and a recurring plan renews at least once a year).',
  paymentServiceUnavailable: 'The payment service could not be reached. Please try again.',
  paymentWebhookInvalid: 'Invalid webhook signature.',
  subscriptionNotRenewable: 'This membership cannot be renewed.',
  planNotFound: 'This plan is not available.',
  prepaidCodeRedeemed: 'This code has been redeemed and cannot be voided.',
  inviteCodeRegenerated: 'New invite code created. The old code and link no longer work.',
} as const;

/** 'Payment failed: {message from server}' (002 section 8). */
export const paymentFailedMessage = (message: string) => `Payment failed: ${message}`;

/** 'Invite has been sent to {email}.' */
export const inviteSentMessage = (email: string) => `Invite has been sent to ${email}.`;

/** 'Are you sure you want to change your login to ...?' */
export const confirmEmailChangeMessage = (email: string) => `Are you sure you want to change your login to ${email}?`;
