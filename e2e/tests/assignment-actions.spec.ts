import type { Page } from '@playwright/test';
import { expect as baseExpect, notification, signInByApi, test } from './helpers';
import { api, apiSignIn } from './results-helpers';

// The coach's actions on the assignment details page (spec 002 sections 2.6 and 4) in the Summit
// demo org: the speaker preview, Delete (templates), Make Public / Make Private (the template's
// owner only, as the server's abilities say) and Turn Off Continuous Status / Convert Assignment to
// Continuous on an assigned copy. Each action asks first, then lands on the coach dashboard with
// its notice. Every test makes its own templates, so the order of tests does not matter.

const expect = baseExpect.configure({ timeout: 20_000 });

const COACH = 'coach@summit.example';
const ADMIN = 'admin@summit.example';
const DASHBOARD = /\/coach-dashboard$/;

interface TAssignmentRow {
  assignmentId: string;
  name: string;
}

let n = 0;
/** A new private template of the caller's, with a name no other test uses. */
async function newTemplate(baseURL: string, token: string, prefix: string): Promise<TAssignmentRow> {
  n += 1;
  return api<TAssignmentRow>(baseURL, token, 'POST', '/assignments', {
    name: `${prefix} ${Date.now().toString(36).slice(-5)}${n}`,
    description: 'Tell one story from your week in ninety seconds.',
    criteria: { algorithm: 'rostrum-default', minRecordings: true, minRecordingsCount: 1 },
  });
}

/** A continuous assignment for Pitch Practice, made from a new template of the coach's. */
async function newAssigned(
  baseURL: string,
  token: string,
  prefix: string,
): Promise<{ assigned: TAssignmentRow; template: TAssignmentRow }> {
  const template = await newTemplate(baseURL, token, prefix);
  const groups = await api<{ groupId: string; name: string }[]>(baseURL, token, 'GET', '/groups');
  const groupId = groups.find((g) => g.name === 'Pitch Practice')!.groupId;
  const made = await api<{ assignments: { assignmentId: string }[] }>(
    baseURL,
    token,
    'POST',
    `/assignments/${template.assignmentId}/assign`,
    {
      continuous: true,
      groupIds: [groupId],
    },
  );
  return { assigned: { assignmentId: made.assignments[0]!.assignmentId, name: template.name }, template };
}

async function openDetails(page: Page, a: TAssignmentRow): Promise<void> {
  await page.goto(`/assignment/details/${a.assignmentId}`);
  await expect(page.getByRole('heading', { level: 1, name: a.name })).toBeVisible({ timeout: 40_000 });
}

const actions = (page: Page) => page.getByRole('list', { name: 'Assignment actions' });

/** Clicks an action, checks its confirmation and confirms it; the page lands on the dashboard with `notice`. */
async function confirmAction(page: Page, action: string, title: string, confirm: string, notice: string): Promise<void> {
  await actions(page).getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(page).toHaveURL(DASHBOARD);
  await expect(notification(page)).toContainText(notice);
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('a coach previews an assigned copy, turns off its continuous status and converts it back', async ({ page, baseURL }) => {
  const token = await apiSignIn(baseURL!, COACH);
  const { assigned, template } = await newAssigned(baseURL!, token, 'Team Update');
  await signInByApi(page, COACH);
  await openDetails(page, assigned);
  await expect(page.getByText('Active (Continuous Group Assignment)', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Assignment Type' })).toContainText('Continuous Group Assignment');

  // The preview: what a speaker who has not started sees, the record button inert, no coach parts.
  await page.getByRole('link', { name: 'Preview as Speaker' }).click();
  await expect(page).toHaveURL(new RegExp(`/assignments/${assigned.assignmentId}/preview$`));
  await expect(page.getByText('Preview: what speakers see')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: assigned.name })).toBeVisible();
  await expect(page.getByText('Not Started', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record (Single Speaker)' })).toHaveAttribute('aria-disabled', 'true');
  await expect(actions(page)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Assigned members' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/assignment/details/${assigned.assignmentId}$`));

  await confirmAction(page, 'Turn Off Continuous Status', 'Turn off continuous status?', 'Turn Off', 'Continuous status turned off');
  await openDetails(page, assigned);
  await expect(page.getByText('Active (Non-Continuous Assignment)', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Assignment Type' })).toContainText('Non-Continuous Assignment');
  await expect(actions(page).getByRole('button', { name: 'Turn Off Continuous Status' })).toHaveCount(0);

  await confirmAction(
    page,
    'Convert Assignment to Continuous',
    'Convert to a continuous assignment?',
    'Convert',
    'Assignment converted to continuous',
  );
  await openDetails(page, assigned);
  await expect(page.getByText('Active (Continuous Group Assignment)', { exact: true })).toBeVisible();
  await expect(actions(page).getByRole('button', { name: 'Turn Off Continuous Status' })).toBeVisible();

  await api(baseURL!, token, 'PATCH', `/assignments/${assigned.assignmentId}`, { archived: true });
  await api(baseURL!, token, 'DELETE', `/assignments/${template.assignmentId}`);
});

test('a template owner makes it public and private, then deletes it; another coach is offered neither', async ({ page, baseURL }) => {
  const token = await apiSignIn(baseURL!, COACH);
  const mine = await newTemplate(baseURL!, token, 'Owner Toggle');
  // The org admin's public template: the coach sees and uses it, but only its owner changes its privacy.
  const adminToken = await apiSignIn(baseURL!, ADMIN);
  const theirs = await newTemplate(baseURL!, adminToken, 'Admin Shared');
  await api(baseURL!, adminToken, 'PATCH', `/assignments/${theirs.assignmentId}`, { isShared: true });

  await signInByApi(page, COACH);
  await openDetails(page, theirs);
  await expect(page.getByText('Public Template', { exact: true })).toBeVisible();
  await expect(actions(page).getByRole('button', { name: 'Copy Template' })).toBeVisible();
  await expect(actions(page).getByRole('button', { name: /^Make (Public|Private)$/ })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Public/ })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /Private/ })).toBeDisabled();

  await openDetails(page, mine);
  await expect(page.getByText('Private Template', { exact: true })).toBeVisible();
  await expect(actions(page).getByRole('button', { name: 'Make Private' })).toHaveCount(0);
  // Cancelling leaves the template as it was.
  await actions(page).getByRole('button', { name: 'Make Public' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Private Template', { exact: true })).toBeVisible();
  await confirmAction(page, 'Make Public', 'Make this template public?', 'Make Public', 'Template made public');

  await openDetails(page, mine);
  await expect(page.getByText('Public Template', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Public/ })).toBeChecked();
  await confirmAction(page, 'Make Private', 'Make this template private?', 'Make Private', 'Template made private');

  await openDetails(page, mine);
  await expect(page.getByText('Private Template', { exact: true })).toBeVisible();
  await actions(page).getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Delete "${mine.name}"?` })).toBeVisible();
  await expect(dialog).toContainText('The template is removed for everyone who can use it.');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(DASHBOARD);
  await expect(notification(page)).toContainText('Template deleted');
  const templates = await api<TAssignmentRow[]>(baseURL!, token, 'GET', '/assignments?scope=templates');
  expect(templates.find((t) => t.assignmentId === mine.assignmentId)).toBeUndefined();
  // Its page is gone: the coach is sent back to the dashboard.
  await page.goto(`/assignment/details/${mine.assignmentId}`);
  await expect(page).toHaveURL(DASHBOARD);
  await expect(notification(page)).toContainText('Assignment not found');

  await api(baseURL!, adminToken, 'DELETE', `/assignments/${theirs.assignmentId}`);
});
