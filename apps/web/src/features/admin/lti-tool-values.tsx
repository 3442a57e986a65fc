import type { TLtiPlatform } from '@rostrum/contract';
import { Card } from '../../components/card';
import { CopyField } from '../../components/copy-field';

/** Plain names of the scopes the tool asks for (AGS and NRPS), shown under the copyable list. */
const SCOPE_NAMES: Record<string, string> = {
  'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem': 'grade columns',
  'https://purl.imsglobal.org/spec/lti-ags/scope/score': 'scores',
  'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly': 'results (read only)',
  'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly': 'course members (read only)',
};

/**
 * "Values to paste into your platform" (issue 42 item 1). The server builds them from its public
 * address and the organisation alone, so they are the same for every platform registered here;
 * before the first registration the API has none (the JWKS is made with the first platform).
 */
export function LtiToolValues({ tool }: { tool: TLtiPlatform['tool'] | null }) {
  return (
    <Card
      title="Values to paste into your platform"
      titleId="lti-values-title"
      description={
        tool
          ? 'The same for every platform you register here. Paste each into the platform’s settings for Rostrum.'
          : 'Register your platform first (a placeholder client id and deployment id will do): Rostrum’s values appear here, then paste them into the platform and edit the registration with its real values.'
      }
    >
      {tool && (
        <div className="stack">
          <div className="lti-values">
            <CopyField id="lti-login-url" label="Login initiation URL (OpenID Connect)" value={tool.loginInitiationUrl} />
            <CopyField id="lti-launch-url" label="Redirect URI, launch and target link URL" value={tool.launchUrl} />
            {tool.redirectUris.some((u) => u !== tool.launchUrl) && (
              <CopyField id="lti-redirect-uris" label="Redirect URIs" value={tool.redirectUris.join(' ')} />
            )}
            <CopyField id="lti-deep-linking-url" label="Deep linking (content selection) URL" value={tool.deepLinkingUrl} />
            <CopyField id="lti-jwks-url" label="Tool JWKS URL (public keyset)" value={tool.jwksUrl} />
            <CopyField id="lti-scopes" label="Scopes" value={tool.scopes.join(' ')} />
          </div>
          <p className="muted lti-help">Scopes: {tool.scopes.map((s) => SCOPE_NAMES[s] ?? s).join(', ')}.</p>
          <div className="lti-help-grid">
            <section aria-labelledby="lti-help-canvas" className="lti-help">
              <h3 id="lti-help-canvas" className="lti-help__title">
                In Canvas
              </h3>
              <p>
                Admin &gt; Developer Keys &gt; + Developer Key &gt; + LTI Key (Manual Entry): the redirect and target link URL, the login
                initiation URL and, as Public JWK URL, the tool JWKS URL; turn on the LTI Advantage services and the Assignment Selection
                and Link Selection placements. Switch the key on, add the app by its Client ID and copy its Deployment ID here.
              </p>
            </section>
            <section aria-labelledby="lti-help-moodle" className="lti-help">
              <h3 id="lti-help-moodle" className="lti-help__title">
                In Moodle
              </h3>
              <p>
                Site administration &gt; Plugins &gt; Activity modules &gt; External tool &gt; Manage tools &gt; configure a tool manually:
                LTI 1.3, the launch URL as Tool URL and redirection URI, the tool JWKS URL as Keyset URL, the login initiation URL as
                Initiate login URL; turn on Deep Linking and both services. View configuration details then gives the values to enter here.
              </p>
            </section>
          </div>
        </div>
      )}
    </Card>
  );
}
