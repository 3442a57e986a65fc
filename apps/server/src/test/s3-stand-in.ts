import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { TS3Config } from '../config.js';

// A local S3-compatible server for tests: s3rver (MIT, pure JavaScript, runs on Node 22) in this
// process, on a free port, with a fresh folder. s3rver lacks ListParts, which @tus/s3-store needs
// to resume an upload, so the stand-in answers it from s3rver's own part files.

interface TS3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  middleware: ((ctx: TKoaContext, next: () => Promise<void>) => Promise<void> | void)[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}
interface TKoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => TS3rver;

export const S3_STAND_IN_BUCKET = 'rostrum-media';
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TS3StandIn {
  endpoint: string;
  config: TS3Config;
  /** The settings for a `node dist/main.js` process using this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const xmlEscape = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startS3StandIn(options: { presign?: boolean } = {}): Promise<TS3StandIn> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 's3-stand-in-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_STAND_IN_BUCKET }],
  });
  // ListParts: GET /bucket/key?uploadId=...
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...key] = ctx.path.split('/');
    if (ctx.method !== 'GET' || !uploadId || !bucket || !key.length) return next();
    const dir = path.join(server.store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId));
    const names = await readdir(dir).catch(() => null);
    if (!names) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>No such upload</Message></Error>';
      return;
    }
    const parts = [];
    for (const n of names.filter((n) => /^\d+$/.test(n)).sort((a, b) => Number(a) - Number(b))) {
      const md5 = await readFile(path.join(dir, `${n}.md5`), 'utf8').catch(() => '');
      const s = await stat(path.join(dir, n));
      parts.push(
        `<Part><PartNumber>${n}</PartNumber><LastModified>${s.mtime.toISOString()}</LastModified><ETag>&quot;${md5}&quot;</ETag><Size>${s.size}</Size></Part>`,
      );
    }
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(
      decodeURIComponent(key.join('/')),
    )}</Key><UploadId>${xmlEscape(uploadId)}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const presign = options.presign ?? true;
  const config: TS3Config = { endpoint, bucket: S3_STAND_IN_BUCKET, region: 'us-east-1', ...KEYS, forcePathStyle: true, presign };
  return {
    endpoint,
    config,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: S3_STAND_IN_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PRESIGN: String(presign),
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
