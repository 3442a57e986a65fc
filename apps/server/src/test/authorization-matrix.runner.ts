import { isDeepStrictEqual } from 'node:util';
import { randomUUID } from 'node:crypto';
import { API_PREFIX } from '@rostrum/contract';
import { CALLERS, type TCaller, type TLevels } from './authorization-matrix.oracle.js';
import { pool, type TCombo, type TWorld } from './authorization-matrix.fixtures.js';

// Runs the cells of the matrix: one request per (operation, caller, privacy levels, variant),
// each compared with the oracle's expectation. Failures come back as text grouped by problem.

export type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What one cell calls: the path parameters of the row's template, the query and the body. */
export type TTarget = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Extra request headers and a raw body, for the tus upload calls (not JSON). */
  headers?: Record<string, string>;
  payload?: string;
  /** The resource state a forbidden call must leave alone (and an allowed one change). */
  state?: () => Promise<unknown>;
};

/** The expected outcome; `check` lists what is wrong with a 2xx `data` (hidden fields, rows). */
/** A 2xx answer's `data`, parsed JSON (a CSV download's text); each check reads the fields it is about. */
// biome-ignore lint/suspicious/noExplicitAny: checks index response JSON freely; a missing or wrong field fails their comparisons.
export type TJson = any;
export type TExpect = { status: number; check?: (data: TJson) => string[]; changes?: boolean };

export type TCellArgs<V> = { combo: TCombo; caller: TCaller; variant: V; world: TWorld };

/** One table row: how to build the target of an operation and what the oracle expects. */
export type TRow<V = string> = {
  variants: readonly V[];
  /** Writes: cells build throwaway targets and run after every read. */
  mutates: boolean;
  target: (a: TCellArgs<V>) => Promise<TTarget>;
  expect: (a: TCellArgs<V>) => TExpect;
  label?: (v: V) => string;
};

/** A row with its variant type erased, so one table can hold rows of every kind. */
export const row = <V>(r: TRow<V>): TRow<unknown> => r as unknown as TRow<unknown>;

export type TCellResult = { cell: string; problems: string[] };

export type TIdStyle = 'as-is' | 'upper';

/**
 * Identifiers of another service, not of a Rostrum resource: POST zoom/recordings names Zoom's
 * meeting and recording file (Zoom checks them against the caller's own Zoom account). Its
 * Rostrum ids, groupId and assignmentId, are optional as on POST recordings; the Zoom API tests
 * cover another organisation's group and assignment (modules/zoom/zoom.routes.test.ts).
 */
// An LTI platform's clientId (issue 42) is the platform's name for the tool, not a Rostrum id either.
const FOREIGN_IDS: ReadonlySet<string> = new Set(['meetingId', 'fileId', 'clientId']);
export const isId = (name: string) => name === 'id' || (/Id$/.test(name) && !FOREIGN_IDS.has(name));

/**
 * The ids a target sends, in a fixed order and once per value: id-like path, query and top-level
 * body fields. Other path parameters (an export's {format}, a share link's {token}) are not ids.
 */
export function idsOf(t: TTarget): { where: string; value: string }[] {
  const body = t.body && typeof t.body === 'object' ? (t.body as Record<string, unknown>) : {};
  const all = [
    ...Object.entries(t.params ?? {})
      .filter(([k]) => isId(k))
      .map(([k, value]) => ({ where: `path {${k}}`, value })),
    ...Object.entries(t.query ?? {})
      .filter(([k]) => isId(k))
      .map(([k, value]) => ({ where: `query ${k}`, value })),
    ...Object.entries(body)
      .filter(([k, v]) => isId(k) && typeof v === 'string')
      .map(([k, v]) => ({ where: `body ${k}`, value: v as string })),
  ];
  return all.filter((id, i) => all.findIndex((o) => o.value === id.value) === i);
}

/** The address a cell calls: the row's template filled from the target, with its query. */
export function url(op: string, t: TTarget, style: TIdStyle, replace?: { from: string; to: string }) {
  const path = op.slice(op.indexOf(' ') + 1);
  const fix = (v: string) => {
    const r = replace && v === replace.from ? replace.to : v;
    return style === 'upper' ? r.toUpperCase() : r;
  };
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = t.params?.[name];
    if (v === undefined) throw new Error(`${op}: the row gives no value for {${name}}`);
    return encodeURIComponent(isId(name) ? fix(v) : v);
  });
  const query = Object.entries(t.query ?? {}).map(([k, v]) => `${k}=${encodeURIComponent(isId(k) ? fix(v) : v)}`);
  return `${API_PREFIX}${filled}${query.length ? `?${query.join('&')}` : ''}`;
}

export type TCellOptions = { style?: TIdStyle; replaceId?: { from: (t: TTarget) => string; to: string }; expectStatus?: number };

/** Runs one cell and returns what is wrong with it (empty: the cell passes). */
export async function runCell<V>(op: string, r: TRow<V>, a: TCellArgs<V>, opts: TCellOptions = {}): Promise<string[]> {
  const target = await r.target(a);
  const exp = opts.expectStatus !== undefined ? { status: opts.expectStatus } : r.expect(a);
  const before = target.state ? await target.state() : undefined;
  const method = op.slice(0, op.indexOf(' ')) as TMethod;
  const replace = opts.replaceId ? { from: opts.replaceId.from(target), to: opts.replaceId.to } : undefined;
  let body = target.body;
  if (replace && body !== undefined) body = JSON.parse(JSON.stringify(body).split(replace.from).join(replace.to));
  const auth = a.combo.auth[a.caller];
  const res = await a.world.t.app.inject({
    method,
    url: url(op, target, opts.style ?? 'as-is', replace),
    headers: { ...target.headers, ...(auth ? { authorization: auth } : {}) },
    ...(body !== undefined ? { payload: body as object } : target.payload !== undefined ? { payload: target.payload } : {}),
  });
  const problems: string[] = [];
  let json: { data?: unknown } | null = null;
  // A 2xx may be empty (tus answers 204) or a CSV download (its check reads the text) or a data
  // export's zip; every error carries the JSON error shape.
  const csv = res.statusCode < 300 && /^(text\/csv|application\/zip)/.test(String(res.headers['content-type'] ?? ''));
  if (csv) json = { data: res.body };
  else if (res.body !== '' || res.statusCode >= 300) {
    try {
      json = res.json();
    } catch {
      problems.push('response is not JSON');
    }
  }
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  if (res.statusCode !== exp.status) problems.push(`status ${res.statusCode}, expected ${exp.status}`);
  else if (ok && 'check' in exp && exp.check) problems.push(...exp.check(json?.data));
  if (!ok && json && json.data !== undefined) problems.push('an error response carries data');
  if (target.state) {
    const changed = !isDeepStrictEqual(before, await target.state());
    const expectOk = exp.status >= 200 && exp.status < 300;
    if (!expectOk && changed) problems.push('a refused call changed the resource');
    if (expectOk && ok && !changed && ('changes' in exp ? exp.changes !== false : true)) problems.push('an allowed call changed nothing');
  }
  return problems;
}

export const cellName = (caller: TCaller, lv: TLevels, variant: string) =>
  `${caller}@c${lv.coach}/s${lv.speaker}${variant ? ` ${variant}` : ''}`;

/** Every cell of one operation: callers x combinations x variants. */
export function cellsOf<V>(r: TRow<V>, world: TWorld, combos: readonly TCombo[] = world.combos, callers: readonly TCaller[] = CALLERS) {
  return combos.flatMap((combo) => callers.flatMap((caller) => r.variants.map((variant) => ({ combo, caller, variant, world }))));
}

/** Requests in flight at once: enough to keep 2 cores and the database pool (10) busy, no more. */
const CELL_CONCURRENCY = 8;

/** Runs the cells with limited concurrency; returns the failing ones. */
export async function runCells<V>(
  op: string,
  r: TRow<V>,
  cells: TCellArgs<V>[],
  opts: TCellOptions = {},
  limit = CELL_CONCURRENCY,
): Promise<TCellResult[]> {
  const label = r.label ?? ((v: V) => String(v));
  const results = await pool(cells, limit, async (a) => {
    let problems: string[];
    try {
      problems = await runCell(op, r, a, opts);
    } catch (err) {
      problems = [`threw: ${(err as Error).message}`];
    }
    return { cell: cellName(a.caller, a.combo.lv, label(a.variant)), problems };
  });
  return results.filter((x) => x.problems.length > 0);
}

/** Failing cells grouped by problem, one line per problem, for the assertion message. */
export function report(op: string, total: number, failures: TCellResult[]): string {
  if (!failures.length) return '';
  const byProblem = new Map<string, string[]>();
  for (const f of failures) for (const p of f.problems) byProblem.set(p, [...(byProblem.get(p) ?? []), f.cell]);
  const lines = [...byProblem.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([p, cells]) => `  - ${p} [${cells.length}]: ${cells.join(', ')}`);
  return `${op}: ${failures.length} of ${total} cells fail\n${lines.join('\n')}`;
}

/** A fresh id nobody has, and a malformed one. */
export const unknownId = () => randomUUID();
export const MALFORMED_ID = 'not-a-uuid';

// ---- the OpenAPI side ---------------------------------------------------------------------

type TOpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { required?: string[] } }> };
};

/**
 * The operations that take an id: a path parameter, a query parameter named like an id
 * (groupId, recordingId, userId) or a required body field named like one (POST feedback's
 * recordingId). Keys look like "GET /recordings/{id}" (without the /api/v1 prefix).
 */
export function operationsTakingAnId(doc: { paths: Record<string, Record<string, TOpenApiOperation>> }): string[] {
  const out: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      const required = op.requestBody?.content?.['application/json']?.schema?.required ?? [];
      const takesId = params.some((p) => p.in === 'path' || (p.in === 'query' && isId(p.name))) || required.some(isId);
      if (takesId) out.push(`${method.toUpperCase()} ${path.slice(API_PREFIX.length)}`);
    }
  }
  return out.sort();
}
