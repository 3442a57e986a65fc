// @vitest-environment node
// The real tus client against an in-memory tus server (its HttpStack); Node's Blob reads back bytes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as tus from 'tus-js-client';
import { INTAKE_MSG } from '@rostrum/contract';
import { LIVE_FLUSH_MS } from './growing-source';
import { LiveUpload, type TLiveStatus } from './live-upload';

/** The init of a call to a route with an id. */
type TIdInit = { params: { path: { id: string } } };

const calls = vi.hoisted(() => ({ created: 0, deleted: [] as string[], failCreate: false }));
vi.mock('../../api/operations.gen', () => ({
  operations: {
    createLiveCapture: async () => {
      calls.created += 1;
      if (calls.failCreate) throw new Error('Network error');
      return { captureId: 'cap-1', uploadUrl: 'http://rostrum.test/api/v1/uploads' };
    },
    deleteLiveCapture: async (init: TIdInit) => void calls.deleted.push(init.params.path.id),
  },
}));
vi.mock('../../app/session-store', () => ({ sessionStore: { token: () => 'token-1' } }));

const UPLOAD_URL = 'http://rostrum.test/api/v1/uploads/u1';

/** A tus server holding one upload with deferred length; it can go offline or lose a response. */
class TusServer implements tus.HttpStack {
  bytes: number[] = [];
  length: number | null = null;
  metadata = '';
  offline = false;
  /** The next PATCH is stored but its answer never arrives (the connection drops after sending). */
  loseNextAnswer = false;
  /** Answers every request with this status (the capture is gone). */
  status: number | null = null;
  log: string[] = [];

  createRequest(method: string, url: string): tus.HttpRequest {
    const headers: Record<string, string> = {};
    return {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (k, v) => {
        headers[k] = v;
      },
      getHeader: (k) => headers[k],
      setProgressHandler: () => {},
      send: (body?: Blob) => this.handle(method, headers, body),
      abort: async () => {},
      getUnderlyingObject: () => null,
    };
  }

  getName(): string {
    return 'in-memory';
  }

  private async handle(method: string, headers: Record<string, string>, body?: Blob): Promise<tus.HttpResponse> {
    if (this.offline) throw new Error('net::ERR_INTERNET_DISCONNECTED');
    this.log.push(method);
    if (this.status) return answer(this.status, {});
    if (method === 'POST') {
      expect(headers['Upload-Defer-Length']).toBe('1');
      expect(headers.Authorization).toBe('Bearer token-1');
      this.metadata = headers['Upload-Metadata'] ?? '';
      return answer(201, { Location: UPLOAD_URL });
    }
    if (method === 'HEAD') {
      return answer(200, {
        'Upload-Offset': String(this.bytes.length),
        ...(this.length === null ? { 'Upload-Defer-Length': '1' } : { 'Upload-Length': String(this.length) }),
      });
    }
    if (Number(headers['Upload-Offset']) !== this.bytes.length) return answer(409, {});
    if (headers['Upload-Length']) this.length = Number(headers['Upload-Length']);
    for (const b of new Uint8Array(body ? await body.arrayBuffer() : new ArrayBuffer(0))) this.bytes.push(b);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new Error('net::ERR_CONNECTION_RESET');
    }
    return answer(204, { 'Upload-Offset': String(this.bytes.length) });
  }
}

function answer(status: number, headers: Record<string, string>): tus.HttpResponse {
  return { getStatus: () => status, getHeader: (k) => headers[k], getBody: () => '', getUnderlyingObject: () => null };
}

/** One second of "audio": distinct bytes, so a lost or doubled range shows. */
const second = (n: number) => new Blob([new Uint8Array(6000).map((_, i) => (n * 31 + i) % 256)]);

async function record(live: LiveUpload, from: number, seconds: number) {
  for (let s = from; s < from + seconds; s++) {
    live.append(second(s));
    await vi.advanceTimersByTimeAsync(1000);
  }
}

async function sameBytes(server: TusServer, live: LiveUpload) {
  const sent = new Uint8Array(await live.source.blob().arrayBuffer());
  expect(server.bytes.length).toBe(sent.length);
  expect(Buffer.from(server.bytes).equals(Buffer.from(sent))).toBe(true);
}

function handlers() {
  return { onProgress: vi.fn(), onSuccess: vi.fn(), onError: vi.fn() };
}

let server: TusServer;
let statuses: TLiveStatus[];
const start = () => new LiveUpload('take.webm', 'audio/webm;codecs=opus', { httpStack: server, onStatus: (s) => void statuses.push(s) });

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(calls, { created: 0, deleted: [], failCreate: false });
  server = new TusServer();
  statuses = [];
});
afterEach(() => vi.useRealTimers());

describe('LiveUpload (uploading while recording)', () => {
  it('creates the capture at once, sends the bytes every few seconds, and the last PATCH declares the length', async () => {
    const live = start();
    expect(calls.created).toBe(1);
    expect(await live.ready).toBe('cap-1');
    await record(live, 0, 10);
    const whileRecording = server.log.filter((m) => m === 'PATCH').length;
    // About one PATCH per flush interval, each with the seconds that came in meanwhile.
    expect(whileRecording).toBeGreaterThanOrEqual(2);
    expect(whileRecording).toBeLessThanOrEqual(10_000 / LIVE_FLUSH_MS + 1);
    expect(server.bytes.length).toBeGreaterThan(0);
    expect(server.length).toBeNull();
    expect(server.metadata).toContain(`captureId ${btoa('cap-1')}`);
    expect(statuses).toContain('saving');

    live.append(second(10));
    live.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.length).toBe(11 * 6000);
    await sameBytes(server, live);
    // Save after the upload ended: success at once.
    const h = handlers();
    live.watch(h);
    expect(h.onSuccess).toHaveBeenCalledTimes(1);
    expect(h.onError).not.toHaveBeenCalled();
  });

  it('90 s offline while recording loses nothing: retried (and restarted) until the connection is back', async () => {
    const live = start();
    await record(live, 0, 5);
    server.offline = true;
    // Longer than tus's own retries (LIVE_RETRY_DELAYS, about a minute): the upload starts again.
    await record(live, 5, 90);
    expect(statuses.at(-1)).toBe('offline');
    server.offline = false;
    await record(live, 95, 8);
    expect(statuses.at(-1)).toBe('saving');
    live.finish();
    const h = handlers();
    live.watch(h);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.onSuccess).toHaveBeenCalledTimes(1);
    expect(h.onError).not.toHaveBeenCalled();
    await sameBytes(server, live);
  });

  it('a PATCH whose answer is lost is resumed from the offset the server reports, without doubling bytes', async () => {
    const live = start();
    await record(live, 0, 4);
    server.loseNextAnswer = true;
    await record(live, 4, 8);
    expect(server.log).toContain('HEAD');
    live.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.length).toBe(12 * 6000);
    await sameBytes(server, live);
  });

  it('after Stop a failure reaches the Save form; Retry continues from the server offset', async () => {
    const live = start();
    await record(live, 0, 6);
    const h = handlers();
    live.watch(h);
    server.offline = true;
    live.finish();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.onError).toHaveBeenCalledWith({ kind: 'interrupted' });
    expect(h.onSuccess).not.toHaveBeenCalled();
    server.offline = false;
    live.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.onSuccess).toHaveBeenCalledTimes(1);
    await sameBytes(server, live);
  });

  it('when the capture cannot be created the take is left to the upload after Save', async () => {
    calls.failCreate = true;
    const live = start();
    expect(await live.ready).toBeNull();
    expect(live.usable).toBe(false);
    await record(live, 0, 3);
    expect(server.log).toEqual([]);
  });

  it('a refusal (the capture is gone) is not retried and makes the capture unusable', async () => {
    server.status = 404;
    const live = start();
    await record(live, 0, 12);
    expect(server.log).toEqual(['POST']);
    expect(live.usable).toBe(false);
    const h = handlers();
    live.watch(h);
    expect(h.onError).toHaveBeenCalledWith({ kind: 'refused', message: INTAKE_MSG.recordUploadError });
  });

  it('discard stops sending and deletes the capture, also when it is discarded before the server answered', async () => {
    const live = start();
    await record(live, 0, 4);
    live.discard();
    await vi.advanceTimersByTimeAsync(0);
    const sent = server.log.length;
    await record(live, 4, 6);
    expect(server.log.length).toBe(sent);
    expect(calls.deleted).toEqual(['cap-1']);
    expect(live.usable).toBe(false);

    const early = start();
    early.discard();
    expect(await early.ready).toBeNull();
    expect(calls.deleted).toEqual(['cap-1', 'cap-1']);
  });
});
