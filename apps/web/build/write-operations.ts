import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Writes the web client's operations table (src/api/operations.gen.ts) from the server's OpenAPI
// document, beside the types openapi-typescript writes from it: one function per operationId, so
// a new route needs no hand-written client line. Run at set-up and by `npm run generate:api`:
//   node apps/web/build/write-operations.ts .tmp/openapi.json apps/web/src/api/operations.gen.ts

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
type TMethod = (typeof METHODS)[number];

interface TParameter {
  in: string;
  required?: boolean;
}
interface TOperation {
  operationId?: string;
  summary?: string;
  parameters?: TParameter[];
  requestBody?: { required?: boolean };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
export interface TOpenApiDocument {
  paths: Record<string, Partial<Record<TMethod, TOperation>>>;
}

/** How the browser receives an operation's answer: the API's JSON envelope, a file, or not at all. */
type TAnswer = 'json' | 'file' | 'none';

function answerOf(op: TOperation): TAnswer {
  const types = Object.entries(op.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, r]) => Object.keys(r.content ?? {}));
  if (types.length === 0) return 'none';
  return types.every((t) => t === 'application/json') ? 'json' : 'file';
}

/** Whether openapi-fetch's init (path, query, body) must be given: a path parameter, a required query or body. */
function initRequired(op: TOperation): boolean {
  return (op.parameters ?? []).some((p) => p.in === 'path' || p.required === true) || op.requestBody?.required === true;
}

/** A summary as a one-line doc comment (a `*​/` in it would end the comment early). */
function docLine(text: string): string {
  return text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim();
}

/**
 * The module's text. Operations whose answer is neither JSON nor a file (tus uploads, which
 * tus-js-client speaks) and operations without an operationId are left out.
 */
export function renderOperations(doc: TOpenApiDocument): string {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const [route, methods] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = methods[method];
      const name = op?.operationId;
      if (!op || !name) continue;
      const answer = answerOf(op);
      if (answer === 'none') continue;
      if (seen.has(name)) throw new Error(`operationId ${name} is used twice`);
      seen.add(name);
      const verb = method.toUpperCase();
      const init = `init${initRequired(op) ? '' : '?'}: TInit<'${route}', '${method}'>`;
      const send =
        answer === 'json'
          ? `call('${verb}', () => client.${verb}('${route}', init), options)`
          : `download(() => client.${verb}('${route}', { ...init, parseAs: 'blob', headers: FILE_ACCEPT }), options)`;
      lines.push(`  /** ${docLine(op.summary ?? name)} (${verb} ${route}) */`);
      lines.push(`  ${name}: (${init}, options?: CallOptions) =>`);
      lines.push(`    ${send},`);
    }
  }
  return [
    "// Generated from the server's OpenAPI document by apps/web/build/write-operations.ts (set-up and",
    "// `npm run generate:api`); do not edit. One function per operationId: `init` is openapi-fetch's",
    '// (params.path, params.query, body), typed by openapi.gen.ts; JSON answers are unwrapped by call()',
    '// and files arrive as { blob, fileName } by download().',
    "import { type CallOptions, call, client, download, FILE_ACCEPT, type TInit } from './http-client';",
    '',
    'export const operations = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}

/** Writes the file only when its text changes, so an unchanged document leaves the build's inputs alone. */
function main(input: string | undefined, output: string | undefined): void {
  if (!input || !output) {
    console.error('usage: write-operations OPENAPI.json OUT.ts');
    process.exit(2);
  }
  const text = renderOperations(JSON.parse(readFileSync(input, 'utf8')) as TOpenApiDocument);
  let current: string | null = null;
  try {
    current = readFileSync(output, 'utf8');
  } catch {
    // Not written yet.
  }
  if (current !== text) writeFileSync(output, text);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv[2], process.argv[3]);
