import { OidcStandIn, STAND_IN_CLIENT_ID } from './oidc-stand-in.js';

// The OpenID provider stand-in as a process of its own, for the browser tests: the server under
// test is started with HUB_ISSUER pointing here and the stand-in's client (e2e/playwright.config.ts).
// Its one account, `stevie`, carries the verified email of the demo's Riverside student.
// Usage: node dist/test/oidc-stand-in-server.js <port> <Rostrum's public URL>

const port = Number(process.argv[2]);
const publicUrl = process.argv[3];
if (!Number.isInteger(port) || port <= 0 || !publicUrl) {
  console.error('usage: oidc-stand-in-server.js <port> <public URL>');
  process.exit(2);
}
const standIn = new OidcStandIn([`${publicUrl.replace(/\/+$/, '')}/btc/sign-in`]);
standIn.accounts.set('stevie', {
  email: 'student@riverside.example',
  email_verified: true,
  given_name: 'Stevie',
  family_name: 'Student',
  name: 'Stevie Student',
});
const issuer = await standIn.start(port);
console.log(`OpenID provider stand-in at ${issuer} (client ${STAND_IN_CLIENT_ID})`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
