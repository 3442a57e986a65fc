// npm run bench (sign-in limits): how many password guesses at one email the server evaluates
// in a minute while 60 guessers hammer it, against a real server process (PGlite, demo data).
//  - 60 guessers behind one address: the per-address limit (SIGN_IN_PAIR_LIMIT) is the target
//  - 60 guessers from 60 addresses: the free failures plus the back-off steps that fit in a minute
// The server trusts X-Forwarded-For from 127.0.0.1 (TRUST_PROXY), so each guesser can stand for
// a client address of its own. Both scenarios run at once, on two different demo accounts.
import { maxEvaluatedWithin, SIGN_IN_PAIR_LIMIT } from '../modules/auth/index.js';
import { printBenchTable, startServer, type TBenchRow } from './bench-kit.js';

const PORT = 8298;
const BASE = `http://127.0.0.1:${PORT}`;
const GUESSERS = 60;
const SECONDS = 60;
/** Each guesser's pause between tries: 60 guessers then try about 240 times a second per scenario. */
const PAUSE_MS = 250;

type TCounts = { evaluated: number; refused: number; other: number };

async function guess(email: string, address: string): Promise<number> {
  const res = await fetch(`${BASE}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password: 'not-the-password' }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** 60 guessers until the minute is over; 401 means the password was checked (scrypt ran). */
async function attack(email: string, addressOf: (i: number) => string): Promise<TCounts> {
  const counts: TCounts = { evaluated: 0, refused: 0, other: 0 };
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: GUESSERS }, async (_, i) => {
      while (Date.now() < until) {
        const status = await guess(email, addressOf(i));
        if (status === 401) counts.evaluated++;
        else if (status === 429) counts.refused++;
        else counts.other++;
        await new Promise((r) => setTimeout(r, PAUSE_MS));
      }
    }),
  );
  return counts;
}

async function main() {
  const server = await startServer({
    name: 'sign-in',
    port: PORT,
    args: ['--seed-demo', '--role', 'api'],
    env: { TRUST_PROXY: '127.0.0.1' },
    upTries: 150,
  });
  try {
    const [one, many] = await Promise.all([
      attack('coach@northwind.example', () => '203.0.113.10'),
      attack('speaker@northwind.example', (i) => `198.51.100.${i + 1}`),
    ]);
    const oneTarget = SIGN_IN_PAIR_LIMIT;
    const manyTarget = maxEvaluatedWithin(SECONDS, 'many');
    const row = (label: string, c: TCounts, target: number): TBenchRow => [
      label,
      `${c.evaluated}/min (${c.refused} refused with 429${c.other ? `, ${c.other} other` : ''})`,
      `<= ${target}/min`,
      c.evaluated <= target && c.other === 0 ? 'pass' : 'FAIL',
    ];
    const rows = [
      row(`sign-in guesses evaluated, one email, ${GUESSERS} guessers from one address`, one, oneTarget),
      row(`sign-in guesses evaluated, one email, ${GUESSERS} guessers from ${GUESSERS} addresses`, many, manyTarget),
    ];
    printBenchTable(`Sign-in limits (server process, PGlite, ${SECONDS} s of parallel guessing)`, rows);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
