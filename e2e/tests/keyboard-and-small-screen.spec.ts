import { expect, test, signIn } from './helpers';

test('the skip link is the first tab stop and moves to the content', async ({ page }) => {
  await page.goto('/');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  // The page drawn first: a Tab pressed while the app still loads lands nowhere.
  await expect(page.locator('#main-content')).toBeVisible();
  await expect(skip).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test.describe('small screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation collapses behind a menu button', async ({ page }) => {
    await signIn(page, 'coach@northwind.example');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const help = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(help).toBeHidden();
    await menuButton.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Logged in as Casey Coach' })).toBeVisible();
    await help.click();
    await expect(page).toHaveURL('/help');
    await expect(help).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
