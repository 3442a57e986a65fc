import { expect, test, NORTHWIND_CODE, notification, readResetLink, signUp, uniqueEmail } from './helpers';

// The done-when journey: sign up with an invite, land, edit the profile, change email settings,
// sign out, reset a forgotten password from the emailed link, and sign in with the new one.
test('a new speaker signs up, edits the profile and resets a forgotten password', async ({ page }) => {
  const email = uniqueEmail('jordan');
  await signUp(page, { code: NORTHWIND_CODE, email, password: 'first-pass-123', firstName: 'Jordan', lastName: 'Lee' });

  // After sign-up the destination is /home (000 section 2.3): the intake page for a new speaker.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Record. Review. Improve.' })).toBeVisible();
  await expect(page.getByText('There are many different ways to get started.')).toBeVisible();
  await page.goto('/evaluate');
  await expect(page.getByText('You have no recordings yet.')).toBeVisible();
  await expect(page).toHaveTitle('Rostrum - My Recordings');
  await expect(page.getByRole('link', { name: 'Logged in as Jordan Lee' })).toBeVisible();

  // Profile: the header name follows the saved full name.
  await page.getByRole('link', { name: 'Logged in as Jordan Lee' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel('First name').fill('Jordana');
  await page.getByLabel('Full name').fill('Jordana Lee');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(notification(page)).toContainText('Profile Updated');
  await expect(page.getByRole('link', { name: 'Logged in as Jordana Lee' })).toBeVisible();

  // Email settings.
  await page.getByRole('link', { name: /Email notifications/ }).click();
  await expect(page).toHaveURL(/\/email-notifications$/);
  const feedback = page.getByRole('switch', { name: 'Feedback received' });
  await expect(feedback).toHaveAttribute('aria-checked', 'true');
  await feedback.click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(notification(page)).toContainText('Changes Saved');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Feedback received' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Recording analyzed' })).toHaveAttribute('aria-checked', 'true');

  // Sign out.
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-out$/);
  await expect(notification(page)).toContainText('You have been successfully signed out.');
  expect(await page.evaluate(() => localStorage.getItem('rostrum.apiKey'))).toBeNull();

  // Forgot password -> emailed link -> reset.
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/password\/forgot\?email=/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await expect(notification(page)).toContainText('Email incoming!');
  await expect(notification(page)).toContainText('We sent you an email with a link to reset your password');

  const link = await readResetLink(email);
  await page.goto(link);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await page.getByLabel('New password', { exact: true }).fill('second-pass-456');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page).toHaveURL(/\/sign-in\?email=/);
  await expect(notification(page)).toContainText('Updated!');
  await expect(notification(page)).toContainText('Your password has been updated, you can sign in now');
  await expect(page.getByLabel('Email')).toHaveValue(email);

  // The old password no longer works; the new one does.
  await page.getByLabel('Password').fill('first-pass-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Incorrect credentials')).toBeVisible();
  await page.getByLabel('Password').fill('second-pass-456');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/evaluate$/);
  await expect(page.getByRole('link', { name: 'Logged in as Jordana Lee' })).toBeVisible();
});

test('forgot password for an unknown email says so', async ({ page }) => {
  await page.goto('/password/forgot');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await expect(page.getByText('Cannot find an account for that email')).toBeVisible();
});
