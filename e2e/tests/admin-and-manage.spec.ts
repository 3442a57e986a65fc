import { expect, test, NORTHWIND_CODE, signIn } from './helpers';

test.describe('admin groups and manage', () => {
  test('an org admin lands on the admin groups page', async ({ page }) => {
    await signIn(page, 'admin@northwind.example');
    await expect(page).toHaveURL('/customer-admin/groups');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin: Northwind Communications' })).toBeVisible();
    const table = page.getByRole('table');
    for (const h of [
      'Name',
      'Active Users',
      'Total Users',
      'Invite Code and Link',
      'Since',
      'Free Duration',
      'Coach Privacy',
      'Speaker Privacy',
    ]) {
      await expect(table.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    }
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toContainText('Coaches and Admins');
    await expect(rows.first()).toContainText('(none / invite-only)');
    const sales = rows.filter({ hasText: 'Sales Team' });
    await expect(sales).toContainText(NORTHWIND_CODE);
    await expect(sales).toContainText('15 years');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();
  });

  test('in a school the pseudo-group is Instructors and Admins', async ({ page }) => {
    await signIn(page, 'admin@riverside.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin: Riverside College' })).toBeVisible();
    await expect(page.getByRole('table').locator('tbody tr').first()).toContainText('Instructors and Admins');
    await expect(page.getByRole('columnheader', { name: 'Instructor Privacy' })).toBeVisible();
  });

  test('a speaker is redirected from the admin area to subscription', async ({ page }) => {
    await signIn(page, 'speaker@northwind.example');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto('/customer-admin/groups');
    await expect(page).toHaveURL('/subscription');
    await expect(page.getByTestId('membership').filter({ hasText: 'Sales Team' })).toContainText('Active');
  });

  test('a coach lands on manage with the invite code and the speakers', async ({ page }) => {
    await signIn(page, 'coach@northwind.example');
    await expect(page).toHaveURL('/manage');
    await expect(page.getByRole('tab', { name: 'My Groups' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Invite code')).toHaveValue(NORTHWIND_CODE);
    await expect(page.getByLabel('Invite link')).toHaveValue(new RegExp(`/sign-up\\?code=${NORTHWIND_CODE}$`));
    const speakers = page.getByRole('table', { name: 'Speakers in Sales Team' });
    await expect(speakers.getByRole('row', { name: /Sam Speaker/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Email Notifications' }).click();
    await expect(page).toHaveURL('/manage?tab=email');
    await expect(page.getByRole('switch', { name: 'Recording submitted for review' })).toBeVisible();
  });

  test('in a school the manage tab reads My Classes', async ({ page }) => {
    await signIn(page, 'instructor@riverside.example');
    await expect(page).toHaveURL('/manage');
    await expect(page.getByRole('tab', { name: 'My Classes' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Students in COMM 101' })).toBeVisible();
  });
});
