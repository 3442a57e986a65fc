// The 1EdTech LTI 1.3 claim names the tool reads and writes (LTI Core 1.3, Deep Linking 2.0,
// AGS 2.0, NRPS 2.0), and what the roles claim maps to here.

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  custom: `${LTI}custom`,
  launchPresentation: `${LTI}launch_presentation`,
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

export const LTI_VERSION = '1.3.0';
export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
export const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';
export const DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';
/** The custom parameter a deep-linked resource link carries: the assignment it opens. */
export const CUSTOM_ASSIGNMENT = 'rostrum_assignment_id';

/** What a launch makes of the person here. */
export type TLaunchRole = 'admin' | 'coach' | 'speaker';

/**
 * The role a roles claim maps to: an Administrator (institution or context) is an org admin only
 * when the platform's registration allows it, otherwise a coach; an Instructor (a teaching
 * assistant too) a coach; a Learner a speaker; anything else (Mentor, ContentDeveloper, none) null.
 */
export function launchRole(roles: readonly string[], adminAllowed: boolean): TLaunchRole | null {
  // Full URIs (…/membership#Instructor, …/institution/person#Administrator, …/membership/Instructor#TeachingAssistant)
  // and the deprecated short names (Instructor) alike.
  const names = roles.map(
    (r) =>
      r
        .replace(/^.*[/#]membership\/(\w+)#\w+$/, '$1')
        .split(/[#/]/)
        .at(-1) ?? '',
  );
  if (names.includes('Administrator')) return adminAllowed ? 'admin' : 'coach';
  if (names.includes('Instructor')) return 'coach';
  if (names.includes('Learner')) return 'speaker';
  return null;
}
