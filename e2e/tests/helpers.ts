import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Locator, type Page } from '@playwright/test';

/**
 * `test` with an automatic check that the page logged no console errors (failed HTTP responses,
 * which Chromium logs for expected 4xx answers, are not app errors and are left out).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Screenshots are taken only with E2E_SCREENSHOTS=1. */
export const SCREENSHOTS_ON = process.env.E2E_SCREENSHOTS === '1';
/** Where they go: e2e/.tmp/screenshots. */
export const SHOTS = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '.tmp', 'screenshots');

/**
 * A screenshot to look at a page by eye, taken only with E2E_SCREENSHOTS=1: rendering full pages to
 * PNG at every run costs about a tenth of the browser tests' time, and no test reads the files.
 * (A failing test's own screenshot comes from the config's `screenshot: 'only-on-failure'`.)
 */
export async function shot(target: Page | Locator, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (!SCREENSHOTS_ON) return;
  fs.mkdirSync(path.dirname(options.path), { recursive: true });
  if ('goto' in target) await target.screenshot(options);
  else await target.screenshot({ path: options.path });
}

export type TShotSize = readonly [width: number, height: number];
/** A desktop and a phone. */
export const DESKTOP_AND_PHONE: readonly TShotSize[] = [
  [1440, 900],
  [390, 844],
];

/**
 * Screenshots of the page at each size (`${name}-${width}.png` in SHOTS), the one helper the
 * specs use to look at their pages. With screenshots off it does nothing at all: no resizing,
 * no waiting. With them on, the viewport is set back to `restore` afterwards.
 */
export async function shootSizes(
  page: Page,
  name: string,
  options: {
    sizes?: readonly TShotSize[];
    /** Whole pages (default), or only the viewport, at each width. */
    fullPage?: boolean | ((width: number) => boolean);
    /** Time for the layout to settle after a resize. */
    settleMs?: number;
    /** Run after each resize, before the shot (scroll to what is shown). */
    arrange?: (page: Page) => Promise<void>;
    restore?: TShotSize;
  } = {},
): Promise<void> {
  if (!SCREENSHOTS_ON) return;
  const { sizes = DESKTOP_AND_PHONE, fullPage = true, settleMs = 0, arrange, restore = [1280, 900] } = options;
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    if (settleMs) await page.waitForTimeout(settleMs);
    await arrange?.(page);
    const whole = typeof fullPage === 'function' ? fullPage(width) : fullPage;
    await shot(page, { path: path.join(SHOTS, `${name}-${width}.png`), fullPage: whole });
  }
  await page.setViewportSize({ width: restore[0], height: restore[1] });
}

export const DEMO_PASSWORD = 'rostrum-demo';
export const NORTHWIND_CODE = 'Northwind-Communications-Sales-Team';
export const RIVERSIDE_CODE = 'Riverside-College-COMM-101';

let counter = 0;
/** A fresh address per call, so tests never collide on a shared database. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${counter}@example.com`;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  // A signed-in user opening /sign-in goes to their landing page: switching users signs out first.
  const signedIn = page.url().startsWith('http') && (await page.evaluate(() => !!localStorage.getItem('rostrum.apiKey')));
  if (signedIn) {
    await page.goto('/sign-out');
    await page.waitForFunction(() => !localStorage.getItem('rostrum.apiKey'));
  }
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
}

export function notification(page: Page) {
  return page.getByTestId('notification');
}

/** Step 1 and 2 of sign-up with the single terms box (non-EU invites). */
export async function signUp(
  page: Page,
  opts: { code: string; email: string; password: string; firstName: string; lastName: string },
): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Invite code').fill(opts.code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAccountFields(page, opts);
  await page.getByLabel('I agree to the Terms of Use and Privacy Policy.').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export async function fillAccountFields(
  page: Page,
  opts: { email: string; password: string; firstName: string; lastName: string },
): Promise<void> {
  await page.getByLabel('Email').fill(opts.email);
  await page.getByLabel('Password', { exact: true }).fill(opts.password);
  await page.getByLabel('First name').fill(opts.firstName);
  await page.getByLabel('Last name').fill(opts.lastName);
  await expect(page.getByLabel('Full name')).toHaveValue(`${opts.firstName} ${opts.lastName}`);
  await page.getByLabel('Title').selectOption('professional');
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest password reset link mailed to `email`, read from the server's outbox folder. */
export async function readResetLink(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return undefined;
        const files = fs
          .readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .sort();
        for (const f of files.reverse()) {
          const text = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, f), 'utf8'));
          if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue;
          link = text.match(/https?:\/\/\S+\/password\/reset\?\S+/)?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

/**
 * Signs a new user up through the API with an invite code: set-up for specs about something else
 * (the sign-up form itself has specs of its own: account-journey, sign-up-errors, eu-consent).
 */
export async function apiSignUp(
  baseURL: string,
  opts: { code: string; email: string; password: string; firstName: string; lastName: string },
): Promise<string> {
  const res = await fetch(`${baseURL}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: opts.email,
      password: opts.password,
      firstName: opts.firstName,
      lastName: opts.lastName,
      name: `${opts.firstName} ${opts.lastName}`,
      metadata: { title: 'professional' },
      inviteCode: opts.code,
      termsAccepted: true,
    }),
  });
  if (!res.ok) throw new Error(`sign-up ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { userId: string } }).data.userId;
}

/**
 * Signs `page` in without the sign-in form (set-up for specs about something else; the form has
 * its own specs in route-guard, account-journey and the landing checks): the page asks the API for
 * a key and keeps it where the app does, then opens `path` signed in (when given; otherwise the
 * next page.goto does). Any earlier session of the page is replaced.
 */
export async function signInByApi(page: Page, email: string, password = DEMO_PASSWORD, path?: string): Promise<void> {
  await page.goto('/api/v1/health');
  await page.evaluate(
    async ([email, password]) => {
      const res = await fetch('/api/v1/auth/sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!res.ok) throw new Error(`sign-in ${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as { data: { apiKey: string; orgCode: string; expires: string } };
      localStorage.setItem('rostrum.apiKey', data.apiKey);
      localStorage.setItem('rostrum.orgCode', data.orgCode);
      localStorage.setItem('rostrum.apiKeyExpires', data.expires);
    },
    [email, password] as const,
  );
  if (path) await page.goto(path);
}

/** The results page's score cards start folded in groups (issue 41): opens them all. */
export async function openAllScores(page: Page): Promise<void> {
  const groups = page.getByTestId('metric-groups');
  await groups.getByRole('button', { name: 'Open all scores' }).click();
  await expect(groups.getByRole('button', { name: 'Fold all scores' })).toBeVisible();
}

/** axe finds no serious or critical issue in the page's main content (a dialog open over it is included). */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
