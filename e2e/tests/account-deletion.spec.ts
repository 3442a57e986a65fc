import { apiSignUp, DEMO_PASSWORD, expect, NORTHWIND_CODE, notification, signInByApi, test, uniqueEmail } from './helpers';
import { api, apiSignIn } from './results-helpers';

// Deleting an account and the recording retention setting (issue 42 items 8 and 9).
// 1. A speaker made for this test (never a demo user) deletes their account from /profile: the
//    dialog refuses a mistyped word, then takes the password and DELETE; they land signed out on
//    the landing page with the notice, and their email and password no longer sign in.
// 2. Northwind's admin sees the retention setting on Admin > Settings and saves it; afterAll sets
//    it back to off, as seeded. The row-by-row and file-by-file checks are the API tests'
//    (apps/server/src/modules/account-deletion/account-deletion.routes.test.ts).

const ADMIN = 'admin@northwind.example';

test.afterAll(async ({ baseURL }) => {
  const token = await apiSignIn(baseURL!, ADMIN, DEMO_PASSWORD);
  await api(baseURL!, token, 'PATCH', '/admin/org-settings', { recordingRetention: 'off' });
});

test('a new speaker deletes their account from the profile, is signed out and cannot sign in again', async ({ page, baseURL }) => {
  const email = uniqueEmail('delete-me');
  const password = 'delete-me-pass-123';
  await apiSignUp(baseURL!, { code: NORTHWIND_CODE, email, password, firstName: 'Dana', lastName: 'Deleted' });
  await signInByApi(page, email, password, '/profile');

  const card = page.getByRole('region', { name: 'Delete account' });
  await expect(card).toBeVisible();
  await expect(card.getByText(/shown as from “Former member”/)).toBeVisible();
  await card.getByRole('button', { name: 'Delete account' }).click();

  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Type DELETE to confirm.')).toBeVisible();

  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/');
  await expect(notification(page)).toContainText('Account deleted');
  expect(await page.evaluate(() => localStorage.getItem('rostrum.apiKey'))).toBeNull();

  // The account is gone: signing in with it is refused.
  const res = await fetch(`${baseURL}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(401);
});

test('an admin sees the recording retention setting and saves it', async ({ page }) => {
  await signInByApi(page, ADMIN, DEMO_PASSWORD, '/customer-admin/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Recording retention' })).toBeVisible();
  await expect(page.getByText(/gets a notice and an email 14 days before/)).toBeVisible();
  const select = page.getByLabel('Keep recordings');
  await expect(select).toHaveValue('off');
  await select.selectOption('2y');
  await page.getByRole('button', { name: 'Save retention' }).click();
  await expect(notification(page)).toContainText('Recordings are now removed 2 years after they are made.');
  await page.reload();
  await expect(page.getByLabel('Keep recordings')).toHaveValue('2y');
});
