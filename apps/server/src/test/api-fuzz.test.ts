import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode, ZApiErrorSchema } from '@rostrum/contract';
import { insertAssignment, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from './harness.js';
import {
  encodeAny,
  hostileBody,
  hostileParam,
  hostileQuery,
  type TFuzzOperation,
  type TFuzzRequest,
  type TJsonSchema,
} from './api-fuzz.arbitraries.js';
import { StripeStandIn } from './stripe-stand-in.js';
import { createStripeClient, StripePayments } from '../modules/subscriptions/index.js';

// Property-based fuzzing of every operation in the OpenAPI document (and the two hidden ones,
// uploads and media): malformed input must never produce a 5xx, every refusal keeps the error
// shape, and no answer leaks a stack trace or SQL. The seed is fixed so a failure reproduces;
// FUZZ_SEED and FUZZ_RUNS override it for a longer hunt.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS_PER_FAMILY = Number(process.env.FUZZ_RUNS ?? 300);

const STACK = /\bat [^\s]+ \(?[^\s)]*\.(?:js|ts|mjs):\d+/;
const SQL =
  /\b(?:select\s.+\sfrom|insert into|delete from|update\s+\S+\s+set)\b|syntax error at|violates .* constraint|duplicate key value|relation "[^"]+"|column "[^"]+"|invalid input syntax|unterminated/i;

let t: TTestApp;
const who: Record<'anonymous' | 'speaker' | 'admin', string | undefined> = { anonymous: undefined, speaker: undefined, admin: undefined };
let ids: string[] = [];
let operations: TFuzzOperation[] = [];

// Card payments and Stripe's webhook are fuzzed with Stripe configured (the local stand-in).
const stripeStandIn = new StripeStandIn();

beforeAll(async () => {
  const api = await stripeStandIn.start();
  const stripe = { secretKey: 'sk_test_standin', publishableKey: 'pk_test_standin', webhookSecret: 'whsec_fuzz', api };
  t = await startTestApp({ payments: new StripePayments(createStripeClient(stripe), stripe), config: { stripe } });
  const { org, admin, speaker, group } = await makeOrg(t.db, { settings: { Assignments: true, Custom_Wordspotting_For_Orgs: true } });
  who.admin = await signInAs(t, admin.email);
  who.speaker = await signInAs(t, speaker.email);
  const rec = await insertDoneRecording(t.db, speaker, group.id);
  const { assignment, scorecard } = await insertAssignment(t.db, admin, group.id, { custom: ['Storytelling'] });
  // A template: its criteria, word list and scorecard are editable (an assigned one's are locked).
  const { assignment: template } = await insertAssignment(t.db, admin, group.id, { isTemplate: true, custom: ['Story'] });
  ids = [org.id, group.id, rec.id, assignment.id, scorecard!.id, speaker.id, admin.id, template.id];
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: TJsonSchema }> }; parameters?: { in: string; name: string }[] }>
    >;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        bodyProps: Object.keys(schema?.properties ?? {}),
        queryNames: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        ...(schema ? { bodySchema: schema } : {}),
      });
    }
  }
  // Hidden from the document but reachable: resumable uploads, signed media and shared media.
  operations.push(
    { method: 'POST', path: '/api/v1/uploads', bodyProps: [], queryNames: [], raw: true },
    { method: 'PATCH', path: '/api/v1/uploads/{id}', bodyProps: [], queryNames: [], raw: true },
    { method: 'HEAD', path: '/api/v1/uploads/{id}', bodyProps: [], queryNames: [], raw: true },
    { method: 'GET', path: '/api/v1/media/{id}/{kind}', bodyProps: [], queryNames: ['exp', 'sig'] },
    { method: 'GET', path: '/api/v1/shared/{token}/media/{kind}', bodyProps: [], queryNames: [] },
  );
  // Signing out would end the fuzzing identities' sessions; it is fuzzed anonymously only.
  operations = operations.filter((o) => !o.path.endsWith('/openapi.json'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await stripeStandIn.close();
});

/** The operations grouped by their first path segment after the prefix ("auth", "recordings" ...). */
function families(): Map<string, TFuzzOperation[]> {
  const map = new Map<string, TFuzzOperation[]>();
  for (const op of operations) {
    const family = op.path.replace('/api/v1/', '').split('/')[0]!;
    map.set(family, [...(map.get(family) ?? []), op]);
  }
  return map;
}

function buildRequest(op: TFuzzOperation, params: string[], query: Record<string, string>, body: TFuzzRequest, caller: keyof typeof who) {
  let i = 0;
  const path = op.path.replace(/\{[^}]+\}/g, () => params[i++ % params.length] ?? '');
  const qs = Object.entries(query)
    .map(([k, v]) => `${encodeAny(k)}=${encodeAny(v)}`)
    .join('&');
  const auth = op.method === 'POST' && op.path.endsWith('/auth/sign-out') ? undefined : who[caller];
  const headers: Record<string, string> = { ...(auth ? { authorization: auth } : {}), ...body.headers };
  return { method: op.method, url: qs ? `${path}?${qs}` : path, headers, payload: body.payload };
}

/**
 * The writes that store user text in jsonb (preferences, word lists, criteria, scorecards,
 * recording options): the fuzzing must get schema-valid bodies to each of them.
 */
const JSONB_WRITES = [
  'PUT /api/v1/me/preferences',
  'PUT /api/v1/wordspotting',
  'POST /api/v1/assignments',
  'PATCH /api/v1/assignments/{id}',
  'PUT /api/v1/assignments/{id}/scorecard',
  'POST /api/v1/scorecards/{id}/responses',
];

/** Operations a fuzzed request got past validation in (signed in, body and parameters accepted). */
const reached = new Set<string>();
const passedValidation = (res: { statusCode: number; json: () => unknown }) => {
  if (res.statusCode === 401 || res.statusCode === 402 || res.statusCode === 415) return false;
  if (res.statusCode !== 400) return true;
  try {
    return (res.json() as { errors?: { code?: string }[] }).errors?.[0]?.code !== ERROR_CODES.requestInvalid;
  } catch {
    return false;
  }
};

const FAMILIES = [
  'admin',
  'assignments',
  'auth',
  'btc',
  'client-config',
  'email-preferences',
  'feedback',
  'groups',
  'health',
  'history',
  'invites',
  'legal',
  'live-captures',
  'lti',
  'me',
  'media',
  'notices',
  'org',
  'payments',
  'practice-prompts',
  'recordings',
  'review-queue',
  'scorecards',
  'shared',
  'subscription',
  'unsubscribe',
  'uploads',
  'users',
  'wordspotting',
  'zoom',
];

describe('API fuzzing', () => {
  it('covers every family of operations in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect([...families().keys()].sort()).toEqual([...FAMILIES].sort());
  });

  for (const familyName of FAMILIES) {
    it(`${familyName}: malformed input never gives a 5xx, always the error shape, no stack or SQL`, async () => {
      const ops = families().get(familyName);
      if (!ops) return expect.fail(`no operations in family ${familyName}: update this list`);
      const arbitrary = fc
        .record({
          op: fc.constantFrom(...ops),
          params: fc.array(hostileParam(ids), { minLength: 2, maxLength: 2 }),
          query: hostileQuery(ops.flatMap((o) => o.queryNames)),
          caller: fc.constantFrom('anonymous' as const, 'speaker' as const, 'admin' as const, 'admin' as const),
        })
        .chain((x) =>
          hostileBody(x.op.bodyProps, x.op.raw, x.op.bodySchema && { schema: x.op.bodySchema, ids }).map((body) => ({ ...x, body })),
        );
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ op, params, query, caller, body }) => {
          const req = buildRequest(op, params, query, body, caller);
          const res = await t.app.inject(req as InjectOptions);
          if (passedValidation(res)) reached.add(`${op.method} ${op.path}`);
          const where = `${req.method} ${req.url.slice(0, 300)} as ${caller} with ${String(req.payload).slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          expect(STACK.test(res.body), `stack trace in ${where}: ${res.body.slice(0, 300)}`).toBe(false);
          expect(SQL.test(res.body), `SQL in ${where}: ${res.body.slice(0, 300)}`).toBe(false);
          if (res.statusCode >= 400 && req.method !== 'HEAD') {
            let parsed: unknown = null;
            try {
              parsed = res.json();
            } catch {
              parsed = null;
            }
            const shape = ZApiErrorSchema.safeParse(parsed);
            expect(shape.success, `error shape of ${where}: ${res.body.slice(0, 300)}`).toBe(true);
            // Every error item carries a known, stable code (ERROR_CODES).
            for (const item of shape.data?.errors ?? []) {
              expect(isErrorCode(item.code), `unknown error code "${item.code}" in ${where}`).toBe(true);
            }
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_FAMILY, endOnFailure: true },
      );
    }, 120_000);
  }

  // Runs after the families: their schema-shaped bodies got past validation into every jsonb write.
  it('reaches every jsonb write with bodies that pass validation', () => {
    expect(JSONB_WRITES.filter((op) => !operations.some((o) => `${o.method} ${o.path}` === op))).toEqual([]);
    expect(JSONB_WRITES.filter((op) => !reached.has(op))).toEqual([]);
  });
});
