import { expect, test, NORTHWIND_CODE, notification, signIn } from './helpers';

test.describe('coach / speaker mode', () => {
  test('single-role users have no mode switcher', async ({ page }) => {
    await signIn(page, 'coach@northwind.example');
    await expect(page.getByRole('radiogroup', { name: 'Mode' })).toHaveCount(0);
    await page.goto('/sign-out');
    await signIn(page, 'speaker@northwind.example');
    await expect(page.getByRole('link', { name: 'Logged in as Sam Speaker' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Mode' })).toHaveCount(0);
  });

  test('an org admin who joins a group as speaker can switch modes', async ({ page }) => {
    // The admin is an org-level manager; joining Sales Team as a speaker makes them both.
    await signIn(page, 'admin@northwind.example');
    await page.goto(`/confirm-code?code=${NORTHWIND_CODE}`);
    await expect(page.getByTestId('confirm-group-name')).toHaveText('Sales Team');
    await page.getByRole('button', { name: 'Join Group' }).click();
    await expect(notification(page)).toContainText('Changes Saved');

    const nav = page.getByRole('navigation', { name: 'Main' });
    const coach = page.getByRole('radio', { name: 'Coach' });
    const speaker = page.getByRole('radio', { name: 'Speaker' });
    await expect(coach).toHaveAttribute('aria-checked', 'true');
    await expect(nav.getByRole('link', { name: 'My Recordings' })).toHaveCount(0);

    const saved = page.waitForRequest((r) => r.url().endsWith('/api/v1/me/preferences') && r.method() === 'PUT');
    // Throttled: a second switch within 500 ms is ignored. Both clicks happen in the page, 150 ms
    // apart (time to re-render), so a busy machine cannot stretch the gap past the throttle.
    await page.evaluate(async () => {
      const option = (name: string) =>
        [...document.querySelectorAll<HTMLButtonElement>('button[role=radio]')].find((b) => b.textContent === name)!;
      option('Speaker').click();
      await new Promise((r) => setTimeout(r, 150));
      option('Coach').click();
    });
    expect((await saved).postDataJSON()).toEqual({ currentMode: 'speaker' });
    await expect(page).toHaveURL('/evaluate');
    await expect(speaker).toHaveAttribute('aria-checked', 'true');
    await expect(nav.getByRole('link', { name: 'My Recordings' })).toBeVisible();

    // The mode is kept in preferences.
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Speaker' })).toHaveAttribute('aria-checked', 'true');

    await page.waitForTimeout(600);
    await page.getByRole('radio', { name: 'Coach' }).click();
    await expect(page).toHaveURL('/customer-admin/groups');
    await expect(page.getByRole('radio', { name: 'Coach' })).toHaveAttribute('aria-checked', 'true');
    await expect(nav.getByRole('link', { name: 'My Recordings' })).toHaveCount(0);
  });
});
