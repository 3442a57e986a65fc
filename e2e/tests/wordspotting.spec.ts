import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, notification, signIn, test, shootSizes } from './helpers';
import { apiSignIn } from './results-helpers';

// The wordspotting page, tab and wizard (spec 002 sections 2.5, 2.9, 5 and 7) in Northwind
// (Custom_Wordspotting_For_Orgs and _Groups on, _Users off): the admin adds an organisation list
// from Manage > Wordspotting, the Sales Team coach a group list from /wordspotting, the speaker
// sees both without Edit or Reset; a Summit speaker (_Users on) keeps a list of their own. Every list made here is reset at the end (by the UI, and by
// the API in afterAll should a step fail), so the other Northwind specs see the defaults.

const ADMIN = 'admin@northwind.example';
const COACH = 'coach@northwind.example';
const SPEAKER = 'speaker@northwind.example';
/** Summit has Custom_Wordspotting_For_Users on: its speakers keep a list of their own. */
const SUMMIT_SPEAKER = 'speaker@summit.example';
const ORG_NAME = 'Northwind Communications';
const RESET_CONFIRM = 'Are you sure you wish to remove this wordspotting list and reset to the defaults?';
const FILLER_ALERT = 'Restoring "uh/um" to the list. This phrase cannot be removed.';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let base = '';
test.beforeAll(({ baseURL }) => {
  base = baseURL!;
});

/** Removes whatever lists the spec may have left (a failed run), through the API. */
test.afterAll(async () => {
  const admin = await apiSignIn(base, ADMIN);
  const res = await fetch(`${base}/api/v1/wordspotting`, { headers: { Authorization: `Bearer ${admin}` } });
  const { data } = (await res.json()) as { data: { lists: { scope: string; scopeId: string | null; algorithm: string }[] } };
  for (const l of data.lists.filter((x) => x.scope === 'org' || x.scope === 'group')) {
    const key = l.scope === 'org' ? 'orgId' : 'groupId';
    await fetch(`${base}/api/v1/wordspotting?algorithm=${l.algorithm}&${key}=${l.scopeId}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${admin}` },
    });
  }
  const speaker = await apiSignIn(base, SUMMIT_SPEAKER);
  const own = await fetch(`${base}/api/v1/wordspotting`, { headers: { Authorization: `Bearer ${speaker}` } });
  const mine = (await own.json()) as { data: { lists: { scope: string; scopeId: string | null; algorithm: string }[] } };
  for (const l of mine.data.lists.filter((x) => x.scope === 'user'))
    await fetch(`${base}/api/v1/wordspotting?algorithm=${l.algorithm}&userId=${l.scopeId}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${speaker}` },
    });
});

const shoot = (page: Page, name: string) => shootSizes(page, `wordspotting-${name}`);

/** No serious or critical axe-core violations in the page's main content. */
async function expectAccessible(page: Page, what: string) {
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const listCard = (page: Page, type: string, name: string) =>
  page
    .getByRole('region', { name: new RegExp(`^${type}`) })
    .getByTestId('wordspotting-list')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

test('the Northwind admin adds an organisation list from Manage > Wordspotting', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/manage');
  await page.getByRole('tab', { name: 'Wordspotting' }).click();
  await expect(page).toHaveURL(/tab=wordspotting/);
  // The defaults: one per recording type, neither editable.
  await expect(listCard(page, 'Single Speaker', 'Default')).toContainText('uh/um');
  await expect(listCard(page, 'Multi-Speaker', 'Default')).toBeVisible();
  await expect(listCard(page, 'Single Speaker', 'Default').getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Customise a list' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Who should this list apply to?' })).toBeFocused();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByRole('radio', { name: /A specific group/ }).check();
  await expect(page.getByRole('heading', { name: /Step 1 of 4/ })).toBeVisible();
  await page.getByRole('radio', { name: /The whole organisation/ }).check();
  await expectAccessible(page, 'wizard apply-to');
  await shoot(page, 'wizard-apply-to');
  await next.click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Choose the recording type' })).toBeFocused();
  await page.getByRole('radio', { name: /Single Speaker/ }).check();
  await next.click();
  await expect(page.getByRole('heading', { name: 'Step 3 of 3: Enter the words and phrases to count' })).toBeVisible();

  // "uh/um" cannot be removed: clearing it alerts and puts it back.
  await page.getByRole('textbox', { name: 'Phrase 1' }).fill('');
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(FILLER_ALERT);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('textbox', { name: 'Phrase 1' })).toHaveValue('uh/um');

  await page.getByRole('textbox', { name: 'Phrase 2' }).fill('so');
  await page.getByRole('textbox', { name: 'Phrase 3' }).click();
  await expect(page.getByRole('textbox', { name: 'Phrase 4' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Phrase 3' }).fill('you know');
  await expectAccessible(page, 'wizard words');
  await shoot(page, 'wizard-words');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(notification(page)).toContainText('Wordspotting list saved');

  const org = listCard(page, 'Single Speaker', ORG_NAME);
  await expect(org.getByRole('listitem')).toHaveText(['uh/um', 'so', 'you know']);
  await expect(org.getByRole('button', { name: /^Edit/ })).toBeVisible();
  await expect(org.getByRole('button', { name: /^Reset/ })).toBeVisible();
  await expect(org).toContainText('Updated');
  await page.goto('/wordspotting');
  await expect(listCard(page, 'Single Speaker', ORG_NAME)).toBeVisible();
  await expectAccessible(page, 'lists');
  await shoot(page, 'page-admin');
});

test('the Sales Team coach adds a group list: the wizard skips apply-to and the group', async ({ page }) => {
  await signIn(page, COACH);
  await page.goto('/wordspotting');
  // The organisation's list is the admin's: no Edit or Reset for the coach.
  await expect(listCard(page, 'Single Speaker', ORG_NAME)).toBeVisible();
  await expect(listCard(page, 'Single Speaker', ORG_NAME).getByRole('button')).toHaveCount(0);
  await page.getByRole('button', { name: 'Customise a list' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: Choose the recording type' })).toBeVisible();
  await page.getByRole('radio', { name: /Single Speaker/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Sales Team (group)')).toBeVisible();
  await page.getByRole('textbox', { name: 'Phrase 2' }).fill('basically');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(notification(page)).toContainText('Wordspotting list saved');
  const group = listCard(page, 'Single Speaker', 'Sales Team');
  await expect(group.getByRole('listitem')).toHaveText(['uh/um', 'basically']);

  // Edit opens the words of that list at once.
  await group.getByRole('button', { name: /^Edit/ }).click();
  await expect(page.getByRole('textbox', { name: 'Phrase 2' })).toHaveValue('basically');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Customise a list' })).toBeVisible();
});

test('the speaker sees the lists without Edit, Reset or the wizard (Users setting off)', async ({ page }) => {
  await signIn(page, SPEAKER);
  await page.goto('/wordspotting');
  await expect(listCard(page, 'Single Speaker', ORG_NAME).getByRole('listitem')).toHaveText(['uh/um', 'so', 'you know']);
  await expect(listCard(page, 'Single Speaker', 'Sales Team')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Edit|Reset)/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Customise a list' })).toHaveCount(0);
  await page.goto('/manage');
  await expect(page.getByRole('tab', { name: 'My Recordings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Wordspotting' })).toHaveCount(0);
});

test('a Summit speaker (Users setting on) keeps and resets a list of their own', async ({ page }) => {
  await signIn(page, SUMMIT_SPEAKER);
  await page.goto('/wordspotting');
  await page.getByRole('button', { name: 'Customise a list' }).click();
  // Their own list is the only one theirs to set: no apply-to or group step.
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: Choose the recording type' })).toBeVisible();
  await page.getByRole('radio', { name: /Single Speaker/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('My account', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Phrase 2' }).fill('to be honest');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(notification(page)).toContainText('Wordspotting list saved');
  const mine = listCard(page, 'Single Speaker', 'My account');
  await expect(mine.getByRole('listitem')).toHaveText(['uh/um', 'to be honest']);
  await mine.getByRole('button', { name: /^Reset/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
  await expect(notification(page)).toContainText('Wordspotting list reset');
  await expect(mine).toHaveCount(0);
});

test('the coach and the admin reset their lists after confirming', async ({ page }) => {
  await signIn(page, COACH);
  await page.goto('/wordspotting');
  const group = listCard(page, 'Single Speaker', 'Sales Team');
  await group.getByRole('button', { name: /^Reset/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(RESET_CONFIRM);
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(notification(page)).toContainText('Wordspotting list reset');
  await expect(group).toHaveCount(0);

  await signIn(page, ADMIN);
  await page.goto('/wordspotting');
  const org = listCard(page, 'Single Speaker', ORG_NAME);
  await org.getByRole('button', { name: /^Reset/ }).click();
  // Cancel keeps it; Reset removes it.
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(org).toBeVisible();
  await org.getByRole('button', { name: /^Reset/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
  await expect(notification(page)).toContainText('Wordspotting list reset');
  await expect(org).toHaveCount(0);
  await expect(page.getByTestId('wordspotting-list')).toHaveCount(2);
});
