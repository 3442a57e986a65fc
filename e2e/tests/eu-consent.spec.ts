import { expect, test, RIVERSIDE_CODE, fillAccountFields, uniqueEmail } from './helpers';

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
    dataUseAllowed: true,
    dataRetention: false,
    isEu: '1',
  });

  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'My Classes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Join a class' })).toBeVisible();
  await expect(page.getByText('Have an invite code from your instructor or administrator? Enter it to join.')).toBeVisible();

  // EU users see the data choices in account settings.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await expect(page.getByLabel(/Allow my anonymized recordings/)).toBeChecked();
});
