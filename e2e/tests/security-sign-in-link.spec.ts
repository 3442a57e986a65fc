import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, notification, test, NORTHWIND_CODE, signInByApi, signUp, uniqueEmail } from './helpers';

// Security item 12, login CSRF: a /sign-in?key=... link may come from anyone, so the page asks
// 'Continue as {email}?' and exchanges the key only on Continue. A new user's own key, from the
// sign-up response, is used in memory and asks nothing.

async function accountWithLink(request: APIRequestContext): Promise<{ email: string; key: string }> {
  const email = uniqueEmail('linked');
  const res = await request.post('/api/v1/auth/sign-up', {
    data: {
      email,
      password: 'a-good-password',
      firstName: 'Lin',
      lastName: 'Ked',
      name: 'Lin Ked',
      metadata: { title: 'professional' },
      inviteCode: NORTHWIND_CODE,
      termsAccepted: true,
    },
  });
  expect(res.status()).toBe(200);
  return { email, key: ((await res.json()) as { data: { signInKey: string } }).data.signInKey };
}

const keyStillUsable = async (request: APIRequestContext, key: string) =>
  (await request.post('/api/v1/auth/sign-in/key/peek', { data: { key } })).status() === 200;

test.describe('sign-in links', () => {
  test('ask before signing in; Continue uses the key, showing Signing In ...', async ({ page, request }) => {
    const { email, key } = await accountWithLink(request);
    await page.goto(`/sign-in?key=${encodeURIComponent(key)}`);
    await expect(page.getByRole('heading', { name: `Continue as ${email}?` })).toBeVisible();
    // Nothing is signed in yet, and the key is unused.
    expect(await page.evaluate(() => window.localStorage.getItem('rostrum.apiKey'))).toBeNull();
    expect(await keyStillUsable(request, key)).toBe(true);
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // Hold the exchange a moment, so the spec's 'Signing In ...' can be seen while it runs.
    await page.route('**/api/v1/auth/sign-in/key', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Signing In ...')).toBeVisible();
    await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
    await expect(page.getByRole('link', { name: /Logged in as/ })).toBeVisible();
    expect(await keyStillUsable(request, key)).toBe(false);
  });

  test('Use another account shows the form and leaves the key unused', async ({ page, request }) => {
    const { key } = await accountWithLink(request);
    await page.goto(`/sign-in?next=%2Fhistory&key=${encodeURIComponent(key)}`);
    await page.getByRole('button', { name: 'Use another account' }).click();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL('/sign-in?next=%2Fhistory');
    expect(await keyStillUsable(request, key)).toBe(true);
  });

  test('a used or unknown link says so and shows the form', async ({ page }) => {
    await page.goto('/sign-in?key=northwind-not-a-real-key');
    await expect(notification(page)).toContainText('This sign-in link has expired or has already been used.');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Continue as/ })).toHaveCount(0);
  });

  test('a bad link opened while signed in says so about the link and keeps the session', async ({ page, request }) => {
    const { email } = await accountWithLink(request);
    await signInByApi(page, email, 'a-good-password');
    await page.goto('/sign-in?next=%2Fhelp&key=northwind-not-a-real-key');
    await expect(page).toHaveURL('/help');
    await expect(notification(page)).toContainText('This sign-in link has expired or has already been used.');
    await expect(notification(page)).not.toContainText('Your session has expired');
    await expect(page.getByRole('link', { name: /Logged in as/ })).toBeVisible();
  });

  test('a new user is signed in straight after sign-up, without the question', async ({ page }) => {
    await signUp(page, {
      code: NORTHWIND_CODE,
      email: uniqueEmail('fresh'),
      password: 'a-good-password',
      firstName: 'Fresh',
      lastName: 'Start',
    });
    await expect(page).toHaveURL('/home');
    await expect(page.getByRole('heading', { name: /Continue as/ })).toHaveCount(0);
  });
});
