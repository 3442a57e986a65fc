import type { Page } from '@playwright/test';
import { expect, notification, signIn, signInByApi, test, shootSizes } from './helpers';
import { media, openTab, PROCESSING, uniqueTitle } from './intake-helpers';
import { api, apiSignIn } from './results-helpers';
import { CARDS, useStripeDouble } from './stripe-double';

// Issue 17's journey: Northwind's lapsed speaker (seed: joined Leadership Workshop 13 months ago,
// one year free) is sent to Subscription, pays the Monthly plan by card (Stripe.js's test double
// against the Stripe stand-in: a declined card first, then a good one), turns its auto-renew off,
// renews for a year with a prepaid code and records again; the admin finds both payments in the
// ledger.

test.describe.configure({ mode: 'serial' });

const LAPSED = 'lapsed@northwind.example';
const GROUP = 'Leadership Workshop';

let groupId: string;
let code: string;

test.beforeAll(async ({ baseURL }) => {
  const speaker = await apiSignIn(baseURL!, LAPSED);
  const page = await api<{ subscriptions: Array<{ groupId: string; groupName: string }> }>(baseURL!, speaker, 'GET', '/subscription');
  groupId = page.subscriptions.find((s) => s.groupName === GROUP)!.groupId;
  const admin = await apiSignIn(baseURL!, 'admin@northwind.example');
  const plans = await api<Array<{ planId: string; name: string; archived: boolean }>>(baseURL!, admin, 'GET', '/admin/plans');
  const annual = plans.find((p) => p.name === 'Annual' && !p.archived)!;
  const batch = await api<{ codes: string[] }>(baseURL!, admin, 'POST', `/admin/plans/${annual.planId}/codes`, { count: 1, groupId });
  code = batch.codes[0]!;
});

const payCard = (page: Page) => page.locator('section', { has: page.locator('#subscription-pay-title') });
const planRow = (page: Page, name: string) => page.getByTestId('plan-row').filter({ hasText: name });
const cell = (page: Page, plan: string, column: number) => planRow(page, plan).locator('td').nth(column);

const shoot = (page: Page, name: string) =>
  shootSizes(page, name, {
    sizes: [
      [1440, 900],
      [390, 900],
    ],
    restore: [1280, 720],
  });

test('a lapsed speaker pays by card, turns auto-renew off, renews with a prepaid code and records again', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await useStripeDouble(page, baseURL!);
  await signIn(page, LAPSED);
  await expect(page).toHaveURL('/subscription');
  const membership = page.getByTestId('membership').filter({ hasText: GROUP });
  await expect(membership).toContainText('Expired');
  await expect(membership.getByTestId('membership-note')).toContainText('Choose a plan to renew it.');

  const card = payCard(page);
  await expect(card.getByRole('heading', { name: 'Renew your access' })).toBeVisible();
  await expect(card.getByTestId('subscription-status')).toContainText('Expired');

  // The card: Monthly, $12.00 every 30 days; access runs 30 days from today (it had ended).
  await planRow(page, 'Monthly').getByRole('radio').check();
  const monthlyExpiry = (await cell(page, 'Monthly', 2).innerText()).trim();
  await expect(card.getByRole('tab', { name: 'Pay by Credit Card' })).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByText('Pay $12.00 for Monthly, renewed every 30 days until you turn it off.')).toBeVisible();
  await card.getByRole('button', { name: 'Enter card details' }).click();
  const element = card.getByTestId('payment-element');
  await expect(element.getByLabel('Card number')).toBeVisible();
  await shoot(page, 'subscription-card-form');

  // Stripe's own check first, then a declined card: the spec's "Payment failed: {message}".
  await card.getByRole('button', { name: 'Pay $12.00' }).click();
  await expect(card.getByTestId('card-payment-error')).toHaveText('Your card number is incomplete.');
  await element.getByLabel('Card number').fill(CARDS.declined);
  await element.getByLabel('Expiration date').fill('12 / 34');
  await element.getByLabel('Security code').fill('123');
  await card.getByRole('button', { name: 'Pay $12.00' }).click();
  await expect(card.getByTestId('card-payment-error')).toHaveText('Payment failed: Your card was declined.');
  await expect(notification(page)).toContainText('Payment failed: Your card was declined.');
  await expect(membership).toContainText('Expired');

  await element.getByLabel('Card number').fill(CARDS.good);
  await card.getByRole('button', { name: 'Pay $12.00' }).click();
  await expect(page.getByTestId('subscription-done')).toContainText(`now runs until ${monthlyExpiry}`);
  await expect(membership).toContainText('Active');
  await expect(membership).toContainText(`Expires ${monthlyExpiry}`);

  // Monthly renews by itself until turned off; turning it off keeps the month paid for.
  const autoRenew = membership.getByTestId('auto-renew');
  await expect(autoRenew).toContainText('Renews automatically');
  await autoRenew.getByRole('button', { name: `Turn off auto-renew for ${GROUP}` }).click();
  const off = page.getByRole('dialog', { name: 'Turn off auto-renew?' });
  await expect(off).toContainText(`continues until ${monthlyExpiry}`);
  await off.getByRole('button', { name: 'Turn Off' }).click();
  await expect(notification(page)).toContainText('Auto-renew is off');
  await expect(autoRenew).toHaveCount(0);
  await expect(membership).toContainText(`Expires ${monthlyExpiry}`);

  // The prepaid code, for a year on top of the month just bought (asked first: access is active).
  await planRow(page, 'Annual').getByRole('radio').check();
  const annualExpiry = (await cell(page, 'Annual', 2).innerText()).trim();
  await card.getByRole('tab', { name: 'Use Prepaid Card' }).click();
  await card.getByLabel('Prepaid code').fill(code);
  await card.getByRole('button', { name: 'Renew' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew your access?' });
  await expect(dialog).toContainText(`does not expire until ${monthlyExpiry}`);
  await dialog.getByRole('button', { name: 'Renew' }).click();
  await expect(page.getByTestId('subscription-done')).toContainText(`now runs until ${annualExpiry}`);
  await expect(membership).toContainText(`Expires ${annualExpiry}`);

  // Recording again: an upload is accepted and analysed.
  await openTab(page, 'Upload File');
  const title = uniqueTitle('Back in the workshop');
  await page.getByLabel('Title').fill(title);
  await page.locator('input[type=file]').setInputFiles(media('speech.wav'));
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(PROCESSING).or(page.getByTestId('take-summary-score'))).toBeVisible();
});

test('the admin finds the card payment and the prepaid renewal in the ledger', async ({ page }) => {
  await signInByApi(page, 'admin@northwind.example', undefined, '/customer-admin/ledger');
  const rows = page.getByRole('table', { name: 'Ledger' }).locator('tbody tr').filter({ hasText: 'Lee Lapsed' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Prepaid');
  await expect(rows.nth(0)).toContainText('Annual');
  await expect(rows.nth(0)).toContainText(`Code ending ${code.slice(-4)}`);
  await expect(rows.nth(1)).toContainText('Card');
  await expect(rows.nth(1)).toContainText('Monthly');
  await expect(rows.nth(1)).toContainText('$12.00');
  await expect(rows.nth(1)).toContainText(/pi_[0-9a-f]+/);
  await expect(rows.nth(1)).toContainText(GROUP);
});

test('a card form that cannot load Stripe.js shows the payment script failure', async ({ page }) => {
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  await signInByApi(page, LAPSED, undefined, `/subscription/${groupId}`);
  const card = payCard(page);
  await planRow(page, 'Annual').getByRole('radio').check();
  await card.getByRole('button', { name: 'Enter card details' }).click();
  await expect(notification(page)).toContainText('A server error occurred');
  await expect(notification(page)).toContainText('Please try again in a few minutes');
  await expect(card.getByRole('button', { name: 'Enter card details' })).toBeVisible();
});
