import { LtiPlatformStandIn } from './lti-platform-stand-in.js';

// The LTI platform stand-in as a process of its own, for a browser test: it serves /health, its
// JWKS, the OIDC authorisation and token endpoints, AGS line items and scores and NRPS rosters,
// /registration (the body an org admin registers) and the test's controls under /stand-in/
// (launches to answer, rosters, line items, the scores received, the tool's values, people and
// courses), and a course page and course editor a browser opens (/courses/{id}?as={sub}). The tool's JWKS (for the token
// endpoint's check of client assertions) is read from the URL given.
// Usage: node dist/test/lti-platform-stand-in-server.js <port> [tool JWKS URL]

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: lti-platform-stand-in-server.js <port> [tool JWKS URL]');
  process.exit(2);
}
const toolJwksUrl = process.argv[3];
const standIn = new LtiPlatformStandIn();
standIn.controlApi = true;
if (toolJwksUrl) standIn.toolJwks = async () => (await fetch(toolJwksUrl)).json();
await standIn.start(port);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
