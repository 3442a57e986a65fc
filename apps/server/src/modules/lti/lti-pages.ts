import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { ltiPageCsp } from '../../http/security-headers.js';

// The few pages of a launch, rendered here rather than by the web app: the platform posts to
// them (often inside its iframe) and they must answer at once. Each is framed only by the
// platform's origins (ltiPageCsp); the web app itself keeps frame-ancestors 'none' and opens in
// its own tab or window (docs/decisions/lti.md, "Iframe").

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:24px;color:#1d2330;background:#fff;line-height:1.5}
main{max-width:560px;margin:0 auto}h1{font-size:1.4rem;margin:0 0 12px}p{margin:0 0 16px}
.button{display:inline-block;padding:10px 18px;border-radius:6px;border:0;background:#2456c9;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button:focus-visible{outline:3px solid #f2b53c;outline-offset:2px}ul{list-style:none;padding:0;margin:0}
li{display:flex;justify-content:space-between;align-items:center;gap:12px;padding:12px 0;border-bottom:1px solid #dde1e8}
.muted{color:#5b6476;font-size:.9rem}code{font-size:.85rem}`;

function document(title: string, body: string, scriptNonce?: string, script?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${esc(title)} - Rostrum</title><style>${STYLE}</style></head>
<body><main>${body}</main>${script && scriptNonce ? `<script nonce="${scriptNonce}">${script}</script>` : ''}</body></html>`;
}

export type TFraming = { frameAncestors: string[]; formAction?: string[] };

function send(reply: FastifyReply, status: number, html: string, framing: TFraming, scriptNonce?: string) {
  reply.raw.removeHeader('x-frame-options');
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      ltiPageCsp({ frameAncestors: framing.frameAncestors, formAction: framing.formAction ?? [], scriptNonce }),
    )
    .send(html);
}

/**
 * After a launch: signed in, with a link into the app carrying a one-time sign-in key. Opened in
 * a window of its own (not framed) the page goes there at once; inside the LMS's iframe it offers
 * the new tab, since the app is not framed.
 */
export function sendLandingPage(reply: FastifyReply, framing: TFraming, v: { heading: string; text: string; openUrl: string }) {
  const nonce = randomBytes(16).toString('base64');
  const body = `<h1>${esc(v.heading)}</h1><p>${esc(v.text)}</p>
<p><a class="button" id="open" href="${esc(v.openUrl)}" target="_blank" rel="noopener">Open Rostrum in a new tab</a></p>
<p class="muted">Rostrum opens in its own tab so it can use your microphone and keep you signed in.</p>`;
  // Not framed (the platform opened a new window): carry on in this window.
  const script = `if(window.top===window.self){location.replace(document.getElementById('open').href)}`;
  return send(reply, 200, document(v.heading, body, nonce, script), framing, nonce);
}

/** A refusal: what went wrong, its code, and, when the cookie was blocked, the launch again in a new tab. */
export function sendRefusalPage(
  reply: FastifyReply,
  framing: TFraming,
  v: { status: number; code: string; message: string; retryUrl?: string | null },
) {
  const retry = v.retryUrl
    ? `<p><a class="button" href="${esc(v.retryUrl)}" target="_blank" rel="noopener">Open in a new tab</a></p>
<p class="muted">Your browser may block Rostrum’s cookie inside the course page; in a tab of its own it works.</p>`
    : '';
  const body = `<h1>Rostrum could not open</h1><p role="alert">${esc(v.message)}</p>${retry}<p class="muted">Error code: <code>${esc(v.code)}</code></p>`;
  return send(reply, v.status, document('Rostrum could not open', body), framing);
}

/** Deep Linking: the coach picks one of the class's assignments to add to the course. */
export function sendPickerPage(
  reply: FastifyReply,
  framing: TFraming,
  v: { className: string; action: string; token: string; assignments: { id: string; name: string; graded: boolean }[]; editorUrl: string },
) {
  const items = v.assignments.length
    ? `<ul>${v.assignments
        .map(
          (a) => `<li><span>${esc(a.name)}${a.graded ? ' <span class="muted">(graded)</span>' : ''}</span>
<form method="post" action="${esc(v.action)}"><input type="hidden" name="token" value="${esc(v.token)}"><input type="hidden" name="assignmentId" value="${esc(a.id)}"><button class="button" type="submit" aria-label="Add ${esc(a.name)}">Add</button></form></li>`,
        )
        .join('')}</ul>`
    : `<p>This class has no assignments yet.</p>`;
  const body = `<h1>Add a Rostrum assignment</h1><p>Choose an assignment of ${esc(v.className)} to add to your course.</p>${items}
<p class="muted">To make a new one, <a href="${esc(v.editorUrl)}" target="_blank" rel="noopener">create it in Rostrum</a> (new tab), then start again from your course.</p>`;
  return send(reply, 200, document('Add a Rostrum assignment', body), { ...framing, formAction: ["'self'"] });
}

/** Sends the browser on to the platform with a signed message, by an auto-submitted form post. */
export function sendAutoPostPage(reply: FastifyReply, framing: TFraming, v: { action: string; fields: Record<string, string> }) {
  const nonce = randomBytes(16).toString('base64');
  const inputs = Object.entries(v.fields)
    .map(([k, val]) => `<input type="hidden" name="${esc(k)}" value="${esc(val)}">`)
    .join('');
  const body = `<h1>Returning to your course…</h1><form id="return" method="post" action="${esc(v.action)}">${inputs}
<button class="button" type="submit">Continue</button></form>`;
  const action = new URL(v.action).origin;
  return send(
    reply,
    200,
    document('Returning to your course', body, nonce, `document.getElementById('return').submit()`),
    {
      ...framing,
      formAction: [action],
    },
    nonce,
  );
}
