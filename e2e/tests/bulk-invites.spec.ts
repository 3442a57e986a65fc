import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, shootSizes, signInByApi, test, uniqueEmail, expectNoSeriousViolations } from './helpers';
import { apiAuth, mailsTo, readInviteLink } from './admin-users-helpers';

// Bulk invites of speakers to a group (issue 41, item 10): the admin's group page and a coach's
// group card open one dialog; a pasted list or a CSV file, a preview count, Send, and the table of
// who was invited and who was skipped, and why. The server tests cover the rules (seats, roles,
// reasons); this spec is the journey in the browser. Its invites are deleted at the end, so
// Pending Invites reads as it did (admin-users.spec expects Riverside's to be empty).

const invited: { admin: string; email: string }[] = [];

async function deleteInvites(request: APIRequestContext) {
  for (const admin of new Set(invited.map((i) => i.admin))) {
    const auth = await apiAuth(request, admin);
    const list = (await (await request.get('/api/v1/invites', { headers: auth })).json()).data as { inviteId: string; email: string }[];
    const ours = new Set(invited.filter((i) => i.admin === admin).map((i) => i.email));
    for (const inv of list.filter((i) => ours.has(i.email))) {
      expect((await request.delete(`/api/v1/invites/${inv.inviteId}`, { headers: auth })).ok()).toBe(true);
    }
  }
}

test.describe('bulk invites of speakers', () => {
  test.afterAll(async ({ request }) => deleteInvites(request));

  test('an admin pastes a list on the group page: new addresses are invited, the rest reported; the emailed link opens sign-up', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const [ada, grace] = [uniqueEmail('bulk-ada'), uniqueEmail('bulk-grace')];
    invited.push({ admin: 'admin@northwind.example', email: ada }, { admin: 'admin@northwind.example', email: grace });
    await signInByApi(page, 'admin@northwind.example', DEMO_PASSWORD, '/customer-admin/groups');
    await page.getByRole('link', { name: 'Edit Group Sales Team' }).click();
    const open = page.getByRole('button', { name: 'Invite Speakers' });
    // From the keyboard: the button opens the dialog with the focus in the list.
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Invite speakers to Sales Team' });
    const field = dialog.getByLabel('Email addresses');
    await expect(field).toBeFocused();
    const send = dialog.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();

    await field.fill(`Ada Lovelace <${ada}>, ${grace}\nspeaker@northwind.example; ${ada.toUpperCase()} not-an-email`);
    await expect(dialog.getByText('5 addresses: 3 to invite, 2 not valid or listed twice.')).toBeVisible();
    await shootSizes(page, 'bulk-invite-paste', { fullPage: false });
    await expectNoSeriousViolations(page);
    await send.click();

    await expect(dialog.getByText('2 invites sent, 3 skipped.')).toBeVisible();
    const rows = dialog.getByRole('table', { name: 'Invite results' }).getByRole('row');
    await expect(rows).toHaveCount(6);
    await expect(rows.nth(1)).toContainText(`${ada}Ada LovelaceInvited`);
    await expect(rows.nth(2)).toContainText(`${grace}—Invited`);
    await expect(rows.nth(3)).toContainText('SkippedAlready a member of this group');
    await expect(rows.nth(4)).toContainText('SkippedListed more than once (invited once)');
    await expect(rows.nth(5)).toContainText('not-an-email—SkippedNot a valid email address');
    await shootSizes(page, 'bulk-invite-result', { fullPage: false });
    await expectNoSeriousViolations(page);

    // Escape closes the dialog; the admin finds the invites on Pending Invites.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'Pending Invites' }).click();
    const pending = page.getByRole('table', { name: 'Pending invites' });
    await expect(pending.getByRole('row').filter({ hasText: ada })).toContainText('Speaker: Sales Team');

    // The email greets Ada by name; its link opens sign-up with her address.
    const link = await readInviteLink(ada);
    expect(mailsTo(ada).at(-1)).toContain('Hello Ada Lovelace,');
    expect(mailsTo('speaker@northwind.example').filter((m) => m.includes('/join?invite='))).toEqual([]);
    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link);
    await expect(invitee).toHaveURL(/\/sign-up\?invite=/);
    await expect(invitee.getByLabel('Email')).toHaveValue(ada);
    await invitee.close();
  });

  test('an instructor adds students from a CSV file on My Classes', async ({ page }) => {
    const email = uniqueEmail('bulk-csv');
    invited.push({ admin: 'admin@riverside.example', email });
    await signInByApi(page, 'instructor@riverside.example', DEMO_PASSWORD, '/manage');
    await shootSizes(page, 'bulk-invite-card-manage', { fullPage: false });
    await page.getByRole('button', { name: 'Invite Students' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite students to COMM 101' });
    await dialog.getByLabel('Choose a CSV file').setInputFiles({
      name: 'comm-101.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Email,First Name,Last Name\r\n${email},Grace,Hopper\r\nstudent@riverside.example,Stevie,Student\r\n`),
    });
    await expect(dialog.getByText('comm-101.csv')).toBeVisible();
    await expect(dialog.getByText('2 addresses: 2 to invite.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('1 invite sent, 1 skipped.')).toBeVisible();
    const rows = dialog.getByRole('table', { name: 'Invite results' }).getByRole('row');
    await expect(rows.nth(1)).toContainText(`${email}Grace HopperInvited`);
    await expect(rows.nth(2)).toContainText('Stevie StudentSkippedAlready a member of this class');
    await shootSizes(page, 'bulk-invite-csv', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await readInviteLink(email);
  });

  test("on the coach dashboard the button sits on the group's invite card; Cancel closes the dialog", async ({ page }) => {
    await signInByApi(page, 'coach@summit.example', DEMO_PASSWORD, '/coach-dashboard');
    const card = page.getByRole('region', { name: 'Pitch Practice' });
    await expect(card.getByLabel('Invite code')).toBeVisible();
    await shootSizes(page, 'bulk-invite-card-dashboard', { fullPage: false });
    await card.getByRole('button', { name: 'Invite Speakers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite speakers to Pitch Practice' });
    await expect(dialog.getByText('No addresses yet.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
