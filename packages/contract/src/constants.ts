// Business constants from the spec (000 section 9, 001 section 9). One place, shared by web and server.

/** The pseudo-group that holds org-level roles (coaches and admins). */
export const PSEUDO_GROUP_ID = '00000000-0000-4000-0000-000000000000';

export const LIMITS = {
  groupName: 100,
  firstName: 50,
  lastName: 50,
  fullName: 101,
  inviteCode: 50,
  email: 254,
  password: 200,
  passwordMin: 8,
  recordingTitle: 50,
  /** A group's free duration, in years (as the organisation's setting allows). */
  freeDurationYears: 100,
} as const;

export const ORG_EXPIRY_WARNING_DAYS = 45;
export const ADMIN_USER_LIST_CAP = 1000;
/** A free duration (years) at or above this counts as perpetual; an expiry this far away is not shown. */
export const PERPETUAL_YEARS = 15;
export const GROUP_MEMBER_CACHE_SECONDS = 300;
export const MODE_SWITCH_THROTTLE_MS = 500;
export const INVITE_MESSAGE_MS = 8000;
export const DEACTIVATION_NOTICE_DELAY_MS = 500;
export const GROUP_RELOAD_DELAY_MS = 1000;
export const JOIN_ERROR_DELAY_MS = 1000;
/** Auto sign-in keys ({org code}-{key}) live one hour. */
export const AUTO_SIGN_IN_KEY_SECONDS = 3600;
/** Session API keys issued by sign-in. */
export const SESSION_KEY_DAYS = 30;
export const PASSWORD_RESET_MINUTES = 60;
export const BIRTH_YEAR_MIN_AGE = 13;
export const BIRTH_YEAR_MAX_AGE = 98;
export const EU_MIN_AGE = 16;
export const DATA_RETENTION_YEARS = 5;

export const BREAKPOINTS = { small: 767, medium: 991 } as const;

export const TITLES = [
  'college-student',
  'hs-student',
  'professor',
  'k12-teacher',
  'dept-head',
  'school-admin',
  'coach',
  'manager',
  'director-executive',
  'professional',
  'other',
] as const;

export const TITLE_LABELS: Record<(typeof TITLES)[number], string> = {
  'college-student': 'College student',
  'hs-student': 'High school student',
  professor: 'Professor',
  'k12-teacher': 'K-12 teacher',
  'dept-head': 'Department head',
  'school-admin': 'School administrator',
  coach: 'Coach',
  manager: 'Manager',
  'director-executive': 'Director or executive',
  professional: 'Professional',
  other: 'Other',
};

export const GENDERS = ['f', 'm', 'o'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { f: 'Female', m: 'Male', o: 'Other' };

export const ORG_SETTING_FLAGS = [
  'Assignments',
  'Video',
  'Zoom_Integration',
  'Debug_Recording_Options',
  'Email_Notifications_For_Speakers',
  'Email_Notifications_For_Managers',
  'Hide_Privacy_Levels_In_Admin',
  'Download_Report_Button',
  'Custom_Wordspotting_For_Groups',
  'Custom_Wordspotting_For_Orgs',
  'Custom_Wordspotting_For_Users',
  /** "Allow public share links": owners may create read-only links to one recording's results (off by default). */
  'Public_Share_Links',
] as const;

export const PRIVACY_LEVEL_NAMES = ['Sharing Disabled', 'Low', 'Medium', 'High', 'Highest'] as const;

export const POSITIVE_VIBES = [
  'assertive',
  'authentic',
  'captivating',
  'clear',
  'confident',
  'energetic',
  'organized',
  'personable',
  'persuasive',
] as const;
export const NEGATIVE_VIBES = [
  'arrogant',
  'belligerent',
  'boring',
  'condescending',
  'confusing',
  'detached',
  'ditsy',
  'nervous',
  'pushy',
  'timid',
  'unapproachable',
] as const;

export const CORE_SCORES = [
  { key: 'overall', apiName: 'scoreOverall', label: 'Overall' },
  { key: 'organization', apiName: 'scoreOrganization', label: 'Organization and Content' },
  { key: 'delivery', apiName: 'scoreDelivery', label: 'Vocal Delivery' },
  { key: 'xfactor', apiName: 'scoreXfactor', label: 'X Factor' },
] as const;

export const PRODUCT_NAME = 'Rostrum';
