import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

// A page loaded lazily is asked for only once the app's first bundle has run and the router has
// matched the address: on a cold load of a results page that was half the wait. This plugin
// writes a tiny classic script, run from index.html's head before the bundle, that matches the
// address against a few routes and adds <link rel="modulepreload"> for the page's chunks (and a
// preload for its style sheet), so they download beside the first bundle. For a signed-in user
// it also asks for the page's first data (GET me, the recording) with the stored key, and leaves
// the answers on window for the API client (src/api/early-responses.ts), filed by path and
// query as earlyKey files them.
// It is an external file, not inline, because the Content-Security-Policy allows only 'self'.

/**
 * Route path (react-router syntax, `:param` segments) -> the page's module (from the app's root)
 * and the API addresses it reads first (`:param` taken from the route).
 */
export type TRoutePages = Record<string, { page: string; data?: string[] }>;

/** Where the session is stored and the global the API client reads the early answers from. */
export interface TEarlyDataConfig {
  storageKeys: { apiKey: string; orgCode: string; expires: string };
  global: string;
}

interface TRoutePreload {
  pattern: string;
  js: string[];
  css: string[];
  data: string[];
}

interface TChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  /** Every module the chunk holds (a page grouped with others has no facade of its own). */
  moduleIds?: string[];
  viteMetadata?: { importedCss: Set<string> };
}
interface TAssetLike {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
type TBundleLike = Record<string, TChunkLike | TAssetLike>;

/**
 * '/evaluate/:recordingId' -> a regular expression source matching '/evaluate/abc' (and a
 * trailing slash), with each parameter as a named group.
 */
export function routePattern(path: string): string {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((p) => (p.startsWith(':') ? `(?<${p.slice(1)}>[^/]+)` : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^\\/${parts.join('\\/')}\\/?$`;
}

/** The chunk files a chunk needs statically, itself included (depth first, each once). */
function staticClosure(bundle: TBundleLike, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const c = bundle[fileName];
  if (c?.type === 'chunk') for (const i of c.imports) staticClosure(bundle, i, seen);
  return seen;
}

/** For each route, the page's chunks (and style sheets) that the first bundle does not load already. */
export function routePreloads(bundle: TBundleLike, pages: TRoutePages): TRoutePreload[] {
  const chunks = Object.values(bundle).filter((c): c is TChunkLike => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('route-preload: no entry chunk');
  const first = staticClosure(bundle, entry.fileName);
  return Object.entries(pages).map(([path, { page: module, data = [] }]) => {
    const page =
      chunks.find((c) => c.facadeModuleId?.endsWith(module)) ?? chunks.find((c) => c.moduleIds?.some((id) => id.endsWith(module)));
    if (!page) throw new Error(`route-preload: no chunk for ${module} (is it still loaded lazily?)`);
    const files = [...staticClosure(bundle, page.fileName)].filter((f) => !first.has(f));
    const css = files.flatMap((f) => {
      const c = bundle[f];
      return c?.type === 'chunk' ? [...(c.viteMetadata?.importedCss ?? [])] : [];
    });
    return { pattern: routePattern(path), js: files, css: [...new Set(css)], data };
  });
}

/**
 * The classic script: for the route the address matches, the early data requests (signed in with
 * a live key, and no sign-in key in the address), then the preload links. The data goes first:
 * over HTTP/1.1 the browser opens six connections to the server, and the page's thirty-odd
 * chunks would otherwise queue GET me and the recording behind them. Offline (the installable
 * recorder opened from its service worker) no data is asked for: the answers would be failures
 * nobody reads, reported as unhandled.
 */
export function preloadScript(routes: TRoutePreload[], early: TEarlyDataConfig, base = '/'): string {
  const table = routes.map((r) => [r.pattern, r.js.map((f) => base + f), r.css.map((f) => base + f), r.data]);
  return `(function(){
var t=${JSON.stringify(table)},K=${JSON.stringify(early.storageKeys)},G=${JSON.stringify(early.global)},p=location.pathname;
function add(rel,href,as){var l=document.createElement('link');l.rel=rel;l.href=href;l.crossOrigin='';if(as)l.setAttribute('as',as);document.head.appendChild(l)}
function key(u){var x=new URL(u,location.origin),q=new URLSearchParams(x.search).toString();return q?x.pathname+'?'+q:x.pathname}
function auth(){try{if(new URLSearchParams(location.search).has('key'))return null;var k=localStorage.getItem(K.apiKey),o=localStorage.getItem(K.orgCode),e=localStorage.getItem(K.expires);return k&&o&&e&&Date.parse(e)>Date.now()?'Bearer '+o+'-'+k:null}catch(x){return null}}
for(var i=0;i<t.length;i++){var m=new RegExp(t[i][0]).exec(p);if(!m)continue;
var a=t[i][3].length&&navigator.onLine!==false?auth():null;if(a){var d=window[G]={};t[i][3].forEach(function(u){u=u.replace(/:(\\w+)/g,function(_,n){return m.groups[n]});d[key(u)]={auth:a,response:fetch(u,{headers:{Accept:'application/json',Authorization:a},priority:'high'})}})}
t[i][1].forEach(function(h){add('modulepreload',h)});t[i][2].forEach(function(h){add('preload',h,'style')});
break}})();
`;
}

/**
 * `<link rel="preload">` tags for the font files whose names match `fonts`. A web font is asked
 * for only when the first text that uses it is laid out, and the page is laid out again when it
 * arrives: on a long results page that second layout was a frame of its own.
 */
export function fontPreloadTags(fileNames: string[], fonts: RegExp[], base = '/'): string {
  return fileNames
    .filter((f) => f.endsWith('.woff2') && fonts.some((re) => re.test(f)))
    .map((f) => `<link rel="preload" href="${base}${f}" as="font" type="font/woff2" crossorigin>`)
    .join('\n    ');
}

export function routePreload(pages: TRoutePages, early: TEarlyDataConfig, fonts: RegExp[] = []): Plugin {
  let base = '/';
  return {
    name: 'rostrum-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const source = preloadScript(routePreloads(bundle as unknown as TBundleLike, pages), early, base);
      const fileName = `assets/route-preload-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('route-preload: no index.html in the bundle');
      // Before the bundle's module script: it runs while the bundle is still downloading.
      const page = String(html.source);
      const at = page.indexOf('<script type="module"');
      if (at < 0) throw new Error('route-preload: no module script in index.html');
      const fontTags = fontPreloadTags(Object.keys(bundle), fonts, base);
      html.source = `${page.slice(0, at)}${fontTags ? `${fontTags}\n    ` : ''}<script src="${base}${fileName}"></script>\n    ${page.slice(at)}`;
    },
  };
}
