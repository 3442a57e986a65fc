import { STAND_IN_PUBLISHABLE_KEY, STAND_IN_SECRET_KEY, StripeStandIn } from './stripe-stand-in.js';

// The Stripe stand-in as a process of its own, for the browser tests: the server under test is
// started with STRIPE_API_BASE pointing here and the stand-in's keys, and the browser's Stripe.js
// (a test double served by the e2e specs) confirms payments here with Stripe's test card numbers.
// Usage: node dist/test/stripe-stand-in-server.js <port>

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: stripe-stand-in-server.js <port>');
  process.exit(2);
}
const standIn = new StripeStandIn();
await standIn.start(port);
console.log(`Stripe stand-in on http://127.0.0.1:${port} (${STAND_IN_SECRET_KEY}, ${STAND_IN_PUBLISHABLE_KEY})`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
