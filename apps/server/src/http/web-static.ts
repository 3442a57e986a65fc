import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built web app (apps/web/dist): hashed files under /assets/ are cached for a year and never
 * revalidated; index.html (and the SPA fallback, which is index.html) is revalidated on every
 * load so a release shows at once; other public files (favicon) are cached briefly. Every
 * compressible file has .br and .gz siblings written at build (apps/web/build/precompress.ts),
 * sent as they are by Accept-Encoding: br, then gzip, then the file itself. Source maps are built
 * for error-report uploads but never served.
 */
export const CACHE_CONTROL = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
  short: 'public, max-age=3600',
} as const;

/** Served files only: compressed siblings are sent in place of their file, maps never. */
const NOT_SERVED = ['**/*.map', '**/*.br', '**/*.gz'];

/**
 * Files that name a release without a hash in their name: revalidated on every load. The service
 * worker and the manifest of the installable recorder are among them, so a release reaches an
 * installed recorder at its next load rather than an hour later.
 */
const REVALIDATED = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/** The Cache-Control of a web file, by its path relative to the web folder (posix separators). */
export function cacheControlFor(relPath: string): string {
  if (relPath.startsWith('assets/')) return CACHE_CONTROL.immutable;
  if (REVALIDATED.has(relPath)) return CACHE_CONTROL.revalidate;
  return CACHE_CONTROL.short;
}

/** Paths that name a build file, never a client-side route: a miss is a 404, not the app's page. */
export function isFilePath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return pathname.startsWith('/assets/') || /\.(map|br|gz)$/.test(pathname);
}

type TEncoding = 'br' | 'gzip' | 'identity';
const EXTENSION: Record<Exclude<TEncoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

/** index.html and its compressed copies, read once: the build does not change under a running server. */
function loadIndex(webDir: string) {
  const file = path.join(webDir, 'index.html');
  const identity = readFileSync(file);
  const bodies = new Map<TEncoding, Buffer>([['identity', identity]]);
  for (const enc of ['br', 'gzip'] as const) {
    if (existsSync(file + EXTENSION[enc])) bodies.set(enc, readFileSync(file + EXTENSION[enc]));
  }
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const negotiator = new Negotiator<TEncoding>({ supportedValues: [...bodies.keys()].sort((a, b) => order(a) - order(b)) });
  return { bodies, etag, negotiator };
}

const order = (e: TEncoding) => ['br', 'gzip', 'identity'].indexOf(e);

/**
 * Serves the web folder's files (GET and HEAD) and returns the SPA fallback: index.html for any
 * client-side route, compressed by Accept-Encoding, revalidated by ETag.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string) {
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    globIgnore: NOT_SERVED,
    index: false,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      // filePath is the file sent: a compressed sibling is cached as the file it stands for.
      const relPath = path.relative(webDir, filePath).split(path.sep).join('/');
      reply.header('cache-control', cacheControlFor(relPath.replace(/\.(br|gz)$/, '')));
    },
  });
  const index = loadIndex(webDir);

  return function sendIndex(req: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', CACHE_CONTROL.revalidate).header('vary', 'accept-encoding').header('etag', index.etag);
    if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(index.etag)) return reply.status(304).send();
    // As @fastify/static does: no preference (*) counts as gzip; no header means identity.
    const accepted = (req.headers['accept-encoding'] ?? '').toLowerCase().replace(/\*/g, 'gzip');
    const encoding = (accepted && index.negotiator.negotiate(accepted)) || 'identity';
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(index.bodies.get(encoding));
  };
}
