import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, notification, test, signInByApi } from './helpers';

// Security item 8: generated invite codes can be guessed from the organisation and group names,
// so an admin can replace a group's code with one that ends in random characters. The group is
// made for this test, so the demo groups' codes used by other specs stay as they are.

async function newGroup(request: APIRequestContext): Promise<{ groupId: string; name: string; inviteCode: string }> {
  const signInRes = await request.post('/api/v1/auth/sign-in', { data: { email: 'admin@northwind.example', password: DEMO_PASSWORD } });
  const { orgCode, apiKey } = ((await signInRes.json()) as { data: { orgCode: string; apiKey: string } }).data;
  // Short enough that the new code keeps the whole generated code before its suffix.
  const name = `Gd ${Date.now().toString(36)}`;
  const res = await request.post('/api/v1/groups', { data: { name }, headers: { authorization: `Bearer ${orgCode}-${apiKey}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { groupId: string; name: string; inviteCode: string } }).data;
}

const codeStatus = async (request: APIRequestContext, inviteCode: string) =>
  (await request.post('/api/v1/auth/sign-up/invite', { data: { inviteCode } })).status();

test('an admin replaces a group invite code after confirming; the old code stops working', async ({ page, request }) => {
  const group = await newGroup(request);
  await signInByApi(page, 'admin@northwind.example', DEMO_PASSWORD, `/customer-admin/groups/${group.groupId}`);
  const code = page.getByRole('textbox', { name: 'Invite code' });
  await expect(code).toHaveValue(group.inviteCode);

  // Cancel changes nothing.
  await page.getByRole('button', { name: 'New invite code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace the invite code?' });
  await expect(dialog).toContainText(`The code ${group.inviteCode} and its link stop working at once.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(code).toHaveValue(group.inviteCode);

  await page.getByRole('button', { name: 'New invite code' }).click();
  await dialog.getByRole('button', { name: 'Replace code' }).click();
  await expect(notification(page)).toContainText('New invite code created. The old code and link no longer work.');
  await expect(code).not.toHaveValue(group.inviteCode);
  const fresh = await code.inputValue();
  expect(fresh).toMatch(new RegExp(`^${group.inviteCode}-[a-z0-9]{10}$`));
  await expect(page.getByRole('textbox', { name: 'Invite link' })).toHaveValue(new RegExp(`/sign-up\\?code=${fresh}$`));

  expect(await codeStatus(request, group.inviteCode)).toBe(400);
  expect(await codeStatus(request, fresh)).toBe(200);

  // The group list shows the new code too.
  await page.getByRole('link', { name: 'Back to Manage Groups' }).click();
  await expect(page.getByRole('table').locator('tbody tr').filter({ hasText: group.name })).toContainText(fresh);
});
