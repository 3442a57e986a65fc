import http from 'node:http';
import { gunzipSync } from 'node:zlib';

// A local stand-in for the error-reporting service: the e2e server and the browser send their
// reports here (SENTRY_DSN in playwright.config.ts), and specs read them back with GET /reports.

// Beside the app's port (8181 -> 8199), so runs on other ports (E2E_BASE_URL) do not collide.
const appPort = Number(new URL(process.env.E2E_BASE_URL ?? 'http://localhost:8181').port || 8181);
export const ERROR_COLLECTOR_PORT = appPort + 18;
export const ERROR_COLLECTOR_DSN = `http://e2epublickey@127.0.0.1:${ERROR_COLLECTOR_PORT}/1`;

export function startErrorCollector(): Promise<() => Promise<void>> {
  const reports: string[] = [];
  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'GET' && req.url === '/reports') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reports));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (body.length) reports.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(ERROR_COLLECTOR_PORT, '127.0.0.1', () => resolve(() => new Promise((r) => server.close(() => r()))));
  });
}

/** Every report received so far (Sentry envelopes as text). */
export async function collectedReports(): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${ERROR_COLLECTOR_PORT}/reports`);
  return (await res.json()) as string[];
}
