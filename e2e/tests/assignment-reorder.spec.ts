import type { Page } from '@playwright/test';
import { expect, signIn, test, shootSizes } from './helpers';
import { apiSignIn } from './results-helpers';

// The reorder page (002 section 2.3) and the coach dashboard's Assignments view (002 section 2.2)
// in the Summit demo org: the coach moves an assignment with the keyboard and saves.

const COACH = 'coach@summit.example';

const shoot = (page: Page, name: string) => shootSizes(page, name, { settleMs: 200 });

const names = (page: Page, list: string) => page.getByTestId(list).locator('.assignment-card__name, .reorder-card__name').allTextContents();

test('a coach reorders assignments with the keyboard and sees the new order on the coach dashboard', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, COACH);
  await page.goto('/coach-dashboard');
  await expect(page.getByRole('group', { name: 'Show' }).getByRole('radio', { name: 'Assignments' })).toBeChecked();
  await expect(page.getByTestId('coach-assignments').getByTestId('assignment-card').first()).toBeVisible();
  const before = await names(page, 'coach-assignments');
  expect(before.length).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('link', { name: 'Create Assignment' })).toHaveAttribute('href', /\/assignments\/create\?groupId=/);
  await expect(page.getByRole('radio', { name: 'Recent' })).toBeChecked();
  await shoot(page, 'coach-assignments-tab');

  await page.getByRole('link', { name: 'Reorder Assignments' }).click();
  await expect(page).toHaveURL(/\/assignments\/[0-9a-f-]{36}\/reorder$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reorder Assignments' })).toBeVisible();
  // The page orders every assignment of the group (archived ones last); the dashboard's Recent filter
  // shows a part of them, in the same order.
  const all = await names(page, 'reorder-list');
  expect(all.filter((n) => before.includes(n))).toEqual(before);
  expect(all.slice(0, 2)).toEqual(before.slice(0, 2));
  await shoot(page, 'reorder-page');

  // Space picks the first card up, ArrowDown moves it one place, Space drops it.
  const handle = page.getByRole('button', { name: new RegExp(`^Move ${before[0]}, position 1$`) });
  // Each key is pressed again only while the page shows no effect of it: dnd-kit's keyboard sensor
  // cancels a drag on a window resize (shoot() resizes just before), and where the window can
  // scroll it may scroll on an arrow key before it moves the card (a busy machine showed both).
  const announced = page.locator('[id^="DndLiveRegion"]');
  const dragging = page.locator('.reorder-card.is-dragging');
  await handle.focus();
  await expect(async () => {
    if ((await dragging.count()) === 0) await page.keyboard.press('Space');
    await expect(dragging).toHaveCount(1, { timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  const movedDown = new RegExp(`^${before[0]} moved to position 2 of`);
  await expect(async () => {
    if (!movedDown.test((await announced.textContent()) ?? '')) await page.keyboard.press('ArrowDown');
    await expect(announced).toHaveText(movedDown, { timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Space');
  await expect(announced).toHaveText(new RegExp(`^${before[0]} dropped at position 2`));
  const moved = [before[1]!, before[0]!, ...before.slice(2)];
  await expect.poll(() => names(page, 'reorder-list')).toEqual([all[1]!, all[0]!, ...all.slice(2)]);
  await expect(page.getByTestId('reorder-card').nth(1)).toContainText('2');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/coach-dashboard\?group=/);
  await expect(page.getByText('Assignments Saved')).toBeVisible();
  await expect.poll(() => names(page, 'coach-assignments')).toEqual(moved);
  // The order is stored: a reload keeps it (and the notice is gone).
  await page.reload();
  await expect.poll(() => names(page, 'coach-assignments')).toEqual(moved);
});

test("a speaker cannot reorder their group's assignments: the page shows the server's refusal", async ({ page, baseURL }) => {
  const token = await apiSignIn(baseURL!, 'speaker@summit.example');
  const groups = (await (await fetch(`${baseURL}/api/v1/groups`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { groupId: string; name: string }[];
  };
  const group = groups.data.find((g) => g.name === 'Pitch Practice')!;
  await signIn(page, 'speaker@summit.example');
  await page.goto(`/assignments/${group.groupId}/reorder`);
  await expect(page.getByTestId('reorder-refused')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
});
