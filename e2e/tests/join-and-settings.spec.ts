import {
  expect,
  test,
  NORTHWIND_CODE,
  RIVERSIDE_CODE,
  notification,
  signIn,
  signUp,
  uniqueEmail,
  DEMO_PASSWORD,
  signInByApi,
} from './helpers';

test('a failed join goes home first and shows the error after a second', async ({ page }) => {
  await signIn(page, 'speaker@northwind.example');
  // A code of another organisation passes the invite check but cannot be joined from this account.
  await page.goto(`/confirm-code?code=${RIVERSIDE_CODE}`);
  await page.getByRole('button', { name: 'Join Group' }).click();
  await expect(page).toHaveURL('/evaluate');
  const n = notification(page);
  await expect(n).toContainText('Invite Code Invalid');
  await expect(n).toContainText(
    'The invite code could not be loaded. Please ensure it is a valid code associated with your current organization',
  );
});

test("a coach entering their own group's code is told at once, with no Join Group (000 section 8)", async ({ page }) => {
  await signInByApi(page, 'coach@northwind.example', DEMO_PASSWORD, `/confirm-code?code=${NORTHWIND_CODE}`);
  await expect(page.getByText('You are already a Coach in this Group')).toBeVisible();
  await expect(page.getByText('When you are a coach for a group, you cannot also be a speaker in that group.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join Group' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
});

test('the speaker dashboard of an organisation without Assignments sends the speaker to their landing page', async ({ page }) => {
  await signInByApi(page, 'speaker@northwind.example', DEMO_PASSWORD, '/speaker-dashboard');
  await expect(page).not.toHaveURL(/speaker-dashboard/);
  await expect(page.getByText('Your dashboard could not be loaded')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Logged in as/ })).toBeVisible();
});

test('a full organisation (402) on /confirm-code: "Could not save changes:" and Join Group stays', async ({ page }) => {
  const full = {
    status: 402,
    contentType: 'application/json',
    body: JSON.stringify({
      errors: [
        {
          status: 402,
          message:
            'The organization you are trying to join has reached its maximum number of licenses. Please contact your manager or administrator to request access.',
        },
      ],
    }),
  };
  // The seat limit is the server's (its API tests cover it); here the page's answer to it.
  await page.route('**/api/v1/auth/sign-up/invite', (route) => route.fulfill(full));
  await page.route('**/api/v1/groups/join', (route) => route.fulfill(full));
  await signInByApi(page, 'speaker@northwind.example', DEMO_PASSWORD, `/confirm-code?code=${NORTHWIND_CODE}`);
  const seatText =
    'Could not save changes: The organization you are trying to join has reached its maximum number of licenses. Please contact your manager or administrator to request access.';
  await expect(page.getByRole('alert').filter({ hasText: seatText })).toBeVisible();
  await page.getByRole('button', { name: 'Join Group' }).click();
  await expect(notification(page)).toContainText(seatText);
  await expect(page).toHaveURL(`/confirm-code?code=${NORTHWIND_CODE}`);
  await expect(page.getByRole('button', { name: 'Join Group' })).toBeVisible();
});

test('account settings: name rules, email change with confirmation, password change', async ({ page }) => {
  const email = uniqueEmail('settings');
  await signUp(page, { code: NORTHWIND_CODE, email, password: 'settings-pass-1', firstName: 'Robin', lastName: 'Hale' });
  await expect(page).toHaveURL('/home');
  await page.goto('/profile');

  // Error styles: first name below 2 characters; full name between 2 and 4 only (000 section 5).
  await page.getByLabel('First name').fill('R');
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Full name').fill('R');
  await expect(page.getByLabel('Full name')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Full name').fill('Rob');
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Full name').fill('Robin Hale');
  await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');

  // Email change asks first, then saves.
  const newEmail = uniqueEmail('moved');
  await page.getByLabel('New email').fill(newEmail);
  await page.getByLabel('Current password').first().fill('settings-pass-1');
  await page.getByRole('button', { name: 'Save profile' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Are you sure you want to change your login to ${newEmail}?`);
  await dialog.getByRole('button', { name: 'Change email' }).click();
  await expect(notification(page)).toContainText('Profile Updated');
  await expect(page.getByText(`You sign in as ${newEmail}.`, { exact: false })).toBeVisible();

  // Password change while signed in.
  const passwordCard = page.getByRole('region', { name: 'Password' });
  await passwordCard.getByLabel('Current password').fill('settings-pass-1');
  await passwordCard.getByLabel('New password').fill('settings-pass-2');
  await passwordCard.getByRole('button', { name: 'Change password' }).click();
  await expect(notification(page)).toContainText('Changes Saved');

  await page.goto('/sign-out');
  await signIn(page, newEmail, 'settings-pass-2');
  await expect(page.getByRole('link', { name: 'Logged in as Robin Hale' })).toBeVisible();
});

test('email settings: the speaker and coach sections follow the org settings and the user (000 section 2.10)', async ({ page }) => {
  const section = (name: string) => page.getByRole('region', { name });
  const openSettings = async (email: string) => {
    await signInByApi(page, email, DEMO_PASSWORD, '/email-notifications');
    await expect(page.getByRole('heading', { name: 'Email Notifications' })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
  };

  // Northwind (Assignments off): a speaker gets the speaker section without the assignment switch,
  // and no coach section (they coach no group).
  await openSettings('speaker@northwind.example');
  await expect(section('For speakers')).toBeVisible();
  await expect(section('For speakers').getByRole('switch', { name: 'Recording shared with your group' })).toBeVisible();
  await expect(section('For speakers').getByRole('switch', { name: 'Recording analyzed' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'New assignment' })).toHaveCount(0);
  await expect(section('For coaches')).toHaveCount(0);
  await expect(page.getByText('Looking for your access dates?')).toBeVisible();

  // Its coach: the coach section with the review email, still no assignment switch.
  await openSettings('coach@northwind.example');
  await expect(section('For coaches').getByRole('switch', { name: 'Recording submitted for review' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Assignment completed' })).toHaveCount(0);
  await expect(section('For coaches').getByRole('switch')).toHaveCount(1);

  // Summit (Assignments on): the coach also sets "Assignment completed"; saving keeps the choice.
  await openSettings('coach@summit.example');
  const completed = section('For coaches').getByRole('switch', { name: 'Assignment completed' });
  await expect(completed).toHaveAttribute('aria-checked', 'true');
  await completed.click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(notification(page)).toContainText('Changes Saved');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await page.reload();
  await expect(section('For coaches').getByRole('switch', { name: 'Assignment completed' })).toHaveAttribute('aria-checked', 'false');
});
