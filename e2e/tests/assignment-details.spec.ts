import type { Page } from '@playwright/test';
import { expect as baseExpect, notification, signIn, test, shootSizes } from './helpers';
import { api, apiSignIn } from './results-helpers';

// The assignment details page (spec 002 sections 2.6, 2.8 and 4) in the Summit demo org (Assignments
// on, group Pitch Practice, the assignment "Elevator Pitch" and a shared template): the coach's
// variant with its member table and actions (archive and restore, copy a template), the speaker's
// variant with its Record link, and the speaker's Shared Recordings page.

// The machine running e2e may be busy: page loads get more time than the default 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const COACH = 'coach@summit.example';
const SPEAKER = 'speaker@summit.example';

interface TAssignmentRow {
  assignmentId: string;
  name: string;
  isTemplate: boolean;
  isGlobal: boolean;
}

async function pitchPractice(baseURL: string, token: string): Promise<string> {
  const groups = await api<{ groupId: string; name: string }[]>(baseURL, token, 'GET', '/groups');
  return groups.find((g) => g.name === 'Pitch Practice')!.groupId;
}

async function elevatorPitch(baseURL: string, token: string): Promise<string> {
  const groupId = await pitchPractice(baseURL, token);
  const list = await api<TAssignmentRow[]>(baseURL, token, 'GET', `/assignments?scope=group&groupId=${groupId}`);
  return list.find((a) => a.name === 'Elevator Pitch')!.assignmentId;
}

const shoot = (page: Page, name: string) => shootSizes(page, name, { settleMs: 250 });

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('a coach sees the member table and actions, archives the assignment and restores it', async ({ page, baseURL }) => {
  const token = await apiSignIn(baseURL!, COACH);
  const id = await elevatorPitch(baseURL!, token);
  await signIn(page, COACH);
  await page.goto(`/assignment/details/${id}`);

  await expect(page.getByRole('heading', { level: 1, name: 'Elevator Pitch' })).toBeVisible({ timeout: 40_000 });
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/coach-dashboard',
  );
  await expect(page.getByText(/^Active \((Continuous Group|Non-Continuous) Assignment\)$/)).toBeVisible();
  const members = page.getByRole('table', { name: 'Assigned members' });
  for (const h of ['Name', 'Speaker Assignment Status', 'Last Upload', 'Recordings', 'Recordings Flagged for Review', 'Comments']) {
    await expect(members.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  }
  await expect(members.getByTestId('member-row').filter({ hasText: 'Jordan Presenter' })).toBeVisible();
  const actions = page.getByRole('list', { name: 'Assignment actions' });
  for (const a of ['Edit', 'Archive', 'Copy as Template', 'Show Assignment Link']) {
    await expect(
      actions.getByRole('button', { name: a, exact: true }).or(actions.getByRole('link', { name: a, exact: true })),
    ).toBeVisible();
  }
  await actions.getByRole('button', { name: 'Show Assignment Link' }).click();
  await expect(page.getByLabel('Assignment link')).toHaveValue(new RegExp(`/assignment/details/${id}$`));
  await shoot(page, 'assignment-details-coach');

  // Archive asks first, then lands on the dashboard with a notice.
  await actions.getByRole('button', { name: 'Archive', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Archive "Elevator Pitch"?');
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page).toHaveURL(/\/coach-dashboard$/);
  await expect(notification(page)).toContainText('Assignment archived');

  await page.goto(`/assignment/details/${id}`);
  await expect(page.getByText('Disabled/Archived', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Restore Archived Assignment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(notification(page)).toContainText('Assignment restored');
  await page.goto(`/assignment/details/${id}`);
  await expect(page.getByRole('button', { name: 'Archive', exact: true })).toBeVisible();
});

test('a coach copies a template: "New Template Added" and private templates shown', async ({ page, baseURL }) => {
  const token = await apiSignIn(baseURL!, COACH);
  const name = `Panel Answer ${Date.now().toString(36).slice(-5)}`;
  const tpl = await api<TAssignmentRow>(baseURL!, token, 'POST', '/assignments', {
    name,
    description: 'Answer one panel question in two minutes.',
    criteria: { algorithm: 'rostrum-default', minRecordings: true, minRecordingsCount: 1 },
  });
  await signIn(page, COACH);
  await page.goto(`/assignment/details/${tpl.assignmentId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 40_000 });
  await expect(page.getByText('Private Template', { exact: true })).toBeVisible();
  // The owner may switch Public/Private; the radios are live for them.
  await expect(page.getByRole('radio', { name: /Private/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Public/ })).toBeEnabled();
  await shoot(page, 'assignment-details-template');
  await page.getByRole('button', { name: 'Copy Template' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
  await expect(page).toHaveURL(/\/coach-dashboard$/);
  await expect(notification(page)).toContainText('New Template Added');

  const after = await api<TAssignmentRow[]>(baseURL!, token, 'GET', '/assignments?scope=templates');
  const copy = after.find((t) => t.name === `${name} (Copy)`);
  expect(copy).toBeTruthy();
  const me = await api<{ user: { preferences: Record<string, unknown> } }>(baseURL!, token, 'GET', '/me');
  expect(me.user.preferences.templateToggle).toBe('private');
  await api(baseURL!, token, 'DELETE', `/assignments/${copy!.assignmentId}`);
  await api(baseURL!, token, 'DELETE', `/assignments/${tpl.assignmentId}`);
});

test('a speaker sees the speaker variant with its Record link, and the shared recordings page', async ({ page, baseURL }) => {
  const coachToken = await apiSignIn(baseURL!, COACH);
  const id = await elevatorPitch(baseURL!, coachToken);
  await signIn(page, SPEAKER);
  await page.goto(`/assignment/details/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Elevator Pitch' })).toBeVisible({ timeout: 40_000 });
  await expect(page.getByRole('list', { name: 'Assignment actions' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Record (Single Speaker)' }).first()).toHaveAttribute('href', `/record?assignmentId=${id}`);
  await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();
  const members = page.getByRole('table', { name: 'Assigned members' });
  await expect(members.getByRole('columnheader', { name: 'Recordings', exact: true })).toHaveCount(0);
  await expect(members.getByTestId('member-row').filter({ hasText: 'Jordan Presenter' })).toBeVisible();
  await shoot(page, 'assignment-details-speaker');

  // An in-app navigation: the document (and this mark on its window) stays, the page changes.
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
  await page.getByRole('link', { name: /Shared Recordings of other/ }).click();
  await expect(page).toHaveURL(new RegExp(`/assignments/${id}/sharedRecordings$`));
  await expect(page.getByRole('heading', { name: 'Shared Recordings for Elevator Pitch' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'About this assignment' })).toHaveCount(0);
  expect(await page.evaluate(() => 'e2eSameDocument' in window)).toBe(true);
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await shoot(page, 'assignment-shared-recordings');

  // ?myRecordings on a phone-sized window (the member table starts below the fold): the panel
  // stays open, the speaker's own row opens and is scrolled into view.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/assignment/details/${id}?myRecordings`);
  const mine = page.getByTestId('member-row').filter({ hasText: '(you)' });
  await expect(mine.getByRole('button', { name: /Jordan Presenter/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'About this assignment' })).toHaveAttribute('aria-expanded', 'true');
  await expect(mine).toBeInViewport();

  // The preview is the coach's: the assignment's speaker is shown their details page instead.
  await page.goto(`/assignments/${id}/preview`);
  await expect(page).toHaveURL(new RegExp(`/assignment/details/${id}$`));
  await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();
});
