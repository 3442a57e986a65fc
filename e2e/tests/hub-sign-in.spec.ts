import type { Page } from '@playwright/test';
import { HUB_LOGIN, hubStandInPort } from '../hub/stand-in';
import { expect, test, shot } from './helpers';

// Sign-in through the partner hub (000 sections 2.4, 2.5 and 4), against a real OpenID provider
// on PORT+2000 (oidc-provider with its development login form; playwright.config.ts). Its account
// carries the verified email of Riverside's student, so the first sign-in links the two.

const ERROR_TITLE = 'Error While Logging In';
const STATE_INVALID = 'This sign-in has expired or was already used. Please start again from the sign-in page.';
const REFUSED = 'The partner hub did not sign you in. Please try again from the sign-in page.';

test.describe.configure({ mode: 'serial' });

async function toProvider(page: Page, next: string) {
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByRole('link', { name: 'Sign in with the partner hub' }).click();
  const hubOrigin = `http://127.0.0.1:${hubStandInPort(test.info().project.use.baseURL ?? 'http://localhost:8181')}`;
  await page.waitForURL((u) => u.origin === hubOrigin);
  await expect(page.getByPlaceholder('Enter any login')).toBeVisible();
}

async function expectErrorPage(page: Page, text: string) {
  await expect(page.getByRole('heading', { name: ERROR_TITLE })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/sign-in');
}

let returnAddress = '';

test('the hub link signs in at the provider and lands signed in at next', async ({ page }) => {
  await toProvider(page, '/profile');
  await page.getByPlaceholder('Enter any login').fill(HUB_LOGIN);
  await page.getByPlaceholder('and password').fill('any password');
  const back = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/btc/sign-in');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  returnAddress = (await back).url();
  expect(new URL(returnAddress).searchParams.get('code')).toBeTruthy();
  await page.waitForURL((u) => u.pathname === '/profile');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Stevie');
  // The key went into the session; the hub's tokens never reached the page.
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(JSON.stringify(stored)).not.toMatch(/access_token|id_token/);
  expect(stored['rostrum.orgCode']).toBe('riverside');

  // Signed in already: the hub route goes home, not to the hub.
  await page.goto('/btc/sign-in');
  await page.waitForURL((u) => !u.pathname.startsWith('/btc'));
  expect(new URL(page.url()).origin).toBe(new URL(returnAddress).origin);
});

test('the hub’s return address used a second time ends on the error page', async ({ page }) => {
  expect(returnAddress).not.toBe('');
  await page.goto(returnAddress);
  await expectErrorPage(page, STATE_INVALID);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a forged state ends on the error page', async ({ page }) => {
  await page.goto('/btc/sign-in?code=forged-code&state=forged-state');
  await expectErrorPage(page, STATE_INVALID);
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await shot(page, { path: test.info().outputPath(`hub-error-${width}.png`), fullPage: true });
  }
});

test('cancelling at the hub (access_denied) ends on the error page', async ({ page }) => {
  await toProvider(page, '/profile');
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await page.waitForURL((u) => u.pathname === '/btc/sign-in');
  expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
  await expectErrorPage(page, REFUSED);
});
