import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, fillAccountFields, signIn, test, uniqueEmail, DEMO_PASSWORD, signInByApi } from './helpers';
import { apiAuth, mailsTo, readInviteLink, signUpSpeaker } from './admin-users-helpers';

// The users, roles and invites half of the admin area (spec 000 sections 2.11, 5, 7, 8).

const PSEUDO_GROUP_ID = '00000000-0000-4000-0000-000000000000';
const SEAT_TEXT =
  'You are already using your maximum number of speaker seats. Please either contact the provider to arrange for an upgrade or deactivate a non-coach speaker seat to free up a license.';

async function salesTeamId(request: APIRequestContext, auth: Record<string, string>): Promise<string> {
  const groups = (await (await request.get('/api/v1/groups?scope=org', { headers: auth })).json()).data as {
    groupId: string;
    name: string;
  }[];
  return groups.find((g) => g.name === 'Sales Team')!.groupId;
}

/** Opens a user's roles page from the Manage Users search. */
async function openUser(page: Page, email: string) {
  await page.getByRole('link', { name: 'Manage Users', exact: true }).click();
  await page.getByLabel('Search users').fill(email);
  const row = page
    .getByRole('table', { name: /Users of/ })
    .getByRole('row')
    .filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: /View User/ }).click();
  await expect(page).toHaveURL(/\/customer-admin\/users\/[0-9a-f-]+$/);
}

const groupRow = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
/** The notification banner above the content (the invite form has an inline warning banner too). */
const notification = (page: Page) => page.locator('.banner-region').getByTestId('notification');

// Most tests sign in through the API, straight onto the page they are about: a UI sign-in costs a
// page load and the landing page; the form and landing have specs of their own (account-journey,
// admin-and-manage), and the invite journey here still signs in through the form.
test.describe('admin users, roles and invites', () => {
  test('the admin invites a coach to a group; the invitee signs up from the emailed link and coaches it', async ({ page, browser }) => {
    test.setTimeout(60_000);
    await signIn(page, 'admin@northwind.example');
    await page.getByRole('link', { name: 'Add Coach' }).click();
    await expect(page).toHaveURL('/customer-admin/invites');
    const send = page.getByRole('button', { name: 'Send Invite' });
    const warning = 'Grant Coach access to one or more groups or select the option to allow the user to create new groups.';
    await expect(send).toBeDisabled();
    await expect(page.getByText(warning)).toBeVisible();

    const email = uniqueEmail('invited-coach');
    await page.getByLabel('Email').fill(`  ${email}  `);
    const sales = groupRow(page, 'Sales Team');
    await sales.getByLabel('Coach').check();
    // A coach of a group cannot also be its speaker.
    await expect(sales.getByLabel('Speaker')).toBeDisabled();
    await expect(page.getByText(warning)).toHaveCount(0);
    await send.click();
    await expect(notification(page)).toHaveText(`Invite has been sent to ${email}.`);
    await expect(page.getByLabel('Email')).toHaveValue('');
    // The success notice clears itself after 8 seconds.
    await expect(notification(page)).toHaveCount(0, { timeout: 10_000 });

    const link = await readInviteLink(email);
    expect(link).toMatch(/\/join\?invite=[0-9a-f-]{36}$/);
    expect(mailsTo(email).at(-1)).toContain('Coach: Sales Team');

    await page.getByRole('link', { name: 'Pending Invites' }).click();
    const pending = page.getByRole('row').filter({ hasText: email });
    await expect(pending).toContainText('Coach: Sales Team');
    await expect(pending).toContainText(new URL(link).search);

    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link);
    await expect(invitee).toHaveURL(/\/sign-up\?invite=/);
    await expect(invitee.getByLabel('Email')).toHaveValue(email);
    await fillAccountFields(invitee, { email, password: 'invited-coach-pass', firstName: 'Ivy', lastName: 'Invited' });
    await invitee.getByLabel('I agree to the Terms of Use and Privacy Policy.').check();
    await invitee.getByRole('button', { name: 'Create Account' }).click();
    await invitee.waitForURL((u) => !u.pathname.startsWith('/sign-up'));
    await invitee.goto('/manage');
    await expect(invitee.getByLabel('Invite code')).toHaveValue('Northwind-Communications-Sales-Team');
    await invitee.close();

    // The invite is no longer pending; the admin sees the new coach.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
    await page.getByRole('link', { name: 'Manage Users', exact: true }).click();
    await page.getByLabel('Search users').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Ivy Invited');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('coach/admin');
    await expect(row).toContainText('Sales Team: Coach');
  });

  test('the admin searches users on every keystroke', async ({ page }) => {
    await signInByApi(page, 'admin@northwind.example', DEMO_PASSWORD, '/customer-admin/users');
    const table = page.getByRole('table', { name: 'Users of Northwind Communications' });
    for (const h of ['Name', 'Email', 'Status', 'Active Groups', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    }
    const search = page.getByLabel('Search users');
    await expect(search).toHaveAttribute('placeholder', 'enter full or partial email or name');
    await search.fill('@NORTHWIND.example');
    const names = table.locator('tbody tr td:first-child');
    // Sorted by last name, then first name.
    await expect(names).toHaveText(['Avery Admin', 'Casey Coach', 'Lee Lapsed', 'Sam Speaker']);
    await search.press('End');
    await search.pressSequentially('x');
    await expect(table.getByText('No results')).toBeVisible();
    await search.fill('');
    await search.pressSequentially('sam spe');
    await expect(names).toHaveText(['Sam Speaker']);
    await expect(table.getByRole('row').filter({ hasText: 'Sam Speaker' })).toContainText('Sales Team: Speaker');
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  test('the admin grants and removes roles', async ({ page, request }) => {
    const email = uniqueEmail('roles');
    const signUp = await signUpSpeaker(request, email, 'Rolesworth');
    expect(signUp.ok()).toBe(true);
    const userId = (await signUp.json()).data.userId as string;

    await signInByApi(page, 'admin@northwind.example', DEMO_PASSWORD, '/customer-admin/users');
    await openUser(page, email);
    await expect(page.getByRole('heading', { name: 'Seat Rolesworth' })).toBeVisible();
    const sales = groupRow(page, 'Sales Team');
    await expect(sales.getByLabel('Speaker')).toBeChecked();
    await expect(sales).toContainText('Perpetual Access / No expiration');

    await page.getByLabel('Allow this user to add new groups?').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page)).toContainText('Changes Saved');
    await page.reload();
    await expect(page.getByLabel('Allow this user to add new groups?')).toBeChecked();

    // Opened for one group, the page marks that group.
    const auth = await apiAuth(request, 'admin@northwind.example');
    const salesId = await salesTeamId(request, auth);
    await page.goto(`/customer-admin/users/${userId}/${salesId}`);
    await expect(page.locator(`#role-group-${salesId}`)).toHaveClass(/role-row--highlight/);

    await groupRow(page, 'Sales Team').getByLabel('Speaker').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page)).toContainText('Changes Saved');
    await expect(groupRow(page, 'Sales Team')).toContainText('Inactive');
    await expect(groupRow(page, 'Sales Team').getByLabel('Speaker')).not.toBeChecked();

    await page.getByRole('link', { name: 'Manage Users', exact: true }).click();
    await page.getByLabel('Search users').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Coaches and Admins: Can add new groups');
    await expect(row).not.toContainText('Sales Team');
  });

  test('removing your own admin role asks first; declining keeps it', async ({ page }) => {
    await signInByApi(page, 'admin@northwind.example', DEMO_PASSWORD, '/customer-admin/groups');
    await openUser(page, 'admin@northwind.example');
    const adminBox = page.getByLabel('Make this user an admin with full admin access?');
    await expect(adminBox).toBeChecked();
    await adminBox.uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('You are removing admin access from the currently logged in account...');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(notification(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Make this user an admin with full admin access?')).toBeChecked();
  });

  test('a speaker role past the seat limit is refused with the seat message', async ({ page, request }) => {
    // The seat limit itself is the server's: admin-users.routes.test.ts fills an organisation and
    // checks this 402, its message and that nothing is saved. Filling Northwind's 50 seats here
    // would refuse every other spec's sign-up while it ran; the page's answer to it is checked here.
    const auth = await apiAuth(request, 'admin@northwind.example');
    const salesId = await salesTeamId(request, auth);
    // The target: a former speaker of Sales Team, without a seat now.
    const email = uniqueEmail('seat-target');
    const target = await signUpSpeaker(request, email, 'Seatless');
    expect(target.ok()).toBe(true);
    const targetId = (await target.json()).data.userId as string;
    const cleared = await request.put(`/api/v1/users/${targetId}`, {
      headers: auth,
      data: {
        roles: [
          { groupId: PSEUDO_GROUP_ID, roles: [] },
          { groupId: salesId, roles: [] },
        ],
      },
    });
    expect(cleared.ok()).toBe(true);

    const saves: string[] = [];
    await page.route(`**/api/v1/users/${targetId}`, (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      saves.push(route.request().postData() ?? '');
      return route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ message: SEAT_TEXT, status: 402, code: 'seats.limit_reached' }] }),
      });
    });
    await signInByApi(page, 'admin@northwind.example', DEMO_PASSWORD, '/customer-admin/groups');
    await openUser(page, email);
    const sales = groupRow(page, 'Sales Team');
    await sales.getByLabel('Speaker').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page)).toContainText('Could not save changes');
    await expect(notification(page)).toContainText(SEAT_TEXT);
    // The page asked for the Speaker role in Sales Team, and shows it unsaved after a reload.
    expect(saves).toHaveLength(1);
    expect(JSON.parse(saves[0]!).roles).toContainEqual({ groupId: salesId, roles: ['speaker'] });
    await page.reload();
    await expect(groupRow(page, 'Sales Team').getByLabel('Speaker')).not.toBeChecked();
  });

  test('pending invites: resend and delete', async ({ page, request }) => {
    const auth = await apiAuth(request, 'admin@northwind.example');
    const email = uniqueEmail('pending');
    const created = await request.post('/api/v1/invites', {
      headers: auth,
      data: { email, roles: [{ groupId: null, roles: ['manager'] }] },
    });
    expect(created.ok()).toBe(true);
    // The send-email job writes the invite to the outbox a moment after the answer.
    await expect.poll(() => mailsTo(email).length).toBe(1);

    await signInByApi(page, 'admin@northwind.example', DEMO_PASSWORD, '/customer-admin/pending-invites');
    const table = page.getByRole('table', { name: 'Pending invites' });
    for (const h of ['Email', 'First Sent', 'Invite Details', 'Invite Link', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    }
    const row = table.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Can add new groups');

    await row.getByRole('button', { name: `Resend invite to ${email}` }).click();
    await expect(notification(page)).toContainText('Invite Sent');
    await expect(notification(page)).toContainText('The invite has been resent to the associated email address.');
    await expect.poll(() => mailsTo(email).length).toBe(2);
    await expect(row).toContainText('Resent');

    await row.getByRole('button', { name: `Delete invite to ${email}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this invite?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete invite to ${email}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(table.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  });

  test('in a school the tabs and choices use the edu words; no invites shows the empty state', async ({ page }) => {
    await signInByApi(page, 'admin@riverside.example', DEMO_PASSWORD, '/customer-admin/groups');
    await page.getByRole('link', { name: 'Add Instructor' }).click();
    await expect(
      page.getByText('Grant Instructor access to one or more classes or select the option to allow the user to create new classes.'),
    ).toBeVisible();
    await expect(page.getByLabel('Allow this user to add new classes?')).toBeVisible();
    const comm = groupRow(page, 'COMM 101');
    await expect(comm.getByLabel('Instructor')).toBeVisible();
    await expect(comm.getByLabel('Student')).toBeVisible();
    await page.getByRole('link', { name: 'Pending Invites' }).click();
    await expect(page.getByRole('table', { name: 'Pending invites' })).toContainText('No invites');
    await page.getByRole('link', { name: 'Manage Users', exact: true }).click();
    await page.getByLabel('Search users').fill('student@riverside');
    await expect(page.getByRole('row').filter({ hasText: 'Stevie Student' })).toContainText('COMM 101: Student');
  });

  test('coaches and speakers cannot reach these pages', async ({ page }) => {
    await signInByApi(page, 'coach@northwind.example');
    for (const path of ['/customer-admin/users', '/customer-admin/invites', '/customer-admin/pending-invites']) {
      await page.goto(path);
      await expect(page).toHaveURL('/subscription');
    }
  });
});
