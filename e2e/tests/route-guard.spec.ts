import { expect, test, NORTHWIND_CODE, signIn } from './helpers';

test.describe('route guard and shell', () => {
  test('a signed-out visit to /profile goes to sign-in with next, and back after signing in', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL('/sign-in?next=%2Fprofile');
    await expect(page).toHaveTitle('Rostrum - Sign In');
    await page.getByLabel('Email').fill('speaker@northwind.example');
    await page.getByLabel('Password').fill('rostrum-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page).toHaveTitle('Rostrum - Account Settings');
  });

  test('unknown paths redirect home, which shows the landing copy', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle('Rostrum - Home');
    await expect(page.getByRole('heading', { name: 'Want to give the best speech possible?' })).toBeVisible();
    await expect(page.getByText('Upload your speech and have it analyzed')).toBeVisible();
    await expect(page.getByText(/National Science Foundation/)).toBeVisible();
    await expect(page.getByText(/© \d{4} Rostrum/)).toBeVisible();
    await page.getByRole('link', { name: 'Get Started Now' }).first().click();
    await expect(page).toHaveURL('/sign-up');
    await expect(page).toHaveTitle('Rostrum - Sign Up');
  });

  test('home sends a signed-in user to their landing page', async ({ page }) => {
    await signIn(page, 'speaker@northwind.example');
    await expect(page).toHaveURL('/evaluate');
    await page.goto('/');
    await expect(page).toHaveURL('/evaluate');
    await page.goto('/help');
    await expect(page).toHaveTitle('Rostrum - Help');
    await expect(page.getByRole('heading', { name: 'Recording troubleshooting' })).toBeVisible();
  });

  test('a 401 while signed in signs out and returns to sign-in with next', async ({ page }) => {
    await signIn(page, 'speaker@northwind.example');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('rostrum.apiKey', 'corrupted-key'));
    await page.reload();
    await expect(page).toHaveURL('/sign-in?next=%2Fprofile');
    expect(await page.evaluate(() => localStorage.getItem('rostrum.apiKey'))).toBeNull();
  });

  test('an expired stored key counts as signed out', async ({ page }) => {
    await signIn(page, 'speaker@northwind.example');
    await page.evaluate(() => localStorage.setItem('rostrum.apiKeyExpires', '2000-01-01T00:00:00.000Z'));
    await page.goto('/help');
    await expect(page).toHaveURL('/sign-in?next=%2Fhelp');
  });

  test('the basic bar: sign-in link carries the invite code, hidden on sign-in', async ({ page }) => {
    await page.goto(`/sign-up?code=${NORTHWIND_CODE}`);
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Already have an account?')).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/sign-in?code=${NORTHWIND_CODE}`);
    await page.goto('/sign-in');
    await expect(page.getByRole('banner').getByText('Already have an account?')).toHaveCount(0);
  });

  test('/join goes to sign-up when signed out and to confirm-code when signed in', async ({ page }) => {
    await page.goto('/join?invite=abc123');
    await expect(page).toHaveURL('/sign-up?invite=abc123');
    await signIn(page, 'speaker@northwind.example');
    await page.goto('/join?invite=abc123');
    await expect(page).toHaveURL('/confirm-code?invite=abc123');
    await expect(
      page.getByText('This invite code cannot be applied to an existing account. Please contact support for help.'),
    ).toBeVisible();
    await page.goto('/confirm-code');
    await expect(page.getByText('You have reached this page in error. Please check the link you followed.')).toBeVisible();
  });

  test('a sign-in with a code continues to confirm-code', async ({ page }) => {
    await page.goto(`/sign-in?code=${NORTHWIND_CODE}`);
    await page.getByLabel('Email').fill('coach@northwind.example');
    await page.getByLabel('Password').fill('rostrum-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`/confirm-code?code=${NORTHWIND_CODE}`);
    // A coach cannot also join the group as a speaker: said at once, with no Join Group to click.
    await expect(page.getByText('You are already a Coach in this Group')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join Group' })).toHaveCount(0);
    await expect(page.getByText('When you are a coach for a group, you cannot also be a speaker in that group.')).toBeVisible();
  });

  test('a signed-in user opening /sign-in goes to their landing page', async ({ page }) => {
    await signIn(page, 'speaker@northwind.example');
    await page.goto('/sign-in');
    await expect(page).toHaveURL('/evaluate');
    // next still wins, as it would after signing in.
    await page.goto('/sign-in?next=%2Fhelp');
    await expect(page).toHaveURL('/help');
  });

  test('sign-in with both code and next goes to next (000 section 2.3)', async ({ page }) => {
    await page.goto(`/sign-in?code=${NORTHWIND_CODE}&next=%2Fprofile`);
    await page.getByLabel('Email').fill('speaker@northwind.example');
    await page.getByLabel('Password').fill('rostrum-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/profile');
  });

  test('with Assignments on (Summit), coach and speaker land on their dashboard, and Manage leads there', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await signIn(page, 'coach@summit.example');
    await expect(page).toHaveURL('/coach-dashboard');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Manage' })).toHaveCount(0);
    await page.goto('/manage?tab=groups');
    await expect(page).toHaveURL('/coach-dashboard');
    await page.goto('/manage?tab=email');
    await expect(page).toHaveURL('/email-notifications');
    await signIn(page, 'speaker@summit.example');
    await expect(page).toHaveURL('/speaker-dashboard');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/speaker-dashboard');
    await expect(nav.getByRole('link', { name: 'Record', exact: true })).toBeVisible();
    await page.goto('/manage');
    await expect(page).toHaveURL('/speaker-dashboard');
  });
});
