import { expect } from 'vitest';
import type { TTestApp } from './harness.js';

// The browser's side of a live capture, through the test app: create the capture, then its tus
// upload with a deferred length, PATCHed piece by piece as a recording goes on.

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** POST live-captures as `auth` (expects 201). */
export async function createCapture(t: TTestApp, auth: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/live-captures', headers: { authorization: auth }, payload: {} });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { captureId: string; uploadUrl: string };
}

/** Creates the capture's tus upload (expects 201); `patch` sends the next bytes, `total` on the last declares the length. */
export async function startCaptureUpload(t: TTestApp, auth: string, captureId: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      ...TUS,
      authorization: auth,
      'upload-defer-length': '1',
      'upload-metadata': `captureId ${b64(captureId)},filename ${b64('recording.webm')}`,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  let offset = 0;
  return {
    location,
    async patch(bytes: Buffer, total?: number) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...TUS,
          authorization: auth,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          ...(total !== undefined && { 'upload-length': String(total) }),
        },
        payload: bytes,
      });
      if (res.statusCode === 204) offset += bytes.length;
      return res;
    },
  };
}
