import { API_PREFIX, LTI_SCOPES } from '@rostrum/contract';

// The addresses an admin pastes into the platform, built from PUBLIC_URL. One launch address
// takes both resource-link and deep-linking launches (the message type tells them apart).

export const ltiPaths = {
  login: '/lti/login',
  launch: '/lti/launch',
  deepLink: '/lti/deep-link',
  jwks: (orgId: string) => `/lti/jwks/${orgId}`,
};

export function toolValues(publicUrl: string, orgId: string) {
  const api = `${publicUrl}${API_PREFIX}`;
  const launchUrl = `${api}${ltiPaths.launch}`;
  return {
    loginInitiationUrl: `${api}${ltiPaths.login}`,
    launchUrl,
    redirectUris: [launchUrl],
    deepLinkingUrl: launchUrl,
    jwksUrl: `${api}${ltiPaths.jwks(orgId)}`,
    scopes: [...LTI_SCOPES],
  };
}
