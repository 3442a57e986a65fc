import path from 'node:path';
import { apiSignUp, expect, test, signIn, uniqueEmail, shot, SHOTS } from './helpers';
import { PASSWORD, api, apiSignIn } from './results-helpers';

// The subscription rule (002 section 2.1): a user without an active membership (and no org-level
// role) lands on Subscription, is sent there from every page that needs a subscription, still
// opens Record, Profile and Help, and a 402 from the API sends them there too.
// Summit's data stays as other specs read it: the speaker joins a group of their own, made here.

test.describe.configure({ mode: 'serial' });

const PSEUDO_GROUP_ID = '00000000-0000-4000-0000-000000000000';

let email: string;
let userId: string;
let groupId: string;

test.beforeAll(async ({ baseURL }) => {
  const admin = await apiSignIn(baseURL!, 'admin@summit.example');
  const group = await api<{ groupId: string; inviteCode: string }>(baseURL!, admin, 'POST', '/groups', {
    name: `Renewals ${Date.now().toString(36)}`,
  });
  groupId = group.groupId;
  email = uniqueEmail('lapsed');
  userId = await apiSignUp(baseURL!, { code: group.inviteCode, email, password: PASSWORD, firstName: 'Lee', lastName: 'Lapsed' });
});

/** The admin removes the speaker's role: no active membership is left. */
async function lapse(baseURL: string) {
  const admin = await apiSignIn(baseURL, 'admin@summit.example');
  await api(baseURL, admin, 'PUT', `/users/${userId}`, {
    roles: [
      { groupId: PSEUDO_GROUP_ID, roles: [] },
      { groupId, roles: [] },
    ],
  });
}

test('a call answered 402 while on a page sends the user to Subscription', async ({ page, baseURL }) => {
  await signIn(page, email, PASSWORD);
  await page.goto('/help');
  await expect(page.getByRole('link', { name: 'History' })).toBeVisible();
  // The access ends while the app still holds the old GET me: the guard lets History open, and
  // its call is answered 402 subscription.required, which leads to Subscription.
  await lapse(baseURL!);
  const answered = page.waitForResponse((r) => r.url().includes('/api/v1/history') && r.status() === 402);
  await page.getByRole('link', { name: 'History' }).click();
  expect((await (await answered).json()).errors[0].code).toBe('subscription.required');
  await expect(page).toHaveURL('/subscription');
  await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
});

test('without an active membership the user lands on Subscription and is sent there from subscribed pages', async ({ page }) => {
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/subscription');
  await expect(page).toHaveTitle('Rostrum - Subscription');
  // A removed membership is not one to pay for (the server offers no Renew or Activate): the page explains.
  await expect(page.getByTestId('subscription-explanation')).toContainText('There is no subscription to pay for in your groups right now.');
  await expect(page.getByLabel('Prepaid code')).toHaveCount(0);
  for (const path of ['/history', '/manage', '/evaluate', '/manage?tab=assignments']) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/subscription');
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, { path: path.join(SHOTS, 'subscription-guard-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, { path: path.join(SHOTS, 'subscription-guard-390.png') });
});

test('Profile, Help and Record still open', async ({ page }) => {
  await signIn(page, email, PASSWORD);
  await page.goto('/profile');
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await page.goto('/help');
  await expect(page).toHaveURL('/help');
  await expect(page.getByRole('heading', { name: 'Recording troubleshooting' })).toBeVisible();
  await page.goto('/record');
  await expect(page).toHaveURL('/record');
  await expect(page).toHaveTitle('Rostrum - Record');
});
