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
const TRICKY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
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

/** A path segment: real ids (some upper-cased), random uuids, traversal and junk, URL-encoded. */
export function hostileParam(ids: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...ids),
    fc.constantFrom(...ids).map((id) => id.toUpperCase()),
    fc.uuid(),
    fc.constantFrom('..', '%2e%2e', '..%2F..%2Fetc%2Fpasswd', '%00', '%2F', 'audio', 'peaks', '-1', '99999999999999999999', 'a'.repeat(90)),
    hostileString.map((s) => encodeURIComponent(s.slice(0, 300))),
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

/** A request body: wrong types in the right fields, any JSON, broken JSON, wrong content types. */
export function hostileBody(props: string[], raw = false): fc.Arbitrary<TFuzzRequest> {
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
  return fc.oneof(...variants);
}
