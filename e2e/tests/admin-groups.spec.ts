import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { apiSignUp, expect, notification, signIn, signInByApi, test, uniqueEmail, DEMO_PASSWORD, shot } from './helpers';

// The groups half of the admin area (000 sections 2.11, 4, 6, 7): seat statistics, the sortable
// group list, the group form with the privacy coupling, and a group's members with deactivation.

const SAVE_FAILED =
  'The group could not be saved. Most likely, the name you entered is already used elsewhere. Please change the name to be unique.';
const WORKSHOP_CODE = 'Northwind-Communications-Leadership-Workshop';

const stat = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Seat statistics' }).getByTestId('stat-card').filter({ hasText: label }).locator('.stat-card__value');

const groupRow = (page: Page, name: string) => page.getByRole('table').locator('tbody tr').filter({ hasText: name });

async function statNumber(page: Page, label: string): Promise<number> {
  await expect(stat(page, label)).toHaveText(/^\d+$/);
  return Number(await stat(page, label).textContent());
}

/** A new group made through the API by an organisation's admin. */
async function apiNewGroup(baseURL: string, admin: string, name: string): Promise<{ groupId: string; name: string; inviteCode: string }> {
  const signedIn = await fetch(`${baseURL}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: admin, password: DEMO_PASSWORD }),
  });
  const { orgCode, apiKey } = ((await signedIn.json()) as { data: { orgCode: string; apiKey: string } }).data;
  const res = await fetch(`${baseURL}/api/v1/groups`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${orgCode}-${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!res.ok) throw new Error(`POST groups ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { groupId: string; name: string; inviteCode: string } }).data;
}

/** A new speaker of a group, signed up through the API with its invite code. */
async function newSpeaker(baseURL: string, code: string, firstName: string): Promise<string> {
  const email = uniqueEmail(firstName.toLowerCase());
  await apiSignUp(baseURL, { code, email, password: 'a-good-password', firstName, lastName: 'Workshop' });
  return email;
}

/** A new speaker of a group, signed up through the API and signed in on a page of its own at `path`. */
async function speakerPage(browser: Browser, baseURL: string, code: string, name: [string, string], path: string): Promise<Page> {
  const email = uniqueEmail(name[0].toLowerCase());
  await apiSignUp(baseURL, { code, email, password: 'a-good-password', firstName: name[0], lastName: name[1] });
  const page = await (await browser.newContext()).newPage();
  await signInByApi(page, email, 'a-good-password', path);
  return page;
}

// Most tests sign in through the API, straight onto the page they are about: a UI sign-in costs a
// page load and the landing page; the form and landing have specs of their own (account-journey,
// admin-and-manage), and the first test here still signs in through the form.
test.describe('admin groups', () => {
  test('seat statistics and the sortable group list, pseudo-group always first', async ({ page }) => {
    await signIn(page, 'admin@northwind.example');
    await expect(page).toHaveURL('/customer-admin/groups');
    const stats = page.getByRole('region', { name: 'Seat statistics' });
    for (const label of ['Coaches/Admins', 'Active Speaker Seats', 'Expired Users', 'Seat Limit']) {
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(stat(page, 'Seat Limit')).toHaveText('50');
    expect(await statNumber(page, 'Coaches/Admins')).toBeGreaterThanOrEqual(2);

    await expect(page.getByRole('link', { name: 'Add New Group' })).toBeVisible();
    const since = page.getByRole('columnheader', { name: 'Since' });
    await expect(since).toHaveAttribute('aria-sort', 'descending');
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows.first()).toContainText('Coaches and Admins');

    // Sorting by name, with the keyboard: A to Z, then Z to A; the pseudo-group stays on top.
    const name = page.getByRole('columnheader', { name: 'Name', exact: true });
    await name.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await expect(since).not.toHaveAttribute('aria-sort', /.+/);
    await expect(rows.first()).toContainText('Coaches and Admins');
    const names = async () => (await rows.locator('td:first-child').allTextContents()).slice(1);
    const asc = await names();
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })));
    await page.keyboard.press('Enter');
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(await names()).toEqual([...asc].reverse());
    await expect(rows.first()).toContainText('Coaches and Admins');

    await expect(groupRow(page, 'Leadership Workshop')).toContainText('1 year');
    await expect(groupRow(page, 'Coaches and Admins').getByRole('link', { name: /^Edit Group/ })).toHaveCount(0);
    await expect(groupRow(page, 'Sales Team').getByRole('link', { name: 'Edit Group Sales Team' })).toBeVisible();
  });

  test('create a group with coupled privacy levels, the unique-name error, then edit it', async ({ page }) => {
    await signInByApi(page, 'admin@northwind.example', DEMO_PASSWORD, '/customer-admin/groups');
    await page.getByRole('link', { name: 'Add New Group' }).click();
    await expect(page).toHaveURL('/customer-admin/groups/0');
    await expect(page.getByRole('heading', { name: 'Add New Group' })).toBeVisible();

    const nameField = page.getByLabel('Group name');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Group name is required')).toBeVisible();
    await expect(nameField).toBeFocused();

    const coach = page.getByRole('group', { name: 'Coach privacy level' });
    const speaker = page.getByRole('group', { name: 'Speaker privacy level' });
    await expect(coach.getByRole('radio')).toHaveCount(4);
    await expect(speaker.getByRole('radio')).toHaveCount(5);
    await expect(coach.getByText('sees all recordings, hears none, no feedback or scores.')).toBeVisible();
    await expect(coach.getByRole('radio', { name: 'Low' })).toBeChecked();
    // Sharing Disabled is the off state: last, apart from the levels (issue 41).
    await expect(coach.getByRole('radio').last()).toHaveAccessibleName('Sharing Disabled');
    await expect(speaker.getByRole('radio').last()).toHaveAccessibleName('Sharing Disabled');
    await expect(coach.getByText('Or turn sharing off')).toBeVisible();

    // Speaker to Sharing Disabled forces the coach side to Sharing Disabled, and says so.
    await speaker.getByRole('radio', { name: 'Sharing Disabled' }).check();
    await expect(coach.getByRole('radio', { name: 'Sharing Disabled' })).toBeChecked();
    await expect(coach.getByRole('status')).toHaveText('Set to Sharing Disabled because Speaker privacy is Sharing Disabled.');
    // Coach back above 0 lifts the speaker side to Highest.
    await coach.getByRole('radio', { name: 'High', exact: true }).check();
    await expect(speaker.getByRole('radio', { name: 'Highest' })).toBeChecked();
    await expect(speaker.getByRole('status')).toHaveText('Set to Highest because Coach privacy is no longer Sharing Disabled.');
    await speaker.getByRole('radio', { name: 'Medium' }).check();
    await expect(coach.getByRole('radio', { name: 'High', exact: true })).toBeChecked();

    const groupName = `Pitch Lab ${Date.now().toString(36)}`;
    await nameField.fill(`  ${groupName}  `);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/customer-admin/groups');
    await expect(notification(page)).toContainText('Changes Saved');
    const row = groupRow(page, groupName);
    await expect(row).toContainText('High');
    await expect(row).toContainText('Medium');
    await expect(row).toContainText(`Northwind-Communications-${groupName.replace(/ /g, '-')}`);

    // A name already used in the organisation.
    await page.getByRole('link', { name: 'Add New Group' }).click();
    await page.getByLabel('Group name').fill('sales team');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: SAVE_FAILED })).toBeVisible();
    await expect(page).toHaveURL('/customer-admin/groups/0');

    // Edit: the form holds the saved values and the invite code is shown read-only.
    await page.getByRole('link', { name: 'Back to Manage Groups' }).click();
    await groupRow(page, groupName)
      .getByRole('link', { name: `Edit Group ${groupName}` })
      .click();
    await expect(page.getByRole('heading', { name: 'Edit Group' })).toBeVisible();
    await expect(page.getByLabel('Group name')).toHaveValue(groupName);
    await expect(page.getByRole('group', { name: 'Coach privacy level' }).getByRole('radio', { name: 'High', exact: true })).toBeChecked();
    const code = page.getByRole('textbox', { name: 'Invite code' });
    await expect(code).toHaveValue(`Northwind-Communications-${groupName.replace(/ /g, '-')}`);
    await expect(code).toHaveAttribute('readonly', '');
    await expect(page.getByRole('textbox', { name: 'Invite link' })).toHaveValue(/\/sign-up\?code=Northwind-Communications-Pitch-Lab-/);
    await page.getByLabel('Group name').fill(`${groupName} Two`);
    await page.getByRole('group', { name: 'Speaker privacy level' }).getByRole('radio', { name: 'Low' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/customer-admin/groups');
    await expect(notification(page)).toContainText('Changes Saved');
    await expect(groupRow(page, `${groupName} Two`)).toContainText('Low');
  });

  // In Summit, whose seats no other spec changes, so the organisation's statistics move by exactly
  // what this test does while the specs that sign speakers up to Northwind run beside it.
  test('members of a group, the active toggle, and deactivating all of them', async ({ page, baseURL }) => {
    const group = await apiNewGroup(baseURL!, 'admin@summit.example', `Workshop ${Date.now().toString(36)}`);
    const first = await newSpeaker(baseURL!, group.inviteCode, 'Wren');
    const second = await newSpeaker(baseURL!, group.inviteCode, 'Quinn');
    await signInByApi(page, 'admin@summit.example', DEMO_PASSWORD, '/customer-admin/groups');
    const expiredBefore = await statNumber(page, 'Expired Users');
    const seatsBefore = await statNumber(page, 'Active Speaker Seats');

    const workshop = groupRow(page, group.name);
    await workshop.getByRole('link', { name: new RegExp(`^\\d+ active users in ${group.name}$`) }).click();
    await expect(page).toHaveURL(/\/customer-admin\/groups\/[0-9a-f-]+\/users\?active=1$/);
    const table = page.getByRole('table', { name: 'List of active speakers in this group' });
    for (const h of ['Name', 'Email', 'Roles', 'Status for this Group', 'Since', 'Last login', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    }
    for (const email of [first, second]) {
      const row = table.getByRole('row').filter({ hasText: email });
      await expect(row).toContainText('Speaker');
      await expect(row).toContainText('Active');
      await expect(row.getByRole('link', { name: /^Roles of/ })).toHaveAttribute(
        'href',
        /^\/customer-admin\/users\/[0-9a-f-]+\/[0-9a-f-]+$/,
      );
    }
    await page.getByRole('navigation', { name: 'Which members' }).getByRole('link', { name: /^All/ }).click();
    await expect(page.getByRole('table', { name: 'List of all speakers in this group' })).toBeVisible();

    // Cancel first: nothing happens.
    const deactivate = page.getByRole('button', { name: 'Deactivate All Speakers and Coaches' });
    await deactivate.click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate All Speakers and Coaches?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await deactivate.click();
    await dialog.getByRole('button', { name: 'Deactivate All' }).click();
    await expect(page).toHaveURL('/customer-admin/groups');
    await expect(notification(page)).toContainText('Group Members Deactivated');
    await expect(workshop.locator('td').nth(1)).toHaveText(/^0/);
    await expect.poll(() => statNumber(page, 'Expired Users')).toBe(expiredBefore + 2);
    expect(await statNumber(page, 'Active Speaker Seats')).toBe(seatsBefore - 2);

    await workshop.getByRole('link', { name: new RegExp(`^\\d+ users in ${group.name}$`) }).click();
    const all = page.getByRole('table', { name: 'List of all speakers in this group' });
    for (const email of [first, second]) {
      const row = all.getByRole('row').filter({ hasText: email });
      await expect(row).toContainText('Inactive');
      await expect(row).toContainText('Expired: Speaker');
    }
    await page
      .getByRole('navigation', { name: 'Which members' })
      .getByRole('link', { name: /^Active/ })
      .click();
    await expect(page.getByRole('table', { name: 'List of active speakers in this group' })).toContainText('No users');
  });

  test('the pseudo-group lists the org admins, without a deactivate button', async ({ page }) => {
    await signInByApi(page, 'admin@northwind.example', DEMO_PASSWORD, '/customer-admin/groups');
    await page.getByRole('link', { name: 'Members of Coaches and Admins' }).click();
    await expect(page.getByRole('heading', { name: 'Coaches and Admins' })).toBeVisible();
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'admin@northwind.example' });
    await expect(row).toContainText('Admin, Coach');
    await expect(page.getByRole('button', { name: /^Deactivate All/ })).toHaveCount(0);
  });

  test('a coach is sent away from the group pages', async ({ page }) => {
    await signInByApi(page, 'coach@northwind.example', DEMO_PASSWORD, '/customer-admin/groups/0');
    await expect(page).toHaveURL('/subscription');
  });

  test('school wording on Riverside', async ({ page }) => {
    await signInByApi(page, 'admin@riverside.example', DEMO_PASSWORD, '/customer-admin/groups');
    const stats = page.getByRole('region', { name: 'Seat statistics' });
    await expect(stats.getByText('Instructors/Admins', { exact: true })).toBeVisible();
    await expect(stats.getByText('Active Student Seats', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage Classes' })).toBeVisible();
    await expect(page.getByRole('table').locator('tbody tr').first()).toContainText('Instructors and Admins');

    await groupRow(page, 'COMM 101').getByRole('link', { name: 'Members of COMM 101' }).click();
    await expect(page.getByRole('table', { name: 'List of all students in this class' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Status for this Class' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'student@riverside.example' })).toContainText('Student');
    await page.getByRole('button', { name: 'Deactivate All Students and Instructors' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('link', { name: 'Back to Manage Classes' }).click();
    await page.getByRole('link', { name: 'Add New Class' }).click();
    await expect(page.getByRole('heading', { name: 'Add New Class' })).toBeVisible();
    await expect(page.getByLabel('Class name')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Instructor privacy level' })).toContainText('Instructor sees and hears all recordings');
    await expect(page.getByRole('group', { name: 'Student privacy level' })).toContainText('see the list of all students');
  });

  test('screenshots of the group pages at 1280 and 375 px', async ({ page }) => {
    // Saved for a person to look at: SHOTS_DIR, or .tmp/shots under e2e.
    const dir = process.env.SHOTS_DIR ?? path.join('.tmp', 'shots');
    fs.mkdirSync(dir, { recursive: true });
    await signInByApi(page, 'admin@northwind.example', DEMO_PASSWORD, '/customer-admin/groups');
    const sales = await groupRow(page, 'Sales Team').getByRole('link', { name: 'Edit Group Sales Team' }).getAttribute('href');
    const pages = { groups: '/customer-admin/groups', edit: sales!, members: `${sales}/users`, new: '/customer-admin/groups/0' };
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, url] of Object.entries(pages)) {
        await page.goto(url);
        await expect(page.getByRole('region', { name: 'Seat statistics' }).getByText('Seat Limit')).toBeVisible();
        await expect(page.locator('.loading-state, .loading-text, .stat-card__placeholder')).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Save' }).or(page.getByRole('table'))).toBeVisible();
        await shot(page, { path: path.join(dir, `admin-${name}-${width}.png`), fullPage: true });
      }
    }
  });
  // Issue 12 item 1: a new group's free duration, and what a speaker who joins it sees.
  test('a new group with a free duration: its speakers sign up active and can record', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await signInByApi(page, 'admin@northwind.example', DEMO_PASSWORD, '/customer-admin/groups');
    await page.getByRole('link', { name: 'Add New Group' }).click();
    const free = page.getByLabel('Free duration');
    // Northwind has no free duration of its own: the form starts there and says what it means.
    await expect(free).toHaveValue('0');
    // Northwind sells plans: "No free access" says how its speakers get access (issue 41).
    await expect(
      page.getByText(
        'No free access: speakers who join pay before they start. They buy one of your plans, or enter a prepaid code, on the Subscription page; until then they cannot record.',
      ),
    ).toBeVisible();
    await free.selectOption({ label: '1 year' });
    await expect(page.getByText('Speakers who join can record for 1 year from the day they join.')).toBeVisible();
    const groupName = `Free Lab ${Date.now().toString(36)}`;
    await page.getByLabel('Group name').fill(groupName);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/customer-admin/groups');
    await expect(groupRow(page, groupName)).toContainText('1 year');

    const code = `Northwind-Communications-${groupName.replace(/ /g, '-')}`;
    const speaker = await speakerPage(browser, baseURL!, code, ['Fern', 'Free'], '/home');
    await expect(speaker.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Record', exact: true })).toBeVisible();
    await speaker.goto('/subscription');
    const membership = speaker.getByTestId('membership').filter({ hasText: groupName });
    await expect(membership.getByText('Active', { exact: true })).toBeVisible();
    await expect(membership).toContainText('Expires');
    await expect(membership).not.toContainText('Not active yet');
    await expect(membership).not.toContainText('Perpetual');
    await speaker.context().close();
  });

  test('a group without free access: "Not active yet" with the reason, never "Perpetual"; activated once it has one', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signInByApi(page, 'admin@northwind.example', DEMO_PASSWORD, '/customer-admin/groups');
    await page.getByRole('link', { name: 'Add New Group' }).click();
    const groupName = `Waiting Room ${Date.now().toString(36)}`;
    await page.getByLabel('Group name').fill(groupName);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/customer-admin/groups');
    await expect(groupRow(page, groupName)).toContainText('No free access');

    const code = `Northwind-Communications-${groupName.replace(/ /g, '-')}`;
    const speaker = await speakerPage(browser, baseURL!, code, ['Wade', 'Waiting'], '/subscription');
    const membership = speaker.getByTestId('membership').filter({ hasText: groupName });
    await expect(membership.getByText('Not active yet', { exact: true })).toBeVisible();
    await expect(membership).not.toContainText('Perpetual');
    await expect(membership.getByTestId('membership-note')).toHaveText(
      'You cannot record in this group yet: it does not give free access. Choose a plan to activate your access.',
    );
    // No free activation: the list's Activate is the paid one, opening the payment card (issue 17).
    await membership.getByRole('button', { name: `Activate ${groupName}` }).click();
    await expect(speaker).toHaveURL(/\/subscription\/[0-9a-f-]+$/);
    await expect(speaker.getByRole('heading', { name: 'Activate your access' })).toBeVisible();

    // The admin gives the group six months; the speaker activates from the subscription page.
    await groupRow(page, groupName)
      .getByRole('link', { name: `Edit Group ${groupName}` })
      .click();
    await expect(page.getByRole('heading', { name: 'Edit Group' })).toBeVisible();
    await expect(page.getByLabel('Free duration')).toHaveValue('0');
    await page.getByLabel('Free duration').selectOption({ label: '6 months' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/customer-admin/groups');
    await expect(groupRow(page, groupName)).toContainText('6 months');

    await speaker.reload();
    await expect(membership.getByTestId('membership-note')).toHaveText('This group now gives free access. Activate it to start recording.');
    await membership.getByRole('button', { name: 'Activate' }).click();
    await expect(notification(speaker)).toContainText('Changes Saved');
    await expect(speaker.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Record', exact: true })).toBeVisible();
    await speaker.goto('/subscription');
    await expect(membership.getByText('Active', { exact: true })).toBeVisible();
    await expect(membership.getByTestId('membership-note')).toHaveCount(0);
    await speaker.context().close();
  });

  // Issue 12 item 7: the Speaker choice on the invite page explains how speakers join.
  test('the invite page shows how speakers join a group beside its Speaker choice', async ({ page }) => {
    await signInByApi(page, 'admin@northwind.example', DEMO_PASSWORD, '/customer-admin/invites');
    const row = page.locator('.role-row').filter({ hasText: 'Leadership Workshop' });
    await expect(row.getByTestId('speaker-join')).toHaveCount(0);
    await row.getByRole('checkbox', { name: 'Speaker' }).check();
    const join = row.getByTestId('speaker-join');
    await expect(join).toContainText(
      'Speakers join Leadership Workshop with its invite code or link; an emailed invite is for coach access.',
    );
    await expect(join.getByRole('textbox', { name: 'Invite code' })).toHaveValue(WORKSHOP_CODE);
    await expect(join.getByRole('textbox', { name: 'Invite link' })).toHaveValue(new RegExp(`/sign-up\\?code=${WORKSHOP_CODE}$`));
    await expect(join.getByRole('button', { name: 'Copy Invite code' })).toBeVisible();
    // The spec's rule stays: an emailed invite needs coach access.
    await expect(page.getByRole('button', { name: 'Send Invite' })).toBeDisabled();
  });
});
