import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../../db/schema.js';
import type { TWorkerDeps } from '../../jobs/job-types.js';
import { S3MediaStorage } from '../../storage/s3-media-storage.js';
import { apiCaller, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { fullResults } from '../../test/results-fixtures.js';
import { startS3StandIn, type TS3StandIn } from '../../test/s3-stand-in.js';
import { buildDataExportJob, expireDataExportsJob } from './data-export.jobs.js';

// Export my data with the media in a bucket: the originals are read through the storage, the zip
// is stored in the bucket under data-exports/, streamed back on download, and removed on expiry.

let s3: TS3StandIn;
let t: TTestApp;
let bucket: S3MediaStorage;
let workerDeps: TWorkerDeps;
const api = apiCaller(() => t);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'rostrum-export-s3-'));

beforeAll(async () => {
  s3 = await startS3StandIn();
  t = await startTestApp({
    mediaStorage: (config) => {
      bucket = new S3MediaStorage({ ...s3.config, presign: false }, path.join(config.dataDir, 'scratch'));
      return bucket;
    },
  });
  workerDeps = { db: t.db, config: t.config, storage: bucket, log: pino({ level: 'silent' }), mailer: t.mailer };
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('Export my data with S3 storage', () => {
  it('packs the originals from the bucket, keeps the zip in the bucket, and removes it when it expires', async () => {
    const o = await makeOrg(t.db);
    const rec = await insertDoneRecording(t.db, o.speaker, o.group.id, {
      title: 'Bucket Talk',
      fileName: 'talk.m4a',
      results: fullResults(),
    });
    const bytes = randomBytes(300_000);
    const upload = path.join(scratch, 'upload');
    writeFileSync(upload, bytes);
    await bucket.putOriginal(rec.id, upload);

    const auth = await signInAs(t, o.speaker.email);
    const exp = (await api('POST', '/me/data-export', auth)).json().data;
    expect(await t.queue.runDueJobs(buildDataExportJob.name, workerDeps)).toBe(1);
    expect((await api('GET', '/me/data-export', auth)).json().data.state).toBe('ready');
    const key = `data-exports/${exp.exportId}.zip`;
    expect((await bucket.list('data-exports/')).map((x) => x.key)).toEqual([key]);
    // The worker's scratch copies are gone.
    expect(execFileSync('ls', ['-A', path.join(t.config.dataDir, 'scratch')], { encoding: 'utf8' }).trim()).toBe('');

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/me/data-export/${exp.exportId}/download`,
      headers: { authorization: auth },
    });
    expect(res.statusCode).toBe(200);
    const zip = path.join(scratch, 'export.zip');
    writeFileSync(zip, res.rawPayload);
    const original = execFileSync('unzip', ['-p', zip, `recordings/${rec.id}/original.m4a`], { maxBuffer: 8 * 1024 * 1024 });
    expect(original.equals(bytes)).toBe(true);

    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, exp.exportId));
    await t.queue.request(expireDataExportsJob, {}, 's3');
    await t.queue.runDueJobs(expireDataExportsJob.name, workerDeps);
    expect(await bucket.list('data-exports/')).toEqual([]);
    // The recording's own media stay.
    expect((await bucket.list(`media/${rec.id}/`)).length).toBe(1);
  });
});
