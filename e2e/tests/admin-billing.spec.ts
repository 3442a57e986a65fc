import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiAuth } from './admin-users-helpers';
import { apiSignUp, expect, signInByApi, test, uniqueEmail, shootSizes } from './helpers';

// The admin area's plans, prepaid codes and ledger (issue 17): the Northwind admin adds and edits
// a plan, generates codes (shown once, downloaded as CSV), voids one; a speaker redeems another
// through the API and the admin finds it in the ledger. The plan is archived at the end, because
// other specs read Northwind's offered plans (Annual and Monthly).

const WORKSHOP_CODE = 'Northwind-Communications-Leadership-Workshop';
const SHOWN_ONCE =
  'Copy or download these codes now. They cannot be shown again: Rostrum keeps only a fingerprint of each code, so a lost code cannot be recovered (void it and generate a new one).';

const planName = `E2E Quarter ${Date.now().toString(36)}`;
let planId: string | null = null;

const notification = (page: Page) => page.locator('.banner-region').getByTestId('notification');
const planRow = (page: Page, name: string) => page.getByRole('table', { name: 'Plans' }).getByRole('row').filter({ hasText: name });
const codesTable = (page: Page) => page.getByRole('table', { name: 'Prepaid codes' });
/** A code's row by its last four characters (the list shows only those). */
const codeRow = (page: Page, code: string) =>
  codesTable(page)
    .getByRole('row')
    .filter({ hasText: `*${code.slice(-4)}` });

const shoot = (page: Page, name: string) =>
  shootSizes(page, name, {
    sizes: [
      [1440, 900],
      [390, 900],
    ],
  });

/** No serious or critical axe violations in the page's main region, in the state it is in now. */
async function axe(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Archives the spec's plan through the API: the last step's fallback when a step before it failed. */
async function archiveByApi(request: APIRequestContext) {
  if (!planId) return;
  const auth = await apiAuth(request, 'admin@northwind.example');
  await request.patch(`/api/v1/admin/plans/${planId}`, { headers: auth, data: { archived: true } });
}

/** Northwind takes cards and prepaid codes again: the payment-methods step's fallback. */
async function restorePaymentMethodsByApi(request: APIRequestContext) {
  const auth = await apiAuth(request, 'admin@northwind.example');
  await request.patch('/api/v1/admin/billing-settings', { headers: auth, data: { couponOnly: false } });
}

test.describe
  .serial('admin billing: plans, prepaid codes and the ledger', () => {
    test.afterAll(async ({ request }) => {
      await archiveByApi(request);
      await restorePaymentMethodsByApi(request);
    });

    test('the admin adds, edits, sells with prepaid codes and archives a plan', async ({ page, request, baseURL }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInByApi(page, 'admin@northwind.example', undefined, '/customer-admin/groups');
      const tabs = page.getByRole('navigation', { name: 'Admin sections' });
      await tabs.getByRole('link', { name: 'Plans' }).click();
      await expect(page).toHaveURL('/customer-admin/plans');
      await expect(page).toHaveTitle('Rostrum - Admin: Plans');
      await expect(page.getByRole('heading', { name: 'Plans', exact: true })).toBeVisible();
      await expect(planRow(page, 'Annual')).toContainText('$99.00');
      await expect(planRow(page, 'Annual')).toContainText('365 days');
      await expect(planRow(page, 'Monthly')).toContainText('$12.00');

      // Add: the form's own messages first, then a plan between Annual and Monthly by price.
      await page.getByRole('button', { name: 'Add Plan' }).click();
      const form = page.getByRole('form', { name: 'Add Plan' });
      await form.getByLabel('Price (USD)').fill('12.345');
      await form.getByLabel('Duration (days)').fill('0');
      await form.getByRole('button', { name: 'Add Plan' }).click();
      await expect(form.getByText('Enter a plan name.')).toBeVisible();
      await expect(form.getByText('Enter a price in dollars, like 12.00 (0 for a free plan).')).toBeVisible();
      await expect(form.getByText('Enter the duration as a whole number of days, from 1 to 5479.')).toBeVisible();
      await form.getByLabel('Plan name').fill(planName);
      await form.getByLabel('Price (USD)').fill('45.5');
      await form.getByLabel('Duration (days)').fill('90');
      await form.getByRole('button', { name: 'Add Plan' }).click();
      await expect(notification(page)).toHaveText(`${planName} is added`);
      await expect(planRow(page, planName)).toContainText('$45.50');
      await expect(planRow(page, planName)).toContainText('90 days');
      await expect(planRow(page, planName)).toContainText('No');
      const names = await page.getByRole('table', { name: 'Plans' }).locator('tbody tr td:first-child').allInnerTexts();
      const order = ['Annual', planName, 'Monthly'].map((n) => names.findIndex((t) => t.includes(n)));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      const plans = (
        await (await request.get('/api/v1/admin/plans', { headers: await apiAuth(request, 'admin@northwind.example') })).json()
      ).data as { planId: string; name: string }[];
      planId = plans.find((p) => p.name === planName)!.planId;

      // Edit: price and auto-renew.
      await page.getByRole('button', { name: `Edit plan ${planName}` }).click();
      const edit = page.getByRole('form', { name: `Edit Plan: ${planName}` });
      await expect(edit.getByLabel('Price (USD)')).toHaveValue('45.50');
      await edit.getByLabel('Price (USD)').fill('49');
      await edit.getByLabel(/Auto-renew/).check();
      await edit.getByRole('button', { name: 'Save Plan' }).click();
      await expect(notification(page)).toHaveText(`${planName} is saved`);
      await expect(planRow(page, planName)).toContainText('$49.00');
      await expect(planRow(page, planName)).toContainText('Yes');
      await shoot(page, 'plans');

      // Generate 3 codes: shown once, copied or downloaded as CSV.
      await tabs.getByRole('link', { name: 'Prepaid Codes' }).click();
      await expect(page).toHaveURL('/customer-admin/prepaid-codes');
      const gen = page.getByRole('form', { name: 'Generate Prepaid Codes' });
      await gen.getByRole('button', { name: 'Generate Codes' }).click();
      await expect(gen.getByText('Choose the plan the codes pay for.')).toBeVisible();
      await gen.getByLabel('Plan').selectOption({ label: `${planName} ($49.00, 90 days)` });
      await gen.getByLabel('Number of codes').fill('1001');
      await gen.getByRole('button', { name: 'Generate Codes' }).click();
      await expect(gen.getByText('Enter how many codes to generate, from 1 to 1000.')).toBeVisible();
      await gen.getByLabel('Number of codes').fill('3');
      await gen.getByRole('button', { name: 'Generate Codes' }).click();
      await expect(page.getByRole('heading', { name: `3 new codes for ${planName}` })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Shown only once.' })).toContainText(SHOWN_ONCE);
      const codes = await page.getByRole('list', { name: 'New prepaid codes' }).getByRole('listitem').allInnerTexts();
      expect(codes).toHaveLength(3);
      for (const c of codes) expect(c).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^prepaid-codes-e2e-quarter-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = fs
        .readFileSync((await download.path())!, 'utf8')
        .trim()
        .split('\n');
      expect(csv[0]).toBe('code,plan,price,durationDays,group,batchId');
      expect(csv.slice(1).map((line) => line.split(',').slice(0, 5))).toEqual(codes.map((c) => [c, planName, '49.00', '90', '']));
      await shoot(page, 'codes-batch');
      await axe(page, 'the new batch');
      await page.getByRole('button', { name: 'I Have Saved the Codes' }).click();
      await expect(page.getByRole('list', { name: 'New prepaid codes' })).toHaveCount(0);
      await expect(page.getByRole('form', { name: 'Generate Prepaid Codes' })).toBeVisible();
      for (const c of codes) {
        await expect(codeRow(page, c)).toContainText(planName);
        await expect(codeRow(page, c)).toContainText('Unused');
        await expect(codeRow(page, c)).not.toContainText(c.slice(0, 5));
      }

      // Void the third, after a confirmation.
      await codeRow(page, codes[2]!)
        .getByRole('button', { name: /^Void code/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Void this prepaid code?' });
      await expect(dialog).toContainText('can no longer be redeemed. This cannot be undone.');
      await dialog.getByRole('button', { name: 'Void Code' }).click();
      await expect(notification(page)).toContainText('The code is voided');
      await expect(codeRow(page, codes[2]!)).toContainText('Voided');
      await expect(codeRow(page, codes[2]!).getByRole('button', { name: /^Void code/ })).toHaveCount(0);

      // A new speaker of Leadership Workshop (1 year free: renewable) redeems the first code.
      const email = uniqueEmail('prepaid-speaker');
      await apiSignUp(baseURL!, { code: WORKSHOP_CODE, email, password: 'a-good-password', firstName: 'Penny', lastName: 'Prepaid' });
      const signedIn = await request.post('/api/v1/auth/sign-in', { data: { email, password: 'a-good-password' } });
      const k = (await signedIn.json()).data as { orgCode: string; apiKey: string };
      const speaker = { authorization: `Bearer ${k.orgCode}-${k.apiKey}` };
      const sub = (await (await request.get('/api/v1/subscription', { headers: speaker })).json()).data as {
        subscriptions: { groupId: string; groupName: string; action: string | null }[];
      };
      const workshop = sub.subscriptions.find((s) => s.groupName === 'Leadership Workshop')!;
      expect(workshop.action).toBe('renew');
      const voided = await request.post(`/api/v1/groups/${workshop.groupId}/subscription`, {
        headers: speaker,
        data: { planId, accessCode: codes[2] },
      });
      expect(voided.status()).toBe(400);
      const redeemed = await request.post(`/api/v1/groups/${workshop.groupId}/subscription`, {
        headers: speaker,
        data: { planId, accessCode: ` ${codes[0]!.toLowerCase()} ` },
      });
      expect(redeemed.status(), await redeemed.text()).toBe(200);

      // The list's states, through the filter.
      await page.reload();
      await expect(codeRow(page, codes[0]!)).toContainText('Redeemed');
      await expect(codeRow(page, codes[0]!)).toContainText('Penny Prepaid');
      await expect(codeRow(page, codes[0]!)).toContainText(email);
      await page.getByRole('radio', { name: /^Unused/ }).check();
      await expect(codeRow(page, codes[1]!)).toContainText('Unused');
      await expect(codeRow(page, codes[0]!)).toHaveCount(0);
      await page.getByRole('radio', { name: /^Voided/ }).check();
      await expect(codeRow(page, codes[2]!)).toContainText('Voided');
      await expect(codeRow(page, codes[1]!)).toHaveCount(0);
      await page.getByRole('radio', { name: /^Redeemed/ }).check();
      await expect(codeRow(page, codes[0]!)).toBeVisible();
      await page.getByRole('radio', { name: /^All/ }).check();
      await shoot(page, 'codes-list');
      await axe(page, 'the codes list');

      // The ledger: the redemption on top.
      await tabs.getByRole('link', { name: 'Ledger' }).click();
      await expect(page).toHaveURL('/customer-admin/ledger');
      const first = page.getByRole('table', { name: 'Ledger' }).locator('tbody tr').first();
      await expect(first).toContainText('Penny Prepaid');
      await expect(first).toContainText('Leadership Workshop');
      await expect(first).toContainText(planName);
      await expect(first).toContainText('Prepaid');
      await expect(first).toContainText('$49.00');
      await expect(first).toContainText(`Code ending ${codes[0]!.slice(-4)}`);
      await shoot(page, 'ledger');
      await axe(page, 'the ledger');

      // Archive the plan: no longer offered, no new codes.
      await tabs.getByRole('link', { name: 'Plans' }).click();
      await page.getByRole('button', { name: `Archive plan ${planName}` }).click();
      await page.getByRole('dialog', { name: 'Archive this plan?' }).getByRole('button', { name: 'Archive' }).click();
      await expect(notification(page)).toHaveText(`${planName} is archived`);
      await expect(planRow(page, planName)).toContainText('Archived');
      await expect(page.getByRole('button', { name: `Unarchive plan ${planName}` })).toBeVisible();
      await tabs.getByRole('link', { name: 'Prepaid Codes' }).click();
      await expect(page.getByRole('form', { name: 'Generate Prepaid Codes' }).getByLabel('Plan')).not.toContainText(planName);
    });

    test('the admin makes Northwind take prepaid codes only, and back', async ({ page, request }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInByApi(page, 'admin@northwind.example', undefined, '/customer-admin/plans');
      const methods = page.getByRole('form', { name: 'Payment methods' });
      const both = methods.getByRole('radio', { name: 'Cards and prepaid codes' });
      const prepaidOnly = methods.getByRole('radio', { name: 'Prepaid codes only' });
      const saveButton = methods.getByRole('button', { name: 'Save Payment Methods' });
      await expect(both).toBeChecked();
      await expect(saveButton).toBeDisabled();
      // The e2e server takes cards (its Stripe stand-in): no note that cards are unavailable.
      await expect(methods.getByText('Card payment is not set up on this server')).toHaveCount(0);

      await prepaidOnly.check();
      await expect(prepaidOnly).toHaveAccessibleDescription(
        'The Subscription page shows only the Use Prepaid Card tab; card payments are refused.',
      );
      await saveButton.click();
      await expect(notification(page)).toHaveText('Speakers now pay with prepaid codes only');
      await expect(saveButton).toBeDisabled();
      const speaker = await apiAuth(request, 'speaker@northwind.example');
      const page1 = (await (await request.get('/api/v1/subscription', { headers: speaker })).json()).data;
      expect(page1).toMatchObject({ couponOnly: true, cardPayments: false });
      await page.reload();
      await expect(prepaidOnly).toBeChecked();
      await shoot(page, 'plans-prepaid-only');
      await axe(page, 'the payment methods');

      // The lapsed speaker's Subscription page: only the Use Prepaid Card tab (002 section 2.10).
      await signInByApi(page, 'lapsed@northwind.example', undefined, '/subscription');
      const tabList = page.getByRole('tablist', { name: 'Payment method' });
      await expect(tabList.getByRole('tab')).toHaveText(['Use Prepaid Card']);
      await expect(page.getByLabel('Prepaid code')).toBeVisible();
      await signInByApi(page, 'admin@northwind.example', undefined, '/customer-admin/plans');

      await both.check();
      await saveButton.click();
      await expect(notification(page)).toHaveText('Speakers can now pay by card or prepaid code');
      const page2 = (await (await request.get('/api/v1/subscription', { headers: speaker })).json()).data;
      expect(page2.couponOnly).toBe(false);
    });

    test('coaches and speakers have no billing pages: no link, and the API answers 403', async ({ page, request }) => {
      for (const email of ['coach@northwind.example', 'speaker@northwind.example']) {
        const auth = await apiAuth(request, email);
        for (const call of [
          '/api/v1/admin/plans',
          '/api/v1/admin/prepaid-codes',
          '/api/v1/admin/ledger',
          '/api/v1/admin/billing-settings',
        ]) {
          expect((await request.get(call, { headers: auth })).status(), `${email} ${call}`).toBe(403);
        }
        expect((await request.patch('/api/v1/admin/billing-settings', { headers: auth, data: { couponOnly: true } })).status()).toBe(403);
        expect((await request.post('/api/v1/admin/plans', { headers: auth, data: { name: 'x', price: 1, duration: 1 } })).status()).toBe(
          403,
        );
        await signInByApi(page, email, undefined, '/customer-admin/ledger');
        await expect(page).not.toHaveURL(/customer-admin/);
        await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
        await expect(page.getByRole('link', { name: 'Ledger' })).toHaveCount(0);
      }
    });
  });
