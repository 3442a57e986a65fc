import { afterEach, describe, expect, it, vi } from 'vitest';
import { fontPreloadTags, preloadScript, routePattern, routePreloads } from './route-preload';

const chunk = (
  fileName: string,
  imports: string[],
  over: { isEntry?: boolean; facadeModuleId?: string; moduleIds?: string[]; css?: string[] } = {},
) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  isEntry: over.isEntry ?? false,
  facadeModuleId: over.facadeModuleId ?? null,
  moduleIds: over.moduleIds ?? [],
  viteMetadata: { importedCss: new Set(over.css ?? []) },
});

// The entry loads react and the api; the results page needs its own chunk, a layout chunk with
// a style sheet, and react (already loaded).
const bundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/react.js', 'assets/api.js'], { isEntry: true }),
  'assets/react.js': chunk('assets/react.js', []),
  'assets/api.js': chunk('assets/api.js', ['assets/react.js']),
  'assets/page.js': chunk('assets/page.js', ['assets/layout.js', 'assets/react.js'], {
    facadeModuleId: '/repo/apps/web/src/features/results/recording-page.tsx',
  }),
  'assets/layout.js': chunk('assets/layout.js', ['assets/api.js'], { css: ['assets/layout.css'] }),
  'index.html': { type: 'asset' as const, fileName: 'index.html', source: '<html></html>' },
};

describe('routePattern', () => {
  it('matches the route with any parameter value, with or without a trailing slash, and nothing deeper', () => {
    const re = new RegExp(routePattern('/evaluate/:recordingId'));
    expect(re.test('/evaluate/0b7c9a1e-1111-4222-8333-444455556666')).toBe(true);
    expect(re.test('/evaluate/abc/')).toBe(true);
    expect(re.test('/evaluate')).toBe(false);
    expect(re.test('/evaluate/abc/feedback')).toBe(false);
    expect(re.test('/x/evaluate/abc')).toBe(false);
    expect(new RegExp(routePattern('/record')).test('/record')).toBe(true);
    expect(new RegExp(routePattern('/record')).test('/recordings')).toBe(false);
  });
});

describe('routePreloads', () => {
  it("lists the page's chunks and style sheets that the first bundle does not load", () => {
    const [r] = routePreloads(bundle, { '/evaluate/:recordingId': { page: 'src/features/results/recording-page.tsx' } });
    expect(r!.js).toEqual(['assets/page.js', 'assets/layout.js']);
    expect(r!.css).toEqual(['assets/layout.css']);
  });

  it('finds a page grouped into a chunk with other modules (no facade of its own)', () => {
    const grouped = {
      ...bundle,
      'assets/results.js': chunk('assets/results.js', ['assets/react.js'], {
        moduleIds: ['/repo/apps/web/src/features/feedback/feedback-panel.tsx', '/repo/apps/web/src/features/history/history-page.tsx'],
        css: ['assets/results.css'],
      }),
    };
    const [r] = routePreloads(grouped, { '/history': { page: 'src/features/history/history-page.tsx' } });
    expect(r!.js).toEqual(['assets/results.js']);
    expect(r!.css).toEqual(['assets/results.css']);
  });

  it('fails the build when a page is in no chunk', () => {
    expect(() => routePreloads(bundle, { '/history': { page: 'src/features/history/history-page.tsx' } })).toThrow(/no chunk/);
  });
});

const KEYS = { apiKey: 'rostrum.apiKey', orgCode: 'rostrum.orgCode', expires: 'rostrum.apiKeyExpires' };
const EARLY = { storageKeys: KEYS, global: '__early' };
const PAGES = {
  '/evaluate/:recordingId': {
    page: 'src/features/results/recording-page.tsx',
    data: ['/api/v1/me', '/api/v1/recordings/:recordingId?expand=tips,timestamped'],
  },
};

describe('preloadScript', () => {
  /** Runs the script at an address; the links it added and the addresses it fetched (with their Authorization). */
  function run(address: string) {
    document.head.innerHTML = '';
    delete (window as unknown as Record<string, unknown>).__early;
    window.history.replaceState(null, '', address);
    const fetched: string[] = [];
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(async (url, init) => {
      fetched.push(`${String(url)} ${new Headers(init?.headers).get('Authorization')}`);
      return new Response('{}');
    });
    new Function(preloadScript(routePreloads(bundle, PAGES), EARLY))();
    fetch.mockRestore();
    const links = [...document.head.querySelectorAll('link')].map((l) =>
      [l.rel, l.getAttribute('href'), l.getAttribute('as')].filter(Boolean).join(' '),
    );
    return { links, fetched, early: (window as unknown as Record<string, Record<string, unknown> | undefined>).__early };
  }

  afterEach(() => localStorage.clear());

  it('adds module preloads and a style preload for the matching route only', () => {
    expect(run('/evaluate/abc').links).toEqual([
      'modulepreload /assets/page.js',
      'modulepreload /assets/layout.js',
      'preload /assets/layout.css style',
    ]);
    expect(run('/history').links).toEqual([]);
  });

  it("asks for the page's data with a live stored key, and leaves the answers by address", () => {
    localStorage.setItem(KEYS.apiKey, 'k1');
    localStorage.setItem(KEYS.orgCode, 'org');
    localStorage.setItem(KEYS.expires, new Date(Date.now() + 60_000).toISOString());
    const r = run('/evaluate/abc');
    expect(r.fetched).toEqual(['/api/v1/me Bearer org-k1', '/api/v1/recordings/abc?expand=tips,timestamped Bearer org-k1']);
    // Filed as the API client's request is looked up (earlyKey): the query in one encoding.
    expect(Object.keys(r.early ?? {})).toEqual(['/api/v1/me', '/api/v1/recordings/abc?expand=tips%2Ctimestamped']);
    expect(run('/history').fetched).toEqual([]);
  });

  it('asks for nothing signed out, with an expired key, or with a sign-in key in the address', () => {
    expect(run('/evaluate/abc').fetched).toEqual([]);
    localStorage.setItem(KEYS.apiKey, 'k1');
    localStorage.setItem(KEYS.orgCode, 'org');
    localStorage.setItem(KEYS.expires, new Date(Date.now() - 1000).toISOString());
    expect(run('/evaluate/abc').fetched).toEqual([]);
    localStorage.setItem(KEYS.expires, new Date(Date.now() + 60_000).toISOString());
    expect(run('/evaluate/abc?key=xyz').fetched).toEqual([]);
  });
});

describe('fontPreloadTags', () => {
  it('preloads only the woff2 files named, under the base', () => {
    const files = ['assets/inter-latin-wght-normal-Ab12.woff2', 'assets/inter-greek-wght-normal-Cd34.woff2', 'assets/inter-latin.js'];
    expect(fontPreloadTags(files, [/inter-latin-wght-normal-[\w-]+\.woff2$/], '/app/')).toBe(
      '<link rel="preload" href="/app/assets/inter-latin-wght-normal-Ab12.woff2" as="font" type="font/woff2" crossorigin>',
    );
    expect(fontPreloadTags(files, [])).toBe('');
  });
});
