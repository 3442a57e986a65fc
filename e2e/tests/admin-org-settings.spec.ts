import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, notification, shot, signInByApi, test, SHOTS } from './helpers';
import { api, apiSignIn, talkWav, uploadRecording, waitForResults } from './results-helpers';

// The admin area's Organisation settings: Riverside's admin turns "Allow public share links" on
// (off in the seed), the student then has the Public link panel on their results and makes a
// link; the admin turns it off again, and the link stops opening and the panel is gone; turned on
// once more, the old link stays revoked. Riverside's
// setting is read by no other spec, and the spec leaves it off, as seeded. The permission cases
// are in apps/server/src/modules/org/org-settings.routes.test.ts.

const ADMIN = 'admin@riverside.example';
const STUDENT = 'student@riverside.example';
const TITLE = `Share setting talk ${Date.now().toString(36).slice(-5)}`;

let adminToken = '';
let studentToken = '';
let id = '';
test.beforeAll(async ({ baseURL }) => {
  adminToken = await apiSignIn(baseURL!, ADMIN);
  studentToken = await apiSignIn(baseURL!, STUDENT);
  // A recording of the student's own, not shared with the class (other specs read COMM 101's shares).
  id = await uploadRecording(baseURL!, studentToken, talkWav(), { title: TITLE });
});
test.afterAll(async ({ baseURL }) => {
  if (adminToken) await api(baseURL!, adminToken, 'PATCH', '/admin/org-settings', { Public_Share_Links: false });
});

const shareSwitch = (page: Page) => page.getByRole('switch', { name: 'Allow public share links' });

/** The admin's Settings tab, the switch set to `on` and saved. */
async function setShareLinks(page: Page, on: boolean) {
  await signInByApi(page, ADMIN, DEMO_PASSWORD, '/customer-admin/groups');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/customer-admin\/settings$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Organization settings' })).toBeVisible();
  const sw = shareSwitch(page);
  await expect(sw).toHaveAttribute('aria-checked', String(!on));
  // By keyboard: the switch takes the focus and Space flips it.
  await sw.focus();
  await page.keyboard.press('Space');
  await expect(sw).toHaveAttribute('aria-checked', String(on));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(notification(page)).toContainText('Changes Saved');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  // Saved on the server: a fresh load shows it.
  await page.reload();
  await expect(shareSwitch(page)).toHaveAttribute('aria-checked', String(on));
}

async function openResults(page: Page) {
  await signInByApi(page, STUDENT, DEMO_PASSWORD, `/evaluate/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  // The side panels come with the recording: the sharing card is always there.
  await expect(page.getByRole('heading', { name: 'Sharing and review' })).toBeVisible();
}

test('an admin allows public share links, the student makes one, and turning the setting off ends it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await waitForResults(baseURL!, studentToken, id, 120_000);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Off, as seeded: no Public link panel.
  await openResults(page);
  await expect(page.getByTestId('share-links')).toHaveCount(0);

  await setShareLinks(page, true);
  await expect(page).toHaveTitle('Rostrum - Admin: Organization Settings');
  await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Settings' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The operator's switches are listed read-only, in the school's words.
  const features = page.getByRole('list', { name: 'Managed by your Rostrum operator' });
  await expect(features).toContainText('Zoom import');
  await expect(features).toContainText('Email notifications for students');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await shot(page, { path: path.join(SHOTS, `admin-org-settings-${width}.png`), fullPage: true });
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${width}px: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The student now has the panel and makes a link, which opens for anyone.
  await openResults(page);
  const panel = page.getByTestId('share-links');
  await expect(panel.getByRole('heading', { name: 'Public link' })).toBeVisible();
  await panel.getByRole('button', { name: 'Create link' }).click();
  const field = panel.getByLabel('Your new link (copy it now: it is shown once)');
  await expect(field).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
  const url = await field.inputValue();
  const visitor = await browser.newContext({ baseURL });
  const shared = await visitor.newPage();
  await shared.goto(url);
  await expect(shared.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  // Off again: the screen says the links are revoked for good; the link stops opening at once and the panel is gone.
  await setShareLinks(page, false);
  await expect(
    page.getByText('Turning this off revokes every existing link for good: turning it on again does not bring them back.'),
  ).toBeVisible();
  await shared.reload();
  await expect(shared.getByRole('heading', { level: 1, name: 'This link has expired or was turned off' })).toBeVisible();
  await expect(shared.getByRole('heading', { level: 1, name: TITLE })).toHaveCount(0);
  await openResults(page);
  await expect(page.getByTestId('share-links')).toHaveCount(0);

  // On once more: the old link stays revoked (the afterAll turns the setting off, as seeded).
  await setShareLinks(page, true);
  await shared.reload();
  await expect(shared.getByRole('heading', { level: 1, name: 'This link has expired or was turned off' })).toBeVisible();
  await visitor.close();
});
