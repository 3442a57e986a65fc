import fs from 'node:fs';
import path from 'node:path';
import { expect, test, NORTHWIND_CODE, RIVERSIDE_CODE, fillAccountFields, notification, uniqueEmail } from './helpers';

test('an EU invite shows the consent block and school wording', async ({ page }) => {
  // The code in the query is checked straight away.
  await page.goto(`/sign-up?code=${RIVERSIDE_CODE}`);
  await expect(page.getByText('You are joining the class COMM 101 at Riverside College.')).toBeVisible();
  await expect(page.getByText('Your instructor can give you feedback on the recordings you share with this class.')).toBeVisible();

  // The EU block replaces the single terms box.
  await expect(page.getByLabel('I agree to the Terms of Use and Privacy Policy.')).toHaveCount(0);
  const age = page.getByLabel('I am at least 16 years old.');
  const usa = page.getByLabel('I consent to the storage and processing of my data in the USA.');
  const terms = page.getByLabel('I agree to the Terms of Use.');
  const privacy = page.getByLabel('I agree to the Privacy Policy.');
  const retention = page.getByLabel(/keep my recordings and data for up to 5 years after my account is closed/i);
  for (const box of [age, usa, terms, privacy, retention]) await expect(box).toBeVisible();
  // The texts the boxes accept are a click away (a new tab keeps the form).
  const consent = page.getByRole('group', { name: 'Consent' });
  await expect(consent.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
  await expect(consent.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

  await fillAccountFields(page, { email: uniqueEmail('eu'), password: 'eu-pass-1234', firstName: 'Eva', lastName: 'Novak' });
  await age.check();
  await usa.check();
  await terms.check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please confirm the four required items to create your account.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up/);

  const signUpRequest = page.waitForRequest('**/api/v1/auth/sign-up');
  await privacy.check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  const body = (await signUpRequest).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    termsAccepted: true,
    privacyAccepted: true,
    ageAttestation: true,
    usaStorageConsent: true,
    dataRetention: false,
    isEu: '1',
  });
  // Data use for improving the analysis is not asked at sign-up: only the user's choice sets it.
  expect(body).not.toHaveProperty('dataUseAllowed');

  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'My Classes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Join a class' })).toBeVisible();
  await expect(page.getByText('Have an invite code from your instructor or administrator? Enter it to join.')).toBeVisible();

  // Account settings show what the user agreed to, and when, and the two choices, both unticked.
  await page.goto('/profile');
  const data = page.getByRole('region', { name: 'Your data' });
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date()),
  );
  for (const agreed of [
    `You agreed on ${today} that you are at least 16 years old.`,
    `You agreed on ${today} to the storage and processing of your data in the USA.`,
    `You agreed on ${today} to the Terms of Use.`,
    `You agreed on ${today} to the Privacy Policy.`,
  ]) {
    await expect(data.getByText(agreed, { exact: true })).toBeVisible();
  }
  const dataUse = data.getByLabel("Allow my anonymized recordings to be used to improve Rostrum's speech analysis.");
  const keep = data.getByLabel('Keep my recordings and data for up to 5 years after my account is closed.');
  await expect(dataUse).not.toBeChecked();
  await expect(keep).not.toBeChecked();

  // Turning data use on is the user's own choice, saved with its date.
  await dataUse.check();
  await data.getByRole('button', { name: 'Save data choices' }).click();
  await expect(notification(page)).toContainText('Changes Saved');
  await expect(data.getByText(`You turned this on on ${today}.`)).toBeVisible();
  await page.reload();
  await expect(dataUse).toBeChecked();
  await expect(keep).not.toBeChecked();
});

test('Terms of Use and Privacy Policy: linked from the footer and the terms box, default text, operator text as text', async ({ page }) => {
  await page.goto(`/sign-up?code=${NORTHWIND_CODE}`);
  const box = page.locator('label').filter({ hasText: 'I agree to the Terms of Use and Privacy Policy.' });
  await expect(box.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
  await expect(box.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page).toHaveURL('/terms');
  await expect(page).toHaveTitle('Rostrum - Terms of Use');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  await expect(page.getByTestId('legal-text')).toContainText('This is the default text of Rostrum.');

  // The operator's file under DATA_DIR/legal replaces the default; markup in it stays text.
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'legal');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'privacy.md'), '# Acme privacy\n\nWe keep <b>little</b>. <img src=x onerror="window.pwned=1">\n');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy');
  const text = page.getByTestId('legal-text');
  await expect(text.getByRole('heading', { name: 'Acme privacy' })).toBeVisible();
  await expect(text).toContainText('We keep <b>little</b>.');
  await expect(text.locator('b, img')).toHaveCount(0);
  await expect(text).not.toContainText('This is the default text');
  fs.rmSync(dir, { recursive: true, force: true });
});
