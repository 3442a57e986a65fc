import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiSignUp, expect, notification, signIn, test, uniqueEmail, shootSizes } from './helpers';
import { PASSWORD, api, apiSignIn } from './results-helpers';

// The subscription page (002 sections 2.10, 5, 8, 9): a Northwind speaker without access is sent to
// Subscription, redeems a prepaid code the Northwind admin generated through the API, sees the new
// expiry and records again; wrong and used codes show the spec's 400 message; renewing an active
// membership asks first and extends from the current expiry; admins and coaches read why they have
// nothing to pay. The speaker joins a group of their own, made here with no free access, so no
// other spec's data changes (Northwind's plans are only read: other specs may add plans).

test.describe.configure({ mode: 'serial' });

const CODE_REFUSED = 'Subscription update failed. Please double check the code you entered and try again';

let email: string;
let groupId: string;
let groupName: string;
let codes: string[];

test.beforeAll(async ({ baseURL }) => {
  const admin = await apiSignIn(baseURL!, 'admin@northwind.example');
  groupName = `Paid Cohort ${Date.now().toString(36)}`;
  const group = await api<{ groupId: string; inviteCode: string }>(baseURL!, admin, 'POST', '/groups', {
    name: groupName,
    freeDuration: { years: 0 },
  });
  groupId = group.groupId;
  email = uniqueEmail('paying');
  await apiSignUp(baseURL!, { code: group.inviteCode, email, password: PASSWORD, firstName: 'Pat', lastName: 'Payer' });
  const plans = await api<Array<{ planId: string; name: string; archived: boolean }>>(baseURL!, admin, 'GET', '/admin/plans');
  const annual = plans.find((p) => p.name === 'Annual' && !p.archived)!;
  const batch = await api<{ codes: string[] }>(baseURL!, admin, 'POST', `/admin/plans/${annual.planId}/codes`, { count: 2, groupId });
  codes = batch.codes;
});

const payCard = (page: Page) => page.locator('section', { has: page.locator('#subscription-pay-title') });
const planRow = (page: Page, name: string) => page.getByTestId('plan-row').filter({ hasText: name });

/** No serious or critical axe-core violations in the page's main region, wide and narrow. */
async function scan(page: Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${width}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

const shoot = (page: Page, name: string) => shootSizes(page, name, { restore: [1280, 720] });

test('a speaker without access is sent to Subscription, redeems a prepaid code and records again', async ({ page }) => {
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/subscription');
  await page.goto('/history');
  await expect(page).toHaveURL('/subscription');

  const card = payCard(page);
  await expect(card.getByRole('heading', { name: 'Activate your access' })).toBeVisible();
  await expect(card.getByTestId('subscription-status')).toContainText(groupName);
  await expect(card.getByTestId('subscription-status')).toContainText('Not active yet');

  // The plan table: Annual before Monthly (price descending), dollars with 2 decimals.
  await expect(card.getByRole('columnheader')).toHaveText(['Plan', 'Price', 'Expiration Date', 'Auto-renew']);
  const names = await card.getByTestId('plan-row').locator('td:first-child').allInnerTexts();
  expect(names.indexOf('Annual')).toBeGreaterThanOrEqual(0);
  expect(names.indexOf('Annual')).toBeLessThan(names.indexOf('Monthly'));
  await expect(planRow(page, 'Annual').locator('td').nth(1)).toHaveText('$99.00');
  await expect(planRow(page, 'Annual').locator('td').nth(3)).toHaveText('No');
  await expect(planRow(page, 'Monthly').locator('td').nth(1)).toHaveText('$12.00');
  await expect(planRow(page, 'Monthly').locator('td').nth(3)).toHaveText('Yes');
  const annualExpiry = (await planRow(page, 'Annual').locator('td').nth(2).innerText()).trim();

  // Card payment is set up (the e2e run's Stripe stand-in): the card tab opens first; the arrow
  // keys move to the prepaid tab. Stripe.js loads only when the card form is asked for.
  await expect(card.getByRole('tab', { name: 'Pay by Credit Card' })).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByRole('button', { name: 'Enter card details' })).toBeVisible();
  await card.getByRole('tab', { name: 'Pay by Credit Card' }).press('ArrowRight');
  await expect(card.getByRole('tab', { name: 'Use Prepaid Card' })).toHaveAttribute('aria-selected', 'true');

  // Payment needs a plan, and the code is required.
  await card.getByRole('button', { name: 'Activate' }).click();
  await expect(card.getByText('Choose a plan to pay for.')).toBeVisible();
  await expect(card.getByText('Enter your prepaid code.')).toBeVisible();
  await planRow(page, 'Annual').getByRole('radio').check();
  await card.getByLabel('Prepaid code').fill('   ');
  await card.getByRole('button', { name: 'Activate' }).click();
  await expect(card.getByText('Enter your prepaid code.')).toBeVisible();

  await scan(page);
  await shoot(page, 'subscription-page-speaker');

  // A wrong code: the spec's 400 message.
  await card.getByLabel('Prepaid code').fill('NOT-A-REAL-CODE');
  await card.getByRole('button', { name: 'Activate' }).click();
  await expect(notification(page)).toContainText(CODE_REFUSED);

  // The right code, with spaces around it.
  await card.getByLabel('Prepaid code').fill(`  ${codes[0]}  `);
  await card.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('subscription-done')).toContainText(`now runs until ${annualExpiry}`);
  // The groups reload after 1 s: the membership reads active with the new expiry.
  const membership = page.getByTestId('membership').filter({ hasText: groupName });
  await expect(membership).toContainText('Active');
  await expect(membership).toContainText(`Expires ${annualExpiry}`);
  await expect(card.getByRole('heading', { name: 'Renew your access' })).toBeVisible();
  await expect(card.getByTestId('subscription-expiry')).toHaveText(`Expires ${annualExpiry}`);

  await page.goto('/history');
  await expect(page).toHaveURL('/history');
  await page.goto('/record');
  await expect(page).toHaveURL('/record');
  await expect(page).toHaveTitle('Rostrum - Record');
});

test('renewing an active membership asks first, refuses a used code and extends from the current expiry', async ({ page }) => {
  await signIn(page, email, PASSWORD);
  await page.goto(`/subscription/${groupId}`);
  const card = payCard(page);
  await expect(card.getByRole('heading', { name: 'Renew your access' })).toBeVisible();
  const current = (await card.getByTestId('subscription-expiry').innerText()).replace('Expires ', '').trim();
  // The list's Renew keeps this group and moves the focus to the payment card.
  await page.getByRole('button', { name: `Renew ${groupName}` }).click();
  await expect(page).toHaveURL(`/subscription/${groupId}`);
  await expect(card.getByRole('heading', { name: 'Renew your access' })).toBeFocused();

  await planRow(page, 'Annual').getByRole('radio').check();
  const renewedExpiry = (await planRow(page, 'Annual').locator('td').nth(2).innerText()).trim();
  expect(renewedExpiry).not.toBe(current);

  // The used code: the confirmation first, then the same 400 message.
  await card.getByRole('tab', { name: 'Use Prepaid Card' }).click();
  await card.getByLabel('Prepaid code').fill(codes[0]!);
  await card.getByRole('button', { name: 'Renew' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew your access?' });
  await expect(dialog).toContainText(`Your account is active and does not expire until ${current}. Are you sure you want to renew?`);
  await dialog.getByRole('button', { name: 'Renew' }).click();
  await expect(notification(page)).toContainText(CODE_REFUSED);

  // Cancel leaves everything as it was.
  await card.getByLabel('Prepaid code').fill(codes[1]!);
  await card.getByRole('button', { name: 'Renew' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('subscription-expiry')).toHaveText(`Expires ${current}`);

  await card.getByRole('button', { name: 'Renew' }).click();
  await dialog.getByRole('button', { name: 'Renew' }).click();
  await expect(page.getByTestId('subscription-done')).toContainText(`now runs until ${renewedExpiry}`);
  await expect(card.getByTestId('subscription-expiry')).toHaveText(`Expires ${renewedExpiry}`);
});

test('admins and coaches read why they have nothing to pay instead of the payment form', async ({ page }) => {
  await signIn(page, 'admin@northwind.example');
  await page.goto('/subscription');
  await expect(page.getByTestId('subscription-explanation')).toContainText('your access does not depend on a subscription');
  await expect(page.getByRole('tab', { name: 'Use Prepaid Card' })).toHaveCount(0);
  await expect(page.getByLabel('Prepaid code')).toHaveCount(0);
  await scan(page);
  await shoot(page, 'subscription-page-admin');

  await signIn(page, 'coach@northwind.example');
  await page.goto('/subscription');
  await expect(page.getByTestId('subscription-explanation')).toContainText('your access does not depend on a subscription');
  await expect(page.getByLabel('Prepaid code')).toHaveCount(0);
});
