import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the Zoom endpoints the import uses (Zoom cannot be reached from the test
// machines): OAuth (the authorisation page, token with the authorization_code and refresh_token
// grants, revoke) and cloud recordings (list, one meeting's, download). The server is pointed at
// it with ZOOM_OAUTH_BASE = baseUrl and ZOOM_API_BASE = baseUrl + '/v2'. Tests shape its
// answers: the meetings, a failure or 429 for the next calls of a path, a download that breaks
// halfway, expired access tokens, a revoked grant.

export const ZOOM_STAND_IN_CLIENT_ID = 'zoom-standin-client';
export const ZOOM_STAND_IN_CLIENT_SECRET = 'zoom-standin-secret';

export interface TStandInFile {
  id: string;
  file_type: string;
  file_extension: string;
  file_size: number;
  recording_type: string;
  recording_start: string;
  recording_end: string;
  status: string;
}

export interface TStandInMeeting {
  uuid: string;
  id: number;
  topic: string;
  start_time: string;
  duration: number;
  recording_files: TStandInFile[];
}

type TFailure = { path: string; status: number; times: number; retryAfter?: string; body?: unknown };
type TToken = { userKey: string; expiresAt: number; revoked: boolean };

const newToken = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

export class ZoomStandIn {
  private server: http.Server | null = null;
  baseUrl = '';
  /** The cloud recordings of the stand-in's one Zoom user. */
  meetings: TStandInMeeting[] = [];
  /** The bytes served for every file's download, unless mediaByFile has the file's own. */
  media: Buffer = Buffer.alloc(0);
  readonly mediaByFile = new Map<string, Buffer>();
  /** The next downloads send half the file, then drop the connection. */
  breakDownloads = 0;
  private readonly failures: TFailure[] = [];
  private readonly codes = new Map<string, { redirectUri: string; used: boolean }>();
  private readonly access = new Map<string, TToken>();
  private readonly refresh = new Map<string, TToken>();
  /** Every request, for assertions (method, path with query, authorization header present). */
  readonly requests: { method: string; url: string; authorization: string | null }[] = [];
  /** Grants revoked through /oauth/revoke. */
  revocations = 0;

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    const addr = this.server.address() as AddressInfo;
    this.baseUrl = `http://${host}:${addr.port}`;
    return this.baseUrl;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The next `times` calls whose path starts with `path` answer `status` (with Retry-After if given). */
  failNext(path: string, status: number, times = 1, retryAfter?: string): void {
    this.failures.push({ path, status, times, retryAfter });
  }

  clearFailures(): void {
    this.failures.length = 0;
  }

  /** Every access token handed out stops working (as an hour later); refresh tokens still do. */
  expireAccessTokens(): void {
    for (const t of this.access.values()) t.expiresAt = 0;
  }

  /** The user removed the app in Zoom: every token and refresh token is refused. */
  revokeGrant(): void {
    for (const t of [...this.access.values(), ...this.refresh.values()]) t.revoked = true;
  }

  /** A code as Zoom's authorisation page would hand out after the user allows the app. */
  issueCode(redirectUri: string): string {
    const code = newToken('code_');
    this.codes.set(code, { redirectUri, used: false });
    return code;
  }

  /** Meetings with one M4A, one MP4 and one chat file each, started `i` days ago (newest first). */
  static meetingsOf(
    count: number,
    opts: { durationSeconds?: number; size?: number; topic?: (i: number) => string } = {},
  ): TStandInMeeting[] {
    const seconds = opts.durationSeconds ?? 20;
    return Array.from({ length: count }, (_, i) => {
      const start = new Date(Date.now() - (i + 1) * 3600 * 1000 * (count > 14 ? 1 : 24));
      const end = new Date(start.getTime() + seconds * 1000);
      const file = (kind: string, type: string, ext: string): TStandInFile => ({
        id: `file-${i}-${kind}`,
        file_type: type,
        file_extension: ext,
        file_size: opts.size ?? 100_000,
        recording_type: kind,
        recording_start: start.toISOString(),
        recording_end: end.toISOString(),
        status: 'completed',
      });
      return {
        uuid: i === 0 ? '/ab//cd==' : `uuid-${i}==`,
        id: 80000000000 + i,
        topic: opts.topic ? opts.topic(i) : `Meeting ${i + 1}`,
        start_time: start.toISOString(),
        duration: Math.ceil(seconds / 60),
        recording_files: [
          file('audio_only', 'M4A', 'M4A'),
          file('shared_screen_with_speaker_view', 'MP4', 'MP4'),
          file('chat_file', 'CHAT', 'TXT'),
        ],
      };
    });
  }

  /** Serves this file's bytes for every download. */
  useMediaFile(file: string): void {
    this.media = readFileSync(file);
  }

  private json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  private async body(req: http.IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  private bearer(req: http.IncomingMessage): TToken | null {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const t = m ? this.access.get(m[1]!) : undefined;
    return t && !t.revoked && t.expiresAt > Date.now() ? t : null;
  }

  private issueTokens(userKey: string) {
    const accessToken = newToken('at_');
    const refreshToken = newToken('rt_');
    this.access.set(accessToken, { userKey, expiresAt: Date.now() + 3600 * 1000, revoked: false });
    this.refresh.set(refreshToken, { userKey, expiresAt: Date.now() + 15 * 24 * 3600 * 1000, revoked: false });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      refresh_token: refreshToken,
      expires_in: 3599,
      scope: 'recording:read user:read',
    };
  }

  private meetingsInWindow(from: string | null, to: string | null): TStandInMeeting[] {
    const lo = from ? Date.parse(`${from}T00:00:00Z`) : Number.NEGATIVE_INFINITY;
    const hi = to ? Date.parse(`${to}T23:59:59Z`) : Number.POSITIVE_INFINITY;
    return this.meetings.filter((m) => {
      const t = Date.parse(m.start_time);
      return t >= lo && t <= hi;
    });
  }

  private withDownloadUrls(m: TStandInMeeting) {
    return { ...m, recording_files: m.recording_files.map((f) => ({ ...f, download_url: `${this.baseUrl}/rec/download/${f.id}` })) };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    this.requests.push({ method: req.method ?? '', url: url.pathname + url.search, authorization: req.headers.authorization ?? null });
    if (url.pathname === '/health') return this.json(res, 200, { ok: true });

    const failure = this.failures.find((f) => url.pathname.startsWith(f.path) && f.times > 0);
    if (failure) {
      failure.times--;
      return this.json(
        res,
        failure.status,
        { code: failure.status, message: 'stand-in failure' },
        failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
      );
    }

    if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== ZOOM_STAND_IN_CLIENT_ID || !/^https?:\/\//.test(redirectUri)) {
        return this.json(res, 400, { reason: 'Invalid client_id or redirect_uri' });
      }
      const back = new URL(redirectUri);
      back.searchParams.set('code', this.issueCode(redirectUri));
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      const href = back.toString().replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>Zoom stand-in: authorise</title></head><body><main><h1>Allow Rostrum to read your cloud recordings?</h1><p>Scopes: recording:read user:read</p><a id="allow" href="${href}">Allow</a></main></body></html>`,
      );
      return;
    }

    if (req.method === 'POST' && (url.pathname === '/oauth/token' || url.pathname === '/oauth/revoke')) {
      const basic = `Basic ${Buffer.from(`${ZOOM_STAND_IN_CLIENT_ID}:${ZOOM_STAND_IN_CLIENT_SECRET}`).toString('base64')}`;
      if (req.headers.authorization !== basic)
        return this.json(res, 401, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' });
      const form = await this.body(req);
      if (url.pathname === '/oauth/revoke') {
        const token = form.get('token') ?? '';
        const t = this.refresh.get(token) ?? this.access.get(token);
        if (!t) return this.json(res, 400, { reason: 'Invalid Token', error: 'invalid_request' });
        for (const x of [...this.access.values(), ...this.refresh.values()]) if (x.userKey === t.userKey) x.revoked = true;
        this.revocations++;
        return this.json(res, 200, { status: 'success' });
      }
      const grant = form.get('grant_type');
      if (grant === 'authorization_code') {
        const c = this.codes.get(form.get('code') ?? '');
        if (!c || c.used || c.redirectUri !== form.get('redirect_uri'))
          return this.json(res, 400, { reason: 'Invalid authorization code', error: 'invalid_grant' });
        c.used = true;
        return this.json(res, 200, this.issueTokens('zoom-user'));
      }
      if (grant === 'refresh_token') {
        const rt = form.get('refresh_token') ?? '';
        const t = this.refresh.get(rt);
        if (!t || t.revoked || t.expiresAt < Date.now()) return this.json(res, 400, { reason: 'Invalid Token!', error: 'invalid_grant' });
        // Zoom rotates refresh tokens: the old one stops working.
        t.revoked = true;
        return this.json(res, 200, this.issueTokens(t.userKey));
      }
      return this.json(res, 400, { reason: 'Unsupported grant type', error: 'unsupported_grant_type' });
    }

    if (req.method === 'GET' && url.pathname === '/v2/users/me/recordings') {
      if (!this.bearer(req)) return this.json(res, 401, { code: 124, message: 'Invalid access token.' });
      const pageSize = Math.min(Number(url.searchParams.get('page_size') ?? 30) || 30, 300);
      const all = this.meetingsInWindow(url.searchParams.get('from'), url.searchParams.get('to'));
      const offset = Number(url.searchParams.get('next_page_token') || 0);
      const page = all.slice(offset, offset + pageSize);
      const next = offset + pageSize < all.length ? String(offset + pageSize) : '';
      return this.json(res, 200, {
        from: url.searchParams.get('from'),
        to: url.searchParams.get('to'),
        page_size: pageSize,
        total_records: all.length,
        next_page_token: next,
        meetings: page.map((m) => this.withDownloadUrls(m)),
      });
    }

    const meeting = /^\/v2\/meetings\/([^/]+)\/recordings$/.exec(url.pathname);
    if (req.method === 'GET' && meeting) {
      if (!this.bearer(req)) return this.json(res, 401, { code: 124, message: 'Invalid access token.' });
      // Zoom's rule: a UUID starting with / or holding // arrives encoded twice.
      let id = decodeURIComponent(meeting[1]!);
      if (id.includes('%')) id = decodeURIComponent(id);
      const m = this.meetings.find((x) => x.uuid === id);
      if (!m) return this.json(res, 404, { code: 3301, message: 'This recording does not exist.' });
      return this.json(res, 200, this.withDownloadUrls(m));
    }

    const download = /^\/rec\/download\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && download) {
      if (!this.bearer(req)) return this.json(res, 401, { code: 124, message: 'Invalid access token.' });
      const known = this.meetings.some((m) => m.recording_files.some((f) => f.id === download[1]));
      if (!known) return this.json(res, 404, { code: 3301, message: 'This recording does not exist.' });
      const bytes = this.mediaByFile.get(download[1]!) ?? this.media;
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(bytes.length) });
      if (this.breakDownloads > 0) {
        this.breakDownloads--;
        res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
        setTimeout(() => res.destroy(), 50);
        return;
      }
      res.end(bytes);
      return;
    }
    this.json(res, 404, { code: 404, message: 'Not found' });
  }
}
