// Renders the installable recorder's PNG icons (public/icons/) from the brand mark
// (src/app/brand-logo.tsx) with the Chromium the e2e tests use. Run it after changing the mark:
//   node --experimental-strip-types apps/web/build/render-icons.ts
// The PNGs are committed (a few kilobytes each), so the build needs no browser.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
/** tokens.css: --color-primary-800 and --color-accent-400. */
const PRIMARY = '#312e81';
const ACCENT = '#f7a24b';
const MARK = `<path d="M9 21V11h7a4 4 0 0 1 0 8h-2l5 4" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/><circle cx="23.5" cy="10.5" r="2.5" fill="${ACCENT}"/>`;

/** The mark as the app shows it: a rounded tile. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${PRIMARY}"/>${MARK}</svg>`;
/** Full bleed, the mark within the middle 60% (inside a maskable icon's safe zone, and iOS rounds it itself). */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${PRIMARY}"/><g transform="translate(6.4 6.4) scale(0.6)">${MARK}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: rounded },
  { file: 'icon-512.png', size: 512, svg: rounded },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<body style="margin:0;background:transparent">${icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body>`,
    );
    await page.locator('svg').screenshot({ path: path.join(OUT, icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
