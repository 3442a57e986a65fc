import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_PREFIX, ERROR_CODES } from '@rostrum/contract';
import { memberships } from '../db/schema.js';
import { addMember, signInAs, startTestApp, type TTestApp } from './harness.js';
import { buildWorld, comboName, type TCombo, type TWorld } from './authorization-matrix.fixtures.js';
import { MATRIX_STRIPE, NEEDS_SUBSCRIPTION, TABLE } from './authorization-matrix.table.js';
import { createStripeClient, StripePayments } from '../modules/subscriptions/index.js';
import {
  cellsOf,
  idsOf,
  MALFORMED_ID,
  operationsTakingAnId,
  report,
  runCell,
  runCells,
  unknownId,
  url,
  type TCellArgs,
  type TRow,
} from './authorization-matrix.runner.js';
import type { TCaller } from './authorization-matrix.oracle.js';

// The standing authorisation matrix (security issue): every API operation that takes an id x
// {anonymous, owner, peer, coach, org admin, another organisation's admin} x coach privacy
// 0-3 x speaker privacy 0-4 (x the row's variants: shared, submitted or private recordings;
// whose feedback...). Each cell asserts the status the oracle (written from the spec) expects
// and, for reads, that hidden fields are absent; for writes, that a refused call changes
// nothing. An operation of the OpenAPI document without a row fails the first test.
//
// All 20 level pairs are covered, also the uncoupled ones (one side 0, the other not): the
// admin form couples them (000 §4) but the database and older data allow any pair, and the
// spec defines each side's table on its own. Level 0 comes with Assignments off, as in the spec.

let t: TTestApp;
let world: TWorld;
const started = Date.now();
const totals = { cells: 0, failing: 0 };

beforeAll(async () => {
  const api = await MATRIX_STRIPE.start();
  const stripe = { secretKey: 'sk_test_standin', publishableKey: 'pk_test_standin', webhookSecret: 'whsec_matrix', api };
  t = await startTestApp({ payments: new StripePayments(createStripeClient(stripe), stripe), config: { stripe } });
  world = await buildWorld(t);
}, 120_000);
afterAll(async () => {
  console.log(
    `authorization matrix: ${Object.keys(TABLE).length} operations, ${totals.cells} cells, ${totals.failing} failing, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await t?.close();
  await MATRIX_STRIPE.close();
});

const combo = (coach: number, speaker: number): TCombo => world.combos.find((c) => c.lv.coach === coach && c.lv.speaker === speaker)!;

async function expectCells(op: string, r: TRow<unknown>, cells: TCellArgs<unknown>[], opts: Parameters<typeof runCells>[3] = {}) {
  const failures = await runCells(op, r, cells, opts);
  totals.cells += cells.length;
  totals.failing += failures.length;
  expect(failures.length, report(op, cells.length, failures)).toBe(0);
}

// Reads first, on the shared fixtures; then writes, each on throwaway resources.
const rows = Object.entries(TABLE).sort(([, a], [, b]) => Number(a.mutates) - Number(b.mutates));

describe('authorization matrix', () => {
  it('has a row for every operation of the OpenAPI document that takes an id, and none for a gone one', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API_PREFIX}/openapi.json` })).json();
    const operations = operationsTakingAnId(doc);
    const missing = operations.filter((op) => !(op in TABLE));
    const gone = Object.keys(TABLE).filter((op) => !operations.includes(op));
    expect({ missing, gone }, 'add a row to authorization-matrix.table.ts for each missing operation; remove gone ones').toEqual({
      missing: [],
      gone: [],
    });
  });

  describe('every caller x coach level 0-3 x speaker level 0-4', () => {
    for (const [op, r] of rows) it(op, () => expectCells(op, r, cellsOf(r, world)), 120_000);
  });

  // UUIDs are case-insensitive (RFC 4122): an id in upper case must get the same answer.
  describe('ids in upper case get the same answers (c2/s2)', () => {
    for (const [op, r] of rows) it(op, () => expectCells(op, r, cellsOf(r, world, [combo(2, 2)]), { style: 'upper' }), 60_000);
  });

  // For a caller the oracle allows (c1/s1): each id replaced by an unknown one is 404, by a malformed one 400.
  describe('unknown ids are 404 and malformed ones 400', () => {
    for (const [op, r] of rows) {
      it(op, async () => {
        const allowed = cellsOf(r, world, [combo(1, 1)], ['owner', 'coach', 'admin', 'peer'] satisfies TCaller[]).find(
          (a) => r.expect(a).status < 300,
        );
        expect(allowed, `${op}: no caller is allowed at c1/s1`).toBeDefined();
        const probe = await r.target(allowed!);
        const problems: string[] = [];
        for (const [i, id] of idsOf(probe).entries()) {
          for (const [to, status] of [
            [unknownId(), 404],
            [MALFORMED_ID, 400],
          ] as const) {
            const found = await runCell(op, r, allowed!, { replaceId: { from: (tg) => idsOf(tg)[i]!.value, to }, expectStatus: status });
            problems.push(
              ...found.map(
                (p) => `${allowed!.caller}@${comboName(allowed!.combo.lv)} ${id.where} = ${to === MALFORMED_ID ? to : 'unknown'}: ${p}`,
              ),
            );
          }
        }
        expect(problems, problems.join('\n')).toEqual([]);
      }, 30_000);
    }
  });

  // The subscription column: a speaker whose membership expired (no active subscription) calls
  // each operation with the target of a caller the oracle allows at c1/s1. The rule runs before
  // any lookup, so the answer is 402 on exactly the operations that need a subscription, and a
  // refused write changes nothing.
  describe('a speaker without an active subscription gets 402 on exactly the subscription column', () => {
    let lapsed: string;
    beforeAll(async () => {
      const c = combo(1, 1);
      const u = await addMember(t.db, c.org.id, c.group.id, ['speaker']);
      await t.db
        .update(memberships)
        .set({ expiresAt: new Date(Date.now() - 86_400_000) })
        .where(eq(memberships.userId, u.id));
      lapsed = await signInAs(t, u.email);
    });

    it('has an entry for every row', () => {
      expect(Object.keys(NEEDS_SUBSCRIPTION).sort()).toEqual(Object.keys(TABLE).sort());
    });

    for (const [op, r] of rows) {
      it(op, async () => {
        const allowed = cellsOf(r, world, [combo(1, 1)], ['owner', 'coach', 'admin', 'peer'] satisfies TCaller[]).find(
          (a) => r.expect(a).status < 300,
        );
        const target = await r.target(allowed!);
        const before = target.state ? await target.state() : undefined;
        const res = await t.app.inject({
          method: op.slice(0, op.indexOf(' ')) as 'GET',
          url: url(op, target, 'as-is'),
          headers: { ...target.headers, authorization: lapsed },
          ...(target.body !== undefined
            ? { payload: target.body as object }
            : target.payload !== undefined
              ? { payload: target.payload }
              : {}),
        });
        if (NEEDS_SUBSCRIPTION[op]) {
          expect(res.statusCode, res.body).toBe(402);
          expect(res.json().errors[0].code).toBe(ERROR_CODES.subscriptionRequired);
          if (target.state) expect(await target.state()).toEqual(before);
        } else {
          expect(res.statusCode, res.body).not.toBe(402);
        }
      }, 30_000);
    }
  });
});
