import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import type { TZoomConfig } from '../../config.js';

// The few Zoom calls the import makes: OAuth (authorise, token, refresh, revoke) and cloud
// recordings (list, one meeting's, download). Base addresses come from the config, so tests
// point them at a local stand-in. 5xx and 429 are tried again with backoff; a 429's
// Retry-After is honoured up to MAX_RETRY_AFTER_MS, beyond which the call gives up.
// Tokens travel only in headers and form bodies, never in an error message.

const MAX_ATTEMPTS = 4;
const BASE_DELAY_MS = 250;
const MAX_RETRY_AFTER_MS = 10_000;
const CALL_TIMEOUT_MS = 20_000;

export type TZoomErrorKind =
  /** The access token was refused (expired or revoked): refresh it. */
  | 'unauthorized'
  /** The grant (code or refresh token) was refused: the account must be linked again. */
  | 'invalid_grant'
  | 'not_found'
  /** Zoom could not be reached, kept failing, or answered something unexpected. */
  | 'unavailable'
  | 'too_large'
  /** The download broke off or took too long. */
  | 'download_failed';

export class ZoomError extends Error {
  constructor(
    message: string,
    readonly kind: TZoomErrorKind,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

const ZTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});
export type TZoomTokens = { accessToken: string; refreshToken: string; expiresAt: Date; scope: string | null };

const ZRecordingFileSchema = z.looseObject({
  id: z.string().optional(),
  file_type: z.string().optional(),
  file_extension: z.string().optional(),
  file_size: z.number().optional(),
  recording_type: z.string().optional(),
  recording_start: z.string().optional(),
  recording_end: z.string().optional(),
  download_url: z.string().optional(),
  status: z.string().optional(),
});
export type TZoomApiFile = z.infer<typeof ZRecordingFileSchema>;

const ZMeetingSchema = z.looseObject({
  uuid: z.string(),
  id: z.union([z.number(), z.string()]).optional(),
  topic: z.string().default(''),
  start_time: z.string().default(''),
  duration: z.number().default(0),
  recording_files: z.array(ZRecordingFileSchema).default([]),
});
export type TZoomApiMeeting = z.infer<typeof ZMeetingSchema>;

const ZRecordingsPageSchema = z.looseObject({
  total_records: z.number().optional(),
  next_page_token: z.string().optional(),
  meetings: z.array(ZMeetingSchema).default([]),
});
export type TZoomRecordingsPage = z.infer<typeof ZRecordingsPageSchema>;

export interface TZoomClientOptions {
  /** Waits between tries (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Zoom's meeting UUIDs that start with / or hold // are encoded twice in a path (Zoom's rule). */
export function meetingPathId(uuid: string): string {
  const once = encodeURIComponent(uuid);
  return uuid.startsWith('/') || uuid.includes('//') ? encodeURIComponent(once) : once;
}

export class ZoomClient {
  private readonly sleep: (ms: number) => Promise<void>;
  constructor(
    private readonly cfg: TZoomConfig,
    opts: TZoomClientOptions = {},
  ) {
    this.sleep = opts.sleep ?? defaultSleep;
  }

  /** Zoom's authorisation page for this app, coming back to redirectUri with code and state. */
  authorizeUrl(state: string, redirectUri: string): string {
    const u = new URL(`${this.cfg.oauthBase}/oauth/authorize`);
    u.search = new URLSearchParams({ response_type: 'code', client_id: this.cfg.clientId, redirect_uri: redirectUri, state }).toString();
    return u.toString();
  }

  exchangeCode(code: string, redirectUri: string): Promise<TZoomTokens> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  }

  refresh(refreshToken: string): Promise<TZoomTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** Revokes the grant at Zoom (the user's tokens stop working there too). */
  async revoke(token: string): Promise<void> {
    const res = await this.send(`${this.cfg.oauthBase}/oauth/revoke`, {
      method: 'POST',
      headers: { authorization: this.basic(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    await res.body?.cancel();
    // A token Zoom no longer knows is as good as revoked.
    if (!res.ok && res.status !== 400 && res.status !== 401)
      throw new ZoomError(`revoke answered ${res.status}`, 'unavailable', res.status);
  }

  /** One page of the user's cloud recordings between two dates (YYYY-MM-DD, UTC). */
  async listRecordings(
    accessToken: string,
    q: { from: string; to: string; pageSize: number; nextPageToken?: string },
  ): Promise<TZoomRecordingsPage> {
    const u = new URL(`${this.cfg.apiBase}/users/me/recordings`);
    u.search = new URLSearchParams({
      from: q.from,
      to: q.to,
      page_size: String(q.pageSize),
      ...(q.nextPageToken ? { next_page_token: q.nextPageToken } : {}),
    }).toString();
    return this.api(u.toString(), accessToken, ZRecordingsPageSchema);
  }

  /** One meeting's recording files, with their download addresses. */
  meetingRecordings(accessToken: string, meetingUuid: string): Promise<TZoomApiMeeting> {
    return this.api(`${this.cfg.apiBase}/meetings/${meetingPathId(meetingUuid)}/recordings`, accessToken, ZMeetingSchema);
  }

  /**
   * Streams a recording file to dest, at most maxBytes; a partial file is removed. The access
   * token goes as a Bearer header (Zoom's download addresses take it so) and is dropped by fetch
   * on a redirect to another origin.
   */
  /**
   * Whether a download address is Zoom's: https on zoom.us or one of its subdomains, or the
   * configured API's own origin (a stand-in in tests). The access token goes nowhere else, even
   * if a listing were tampered with.
   */
  isZoomAddress(url: string): boolean {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return false;
    }
    if (u.origin === new URL(this.cfg.apiBase).origin) return true;
    return u.protocol === 'https:' && (u.hostname === 'zoom.us' || u.hostname.endsWith('.zoom.us'));
  }

  async download(accessToken: string, url: string, dest: string, opts: { maxBytes: number; timeoutMs: number }): Promise<number> {
    if (!this.isZoomAddress(url)) throw new ZoomError("the download address is not Zoom's", 'download_failed');
    const deadline = AbortSignal.timeout(opts.timeoutMs);
    const res = await this.send(url, { headers: { authorization: `Bearer ${accessToken}` }, signal: deadline }, deadline);
    if (res.status === 401) {
      await res.body?.cancel();
      throw new ZoomError('download refused the token', 'unauthorized', 401);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      throw new ZoomError('recording file not found', 'not_found', 404);
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new ZoomError(`download answered ${res.status}`, 'download_failed', res.status);
    }
    if (Number(res.headers.get('content-length') ?? 0) > opts.maxBytes) {
      await res.body.cancel();
      throw new ZoomError('the file is too large', 'too_large');
    }
    let bytes = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (bytes > opts.maxBytes) return done(new ZoomError('the file is too large', 'too_large'));
        done(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), limit, createWriteStream(dest), { signal: deadline });
    } catch (err) {
      await unlink(dest).catch(() => {});
      if (err instanceof ZoomError) throw err;
      throw new ZoomError(deadline.aborted ? 'the download took too long' : 'the download broke off', 'download_failed');
    }
    const declared = res.headers.get('content-length');
    if (declared !== null && Number(declared) !== bytes) {
      await unlink(dest).catch(() => {});
      throw new ZoomError('the download broke off', 'download_failed');
    }
    return bytes;
  }

  private basic(): string {
    return `Basic ${Buffer.from(`${this.cfg.clientId}:${this.cfg.clientSecret}`).toString('base64')}`;
  }

  private async token(form: Record<string, string>): Promise<TZoomTokens> {
    const res = await this.send(`${this.cfg.oauthBase}/oauth/token`, {
      method: 'POST',
      headers: { authorization: this.basic(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const body = await res.json().catch(() => null);
    // Zoom answers a used, expired or revoked code or refresh token with 400 or 401 (invalid_grant).
    if (res.status === 400 || res.status === 401) throw new ZoomError('Zoom refused the grant', 'invalid_grant', res.status);
    if (!res.ok) throw new ZoomError(`token answered ${res.status}`, 'unavailable', res.status);
    const parsed = ZTokenResponseSchema.safeParse(body);
    if (!parsed.success) throw new ZoomError('token answer malformed', 'unavailable', res.status);
    const t = parsed.data;
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token,
      expiresAt: new Date(Date.now() + t.expires_in * 1000),
      scope: t.scope ?? null,
    };
  }

  private async api<T extends z.ZodType>(url: string, accessToken: string, schema: T): Promise<z.output<T>> {
    const res = await this.send(url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
    const body = await res.json().catch(() => null);
    if (res.status === 401) throw new ZoomError('Zoom refused the access token', 'unauthorized', 401);
    if (res.status === 404) throw new ZoomError('not found at Zoom', 'not_found', 404);
    if (!res.ok) throw new ZoomError(`Zoom answered ${res.status}`, 'unavailable', res.status);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ZoomError('Zoom answer malformed', 'unavailable', res.status);
    return parsed.data;
  }

  /** fetch with tries: network errors, 5xx and 429 again after a growing (or the asked) delay. */
  private async send(url: string, init: RequestInit, outer?: AbortSignal): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let res: Response | null = null;
      try {
        res = await fetch(url, { ...init, signal: outer ?? AbortSignal.timeout(CALL_TIMEOUT_MS), redirect: 'follow' });
      } catch {
        if (attempt >= MAX_ATTEMPTS || outer?.aborted) throw new ZoomError('Zoom could not be reached', 'unavailable');
      }
      if (res && res.status !== 429 && res.status < 500) return res;
      let wait = BASE_DELAY_MS * 2 ** (attempt - 1);
      if (res?.status === 429) {
        const asked = retryAfterMs(res.headers.get('retry-after'));
        if (asked !== null && asked > MAX_RETRY_AFTER_MS) {
          await res.body?.cancel();
          throw new ZoomError('Zoom asked to wait too long', 'unavailable', 429);
        }
        if (asked !== null) wait = asked;
      }
      if (res && attempt >= MAX_ATTEMPTS) {
        await res.body?.cancel();
        throw new ZoomError(`Zoom answered ${res.status}`, 'unavailable', res.status);
      }
      await res?.body?.cancel();
      await this.sleep(wait);
    }
  }
}
