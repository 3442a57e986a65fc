import { expect, test, DEMO_PASSWORD, NORTHWIND_CODE, fillAccountFields, notification, uniqueEmail } from './helpers';

test.describe('sign-up errors', () => {
  test('the invite code is required and must be valid', async ({ page }) => {
    await page.goto('/sign-up');
    await expect(page.getByText('Check your class instructions.')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Invite code is required')).toBeVisible();
    await page.getByLabel('Invite code').fill('No-Such-Code');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('This Invite Code is not valid')).toBeVisible();
    await expect(page.getByLabel('Invite code')).toHaveAttribute('aria-invalid', 'true');
  });

  const TAKEN = 'Email already registered. Please sign into your account here to join this new group.';

  test('409 with a wrong password: the sign-in attempt fails, so the message and its sign-in link show', async ({ page }) => {
    await page.goto(`/sign-up?code=${NORTHWIND_CODE}`);
    await fillAccountFields(page, {
      email: 'speaker@northwind.example',
      password: 'not-the-password',
      firstName: 'Sam',
      lastName: 'Speaker',
    });
    await page.getByLabel('I agree to the Terms of Use and Privacy Policy.').check();
    // The spec's sign-in attempt with the entered credentials follows the 409 by itself.
    const attempt = page.waitForRequest('**/api/v1/auth/sign-in');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect((await attempt).postDataJSON()).toEqual({ email: 'speaker@northwind.example', password: 'not-the-password' });
    await expect(page.getByTestId('email-taken')).toHaveText(TAKEN);
    await expect(page).toHaveURL(/\/sign-up/);
    expect(await page.evaluate(() => localStorage.getItem('rostrum.apiKey'))).toBeNull();
    const here = page.getByTestId('email-taken').getByRole('link', { name: 'here' });
    await expect(here).toHaveAttribute('href', `/sign-in?email=speaker%40northwind.example&code=${NORTHWIND_CODE}`);
    await here.click();
    await expect(page).toHaveURL(`/sign-in?email=speaker%40northwind.example&code=${NORTHWIND_CODE}`);
    await expect(page.getByLabel('Email')).toHaveValue('speaker@northwind.example');
  });

  test('409 with the right password: signed in with the entered credentials and offered Join Group', async ({ page }) => {
    // The Sales Team's speaker signs up again with the code of a group they are not in.
    const code = 'Northwind-Communications-Leadership-Workshop';
    await page.goto(`/sign-up?code=${code}`);
    await fillAccountFields(page, { email: 'speaker@northwind.example', password: DEMO_PASSWORD, firstName: 'Sam', lastName: 'Speaker' });
    await page.getByLabel('I agree to the Terms of Use and Privacy Policy.').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(`/confirm-code?code=${code}`);
    await expect(page.getByRole('button', { name: 'Join Group' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('rostrum.apiKey'))).not.toBeNull();
    await expect(page.getByText(TAKEN)).toHaveCount(0);
  });

  test('errors clear as soon as the field is valid', async ({ page }) => {
    await page.goto(`/sign-up?code=${NORTHWIND_CODE}`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Please accept the Terms of Use and Privacy Policy to create your account.')).toBeVisible();
    await page.getByLabel('First name').fill('Ada');
    await expect(page.getByText('First name is required')).toHaveCount(0);
    await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Last name').fill('Lovelace');
    await expect(page.getByText('Full name is required')).toHaveCount(0);
    await page.getByLabel('I agree to the Terms of Use and Privacy Policy.').check();
    await expect(page.getByText('Please accept the Terms of Use and Privacy Policy to create your account.')).toHaveCount(0);
  });

  test('400: data the server rejects', async ({ page }) => {
    // Client-side checks use the same schema, so tamper with the request to reach the server's 400.
    await page.route('**/api/v1/auth/sign-up', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, firstName: 'x'.repeat(80) }) });
    });
    await page.goto(`/sign-up?code=${NORTHWIND_CODE}`);
    await fillAccountFields(page, { email: uniqueEmail('bad'), password: 'some-pass-123', firstName: 'Bad', lastName: 'Data' });
    await page.getByLabel('I agree to the Terms of Use and Privacy Policy.').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(notification(page)).toContainText('Some of the data you entered is not valid');
    await expect(page).toHaveURL(/\/sign-up/);
  });

  test('the terms box is required', async ({ page }) => {
    await page.goto(`/sign-up?code=${NORTHWIND_CODE}`);
    await fillAccountFields(page, { email: uniqueEmail('terms'), password: 'some-pass-123', firstName: 'No', lastName: 'Terms' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please accept the Terms of Use and Privacy Policy to create your account.')).toBeVisible();
  });
});
