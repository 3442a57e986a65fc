import fc from 'fast-check';

// Hostile input for the API fuzzing suite: what an attacker or a broken client sends.

export interface TFuzzOperation {
  method: string;
  /** OpenAPI form, e.g. /api/v1/recordings/{id}. */
  path: string;
  /** Property names of the JSON body schema, so fuzzed bodies reach the fields' own checks. */
  bodyProps: string[];
  queryNames: string[];
  /** Not JSON: the tus upload protocol (headers and raw bytes). */
  raw?: boolean;
  /** The JSON body's schema from the OpenAPI document, so some bodies are valid and reach the handler. */
  bodySchema?: TJsonSchema;
}

/** The part of JSON Schema the OpenAPI document uses for request bodies (no $ref). */
export interface TJsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  additionalProperties?: boolean | TJsonSchema;
  items?: TJsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
}

export interface TFuzzRequest {
  headers: Record<string, string>;
  payload: string | undefined;
}

const TRAVERSAL = [
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '....//....//',
  '%2e%2e%2f%2e%2e%2f',
  '..%00/',
  'file:///etc/passwd',
  '\\\\server\\share',
];
// biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally.
const TEMPLATE_PROBE = '${7*7}';
/** Unpaired UTF-16 surrogates: JSON carries them as escapes ("\\ud800"), and they are not text. */
const LONE_SURROGATES = ['\ud800', 'x\udc00', 'so\udbff', '\udfffend'];
const TRICKY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  ...LONE_SURROGATES,
  '\u202e',
  '\ud83d\ude00',
  '\ufeff',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  TEMPLATE_PROBE,
  '{{7*7}}',
  '%s%s%s',
  '\r\nX-Injected: 1',
];
const HUGE = ['a'.repeat(100_000), '\u00e9'.repeat(20_000), `${'x'.repeat(5000)}@example.test`];

const hostileString = fc.oneof(
  fc.constantFrom(...TRAVERSAL, ...TRICKY, ...HUGE),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.uuid().map((u) => u.toUpperCase()),
  fc.emailAddress(),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 0.5, -0.000001),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 3 }),
  ),
})).value;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * encodeURIComponent for any string: an unpaired surrogate (which it refuses) is sent as the
 * three bytes UTF-8 would give it (%ED%A0%80 for \ud800), which are not valid UTF-8.
 */
export function encodeAny(s: string): string {
  let out = '';
  let last = 0;
  for (const m of s.matchAll(LONE_SURROGATE)) {
    const u = m[0].charCodeAt(0);
    const bytes = [0xed, 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)];
    out += encodeURIComponent(s.slice(last, m.index)) + bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    last = m.index + 1;
  }
  return out + encodeURIComponent(s.slice(last));
}

/** A path segment: real ids (some upper-cased), random uuids, traversal and junk, URL-encoded. */
export function hostileParam(ids: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    // Real ids most often, so bodies that pass validation reach the resources' handlers.
    { weight: 4, arbitrary: fc.constantFrom(...ids) },
    fc.constantFrom(...ids).map((id) => id.toUpperCase()),
    fc.uuid(),
    fc.constantFrom('..', '%2e%2e', '..%2F..%2Fetc%2Fpasswd', '%00', '%2F', 'audio', 'peaks', '-1', '99999999999999999999', 'a'.repeat(90)),
    hostileString.map((s) => encodeAny(s.slice(0, 300))),
  );
}

/** A query string over the operation's own names plus unknown ones. */
export function hostileQuery(names: string[]): fc.Arbitrary<Record<string, string>> {
  const key = names.length ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 12 })) : fc.string({ maxLength: 12 });
  return fc.dictionary(
    key,
    hostileString.map((s) => s.slice(0, 3000)),
    { maxKeys: 4 },
  );
}

const json = (v: unknown): TFuzzRequest => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(v) });

/**
 * A request body: wrong types in the right fields, any JSON, broken JSON, wrong content types;
 * and, given the body's schema and the fixtures' ids, bodies that satisfy it (schemaShaped).
 */
export function hostileBody(props: string[], raw = false, shaped?: { schema: TJsonSchema; ids: string[] }): fc.Arbitrary<TFuzzRequest> {
  const fields = props.length
    ? fc.dictionary(fc.oneof(fc.constantFrom(...props), fc.constantFrom(...props), fc.string({ maxLength: 10 })), hostileValue, {
        maxKeys: props.length + 1,
      })
    : fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 3 });
  const variants: fc.Arbitrary<TFuzzRequest>[] = [
    fields.map(json),
    fields.map(json),
    fc.jsonValue().map(json),
    fc
      .constantFrom(
        '{',
        '{"a":',
        "{'a':1}",
        '[1,2',
        '{"a":1}}',
        'nul',
        '\u0000',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
      )
      .map((p) => ({
        headers: { 'content-type': 'application/json' },
        payload: p,
      })),
    fc
      .record({
        type: fc.constantFrom(
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
          'application/offset+octet-stream',
          'image/png',
          '',
        ),
        body: fc.string({ maxLength: 200 }),
      })
      .map(({ type, body }): TFuzzRequest => ({ headers: type ? { 'content-type': type } : {}, payload: body })),
    fc.constant<TFuzzRequest>({ headers: {}, payload: undefined }),
  ];
  if (raw) {
    // The tus protocol's own headers, malformed.
    variants.push(
      fc
        .record({
          resumable: fc.constantFrom('1.0.0', '0.2.2', '', 'x'),
          length: fc.oneof(
            hostileNumber.map(String),
            hostileString.map((s) => s.slice(0, 50)),
          ),
          offset: fc.oneof(hostileNumber.map(String), fc.constant('0')),
          metadata: fc.oneof(
            fc.constant(''),
            fc
              .tuple(fc.constantFrom('recordingId', 'filename', 'filetype', 'x'), hostileString)
              .map(([k, v]) => `${k} ${Buffer.from(v.slice(0, 500)).toString('base64')}`),
            hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '').slice(0, 500)), // printable ASCII only: a header value
          ),
          body: fc.string({ maxLength: 100 }),
        })
        .map((h) => ({
          headers: {
            'tus-resumable': h.resumable,
            'upload-length': h.length.replace(/[^\x20-\x7e]/g, ''),
            'upload-offset': h.offset,
            'upload-metadata': h.metadata,
            'content-type': 'application/offset+octet-stream',
          },
          payload: h.body,
        })),
    );
  }
  const hostile = fc.oneof(...variants);
  // With the body's schema, half the bodies satisfy it (but for one hostile value, mostly).
  return shaped ? fc.oneof(hostile, validBody(shaped.schema, shaped.ids).map(json)) : hostile;
}

/**
 * A body that satisfies the schema, then (three times in four) with one string or key replaced by
 * hostile text (an unpaired surrogate, NUL, markup): such bodies pass validation but for that one
 * value and so reach the handlers and the database writes, which malformed bodies never do.
 */
export function validBody(schema: TJsonSchema, ids: string[]): fc.Arbitrary<unknown> {
  return schemaShaped(schema, ids).chain((body) => {
    const spots = textSpots(body);
    if (!spots.length) return fc.constant(body);
    const replaced = (texts: string[]) =>
      fc.tuple(fc.nat(spots.length - 1), fc.constantFrom(...texts)).map(([i, text]) => replaceSpot(body, spots[i]!, text));
    return fc.oneof(
      { weight: 1, arbitrary: fc.constant(body) },
      { weight: 1, arbitrary: replaced(HOSTILE_TEXT) },
      { weight: 2, arbitrary: replaced(LONE_SURROGATES) },
    );
  });
}

const HOSTILE_TEXT = [...LONE_SURROGATES, 'a\u0000b', '<script>alert(1)</script>', "' or 1=1 --", '\u202e', '=HYPERLINK("x")'];

/** Where text sits in a JSON value: each string value and each key, as a path of keys and indices. */
type TSpot = { path: (string | number)[]; key: boolean };
function textSpots(v: unknown, path: (string | number)[] = []): TSpot[] {
  if (typeof v === 'string') return [{ path, key: false }];
  if (Array.isArray(v)) return v.flatMap((x, i) => textSpots(x, [...path, i]));
  if (v && typeof v === 'object') {
    return Object.entries(v).flatMap(([k, x]) => [{ path: [...path, k], key: true }, ...textSpots(x, [...path, k])]);
  }
  return [];
}

function replaceSpot(body: unknown, spot: TSpot, text: string): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const step of spot.path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = spot.path[spot.path.length - 1];
  if (last === undefined) return text;
  if (!spot.key) parent[last] = text;
  else {
    parent[`${String(last)}${text}`] = parent[last];
    delete parent[last];
  }
  return copy;
}

/** Values that satisfy a body schema, plain text only; ids from the fixtures, a few known fields with values the server accepts. */
function schemaShaped(schema: TJsonSchema, ids: string[], name = '', depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => schemaShaped(a, ids, name, depth + 1)));
  if (schema.allOf?.length) return schemaShaped(schema.allOf[0]!, ids, name, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => schemaShaped({ ...schema, type }, ids, name, depth)));
  switch (types[0]) {
    case 'string':
      return shapedString(schema, ids, name);
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? 0, -(2 ** 31)), max: Math.min(schema.maximum ?? 100, 2 ** 31) });
    case 'number':
      return fc.double({ min: schema.minimum ?? 0, max: schema.maximum ?? 100, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schemaShaped(schema.items ?? {}, ids, name, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const props = schema.properties ?? {};
      // Optional fields one time in three: bodies that take one of several (orgId, groupId, userId) often pass.
      const required = new Set(schema.required ?? []);
      const known = fc
        .record(
          Object.fromEntries(
            Object.entries(props).map(([k, v]) => {
              const value = schemaShaped(v, ids, k, depth + 1);
              return [
                k,
                required.has(k) ? value : fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value }),
              ];
            }),
          ),
        )
        .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
      // An open body (preferences) also gets keys of its own; nested open objects often constrain their keys.
      if (depth > 0 || typeof schema.additionalProperties !== 'object') return known;
      const extra = schemaShaped(schema.additionalProperties, ids, '', depth + 1);
      return fc.tuple(known, fc.dictionary(plainText(1, 10), extra, { maxKeys: 2 })).map(([k, e]) => ({ ...e, ...k }));
    }
    default:
      return fc.constant(null);
  }
}

/** Values the server accepts for a few fields, so bodies get past the first business check. */
const KNOWN_STRINGS: Record<string, string[]> = { algorithm: ['rostrum-default'], attachmentType: ['link'] };

function shapedString(schema: TJsonSchema, ids: string[], name: string): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.constantFrom(...ids);
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.constant('https://example.com/a');
    case 'date-time':
      return fc.constant(new Date().toISOString());
    case 'date':
      return fc.constant(new Date().toISOString().slice(0, 10));
  }
  const known = KNOWN_STRINGS[name];
  return known ? fc.constantFrom(...known) : plainText(schema.minLength ?? 0, Math.min(schema.maxLength ?? 20, 20));
}

const plainText = (minLength: number, maxLength: number) =>
  fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz '),
    minLength: Math.max(minLength, 1),
    maxLength: Math.max(maxLength, 1),
  });
