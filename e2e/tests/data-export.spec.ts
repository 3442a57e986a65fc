import fs from 'node:fs';
import { expect, test, NORTHWIND_CODE, signUp, uniqueEmail } from './helpers';

// Export my data (issue 42 item 7): a speaker asks for their data on /profile, sees the export
// made (the e2e server runs its jobs in-process), and downloads a zip holding their profile.
// A fresh speaker signed up for the test: the export and its zip are theirs alone, and no demo
// user's data changes.
test('a speaker exports their data from the profile and downloads the zip', async ({ page }) => {
  const email = uniqueEmail('export');
  await signUp(page, { code: NORTHWIND_CODE, email, password: 'export-pass-123', firstName: 'Ezra', lastName: 'Export' });
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Your data' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Export my data' }).click();

  // Queued, then building, then ready: the card asks again until it is final.
  await expect(card.getByText(/Your export is ready/)).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(/You can download it until /)).toBeVisible();

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download your data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^rostrum-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = fs.readFileSync((await file.path())!);
  // A zip (local file header "PK\3\4") whose entries include profile.json, with this person's email in it.
  expect(bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
  expect(bytes.includes(Buffer.from('profile.json'))).toBe(true);
  expect(bytes.includes(Buffer.from('README.txt'))).toBe(true);

  // It stays ready after a reload (GET me/data-export).
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your data' }).getByText(/Your export is ready/)).toBeVisible();
});
