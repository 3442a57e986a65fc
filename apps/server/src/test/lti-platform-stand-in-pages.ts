// What the LTI platform stand-in shows a person, as Canvas or Moodle would: a course page whose
// content items launch the tool inside an iframe, and a course editor whose "Add content" starts
// a Deep Linking launch in that iframe. Each launch link goes to the tool's OIDC login initiation
// URL (LTI Core 1.3 section 5.1.1) with a one-time lti_message_hint the authorisation endpoint
// answers (lti-platform-stand-in.ts). Plain markup, no script: the browser does the navigation.

export type TCourseItem = {
  resourceLinkId: string;
  title: string;
  url: string;
  custom?: Record<string, string>;
  /** The line item made for it when the tool asked for one (AGS). */
  lineItemId?: string;
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} - Stand-in LMS</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px}iframe{width:100%;height:560px;border:1px solid #ccc}</style></head>
<body><header><p>Stand-in LMS</p></header><main>${body}</main></body></html>`;
}

const TOOL_FRAME = `<iframe name="tool" title="Rostrum" src="about:blank" allow="microphone"></iframe>`;

/** The course as a student or instructor sees it: each tool item is a link that launches it in the frame. */
export function coursePage(v: { title: string; person: string; items: { title: string; launchUrl: string }[] }): string {
  const items = v.items.length
    ? `<ul aria-label="Course content">${v.items
        .map((i) => `<li><a href="${esc(i.launchUrl)}" target="tool">${esc(i.title)}</a></li>`)
        .join('')}</ul>`
    : '<p>This course has no content yet.</p>';
  return page(v.title, `<h1>${esc(v.title)}</h1><p>Signed in as ${esc(v.person)}</p>${items}${TOOL_FRAME}`);
}

/** The course editor: "Add content from Rostrum" starts a Deep Linking launch in the frame. */
export function courseEditorPage(v: { title: string; person: string; launchUrl: string }): string {
  return page(
    `Edit ${v.title}`,
    `<h1>Edit ${esc(v.title)}</h1><p>Signed in as ${esc(v.person)}</p>
<p><a href="${esc(v.launchUrl)}" target="tool">Add content from Rostrum</a></p>${TOOL_FRAME}`,
  );
}

/** The Deep Linking return URL's answer, inside the frame. */
export function deepLinkReturnPage(v: { courseTitle: string; added: string[] } | { error: string }): string {
  if ('error' in v) return page('Not added', `<h1>Nothing was added</h1><p role="alert">${esc(v.error)}</p>`);
  const names = v.added.map((t) => `“${esc(t)}”`).join(', ');
  return page('Content added', `<h1>Content added</h1><p>${names} added to ${esc(v.courseTitle)}.</p>`);
}

/** A page for a course or person the stand-in does not know. */
export function notFoundPage(what: string): string {
  return page('Not found', `<h1>Not found</h1><p>${esc(what)}</p>`);
}
