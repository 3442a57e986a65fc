import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, signInByApi } from './helpers';

// An axe-core scan of each admin and manage page: no serious or critical violations.

async function scan(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(path);
  await ready(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
};

for (const width of [1280, 375]) {
  test(`admin pages have no serious accessibility violations at ${width} px`, async ({ page }) => {
    // Eleven pages, each loaded and scanned: more than the default 30 s on 2 cores.
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signInByApi(page, 'admin@northwind.example');
    await scan(page, '/customer-admin/groups', heading('Manage Groups'));
    await page.getByRole('link', { name: 'Edit Group' }).last().click();
    await expect(page.getByRole('heading', { name: 'Edit Group' })).toBeVisible();
    await scan(page, page.url().replace(/^https?:\/\/[^/]+/, ''), heading('Edit Group'));
    await scan(page, '/customer-admin/groups/0', heading(/Add New Group|New Group/));
    await page.goto('/customer-admin/groups');
    await page.getByRole('link', { name: 'Members' }).last().click();
    await expect(page.getByRole('button', { name: 'Deactivate All Speakers and Coaches' })).toBeVisible();
    await scan(page, page.url().replace(/^https?:\/\/[^/]+/, ''), async () => {});
    await scan(page, '/customer-admin/invites', heading('Add Coach'));
    await scan(page, '/customer-admin/pending-invites', heading('Pending Invites'));
    await scan(page, '/customer-admin/plans', heading('Plans'));
    await scan(page, '/customer-admin/prepaid-codes', heading('Generate Prepaid Codes'));
    await scan(page, '/customer-admin/ledger', heading('Ledger'));
    await scan(page, '/customer-admin/users', heading('Manage Users'));
    await page.getByRole('link', { name: 'View User' }).first().click();
    await expect(page.getByText('Allow this user to add new groups?')).toBeVisible();
    await scan(page, page.url().replace(/^https?:\/\/[^/]+/, ''), async () => {});
  });

  test(`the manage page has no serious accessibility violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInByApi(page, 'coach@northwind.example');
    await scan(page, '/manage', heading('Manage'));
    await signInByApi(page, 'speaker@northwind.example');
    await scan(page, '/manage?tab=recordings', heading('Manage'));
  });
}
