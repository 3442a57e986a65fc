import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect as baseExpect, notification, signIn, test, shootSizes, SHOTS } from './helpers';
import { api, apiSignIn, talkWav, uploadRecording, waitForResults } from './results-helpers';

// The speaker dashboard (spec 002 section 2.4) as Summit's speaker: the stats, the remembered
// Assignments / My Recordings toggle, a group's assignment filter, every My Recordings filter and sort,
// flag for coach review and share with the group (both with Undo), rename, and a row kept open
// across a reload. The spec uploads its own recordings (one added to Elevator Pitch), so it runs
// in the isolated lane.

const expect = baseExpect.configure({ timeout: 20_000 });
const SPEAKER = 'speaker@summit.example';
const suffix = Date.now().toString(36).slice(-5);
const IN_ASSIGNMENT = `Dashboard pitch ${suffix}`;
const PRIVATE = `Dashboard private ${suffix}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(400_000);
  const token = await apiSignIn(baseURL!, SPEAKER);
  const wav = talkWav();
  const pitch = await uploadRecording(baseURL!, token, wav, { title: IN_ASSIGNMENT });
  const mine = await uploadRecording(baseURL!, token, wav, { title: PRIVATE });
  await waitForResults(baseURL!, token, pitch, 180_000);
  await waitForResults(baseURL!, token, mine, 180_000);
  const assigned = await api<{ assignmentId: string; name: string }[]>(baseURL!, token, 'GET', '/assignments?scope=assigned');
  const elevator = assigned.find((a) => a.name === 'Elevator Pitch')!;
  await api(baseURL!, token, 'POST', `/assignments/${elevator.assignmentId}/recordings`, { recordingId: pitch });
  // The remembered choices start from their defaults, however an earlier run left them.
  const groups = await api<{ groupId: string }[]>(baseURL!, token, 'GET', '/groups');
  await api(baseURL!, token, 'PUT', '/me/preferences', {
    speakerDashboardToggle: 'assignments',
    speakerAssignmentFilters: Object.fromEntries(groups.map((g) => [g.groupId, null])),
    myLibFilter: 'all',
    myLibSort: 'uploaded-d',
    tableRowIndices: [],
  });
  fs.mkdirSync(SHOTS, { recursive: true });
});

const libraryFilter = (page: Page) => page.getByRole('group', { name: 'Show recordings' });
const table = (page: Page) => page.getByRole('table', { name: 'My Recordings' });
const row = (page: Page, title: string) =>
  page.getByTestId('library-row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
const actions = (page: Page, title: string) => page.getByRole('button', { name: `Actions for ${title}` });

async function chooseAction(page: Page, title: string, item: string) {
  await actions(page, title).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The dashboard on My Recordings (a test run alone starts from the default, Assignments). */
async function openLibrary(page: Page) {
  await signIn(page, SPEAKER);
  // Signing in lands on the dashboard (000 section 2.3).
  await expect(page).toHaveURL('/speaker-dashboard');
  await page.getByRole('radio', { name: 'My Recordings' }).click();
  await expect(table(page)).toBeVisible();
}

const shoot = (page: Page, name: string) =>
  shootSizes(page, name, {
    sizes: [
      [1440, 900],
      [390, 900],
    ],
    fullPage: (width) => width > 400,
    arrange: (p) => p.evaluate(() => window.scrollTo(0, 0)),
    restore: [1440, 900],
  });

test('the assignments view: stats, cards with their Record links, and a group filter remembered', async ({ page }) => {
  await signIn(page, SPEAKER);
  await expect(page).toHaveURL('/speaker-dashboard');
  await expect(page).toHaveTitle('Rostrum - Speaker Dashboard');
  for (const label of ['Active Assignments', 'Total Recordings', 'Total Comments', 'Recordings Flagged']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('radio', { name: 'Assignments' })).toBeChecked();
  const group = page.getByRole('region', { name: 'Pitch Practice' });
  const elevator = group.getByTestId('assignment-card').filter({ hasText: 'Elevator Pitch' });
  await expect(elevator.getByRole('link', { name: 'Record (Single Speaker)' })).toHaveAttribute('href', /^\/record\?assignmentId=/);
  await expect(elevator.getByText('My Recordings')).toBeVisible();
  await expect(elevator.getByText('Peer Recordings')).toBeVisible();
  const discovery = group.getByTestId('assignment-card').filter({ hasText: 'Client Discovery Call' });
  await expect(discovery.getByRole('link', { name: 'Record (Multi-Speaker)' })).toBeVisible();
  await shoot(page, 'speaker-dashboard-assignments');

  // The group's filter: the recording in Elevator Pitch completed it (one recording needed), so
  // Completed shows it and not Client Discovery Call, Active the other way round (other specs may
  // add assignments of their own); the choice stays after a reload.
  const cards = group.getByTestId('assignment-card');
  const all = await cards.count();
  await group.getByRole('radio', { name: 'Completed' }).click();
  await expect(elevator).toContainText('Completed');
  await expect(discovery).toHaveCount(0);
  await group.getByRole('radio', { name: 'Active' }).click();
  await expect(discovery).toBeVisible();
  await expect(elevator).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Pitch Practice' }).getByRole('radio', { name: 'Active' })).toBeChecked();
  await expect(discovery).toBeVisible();
  await expect(elevator).toHaveCount(0);
  await page.getByRole('region', { name: 'Pitch Practice' }).getByRole('radio', { name: 'Recent' }).click();
  await expect(cards).toHaveCount(all);

  // The toggle is remembered too.
  await page.getByRole('radio', { name: 'My Recordings' }).click();
  await expect(table(page)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'My Recordings' })).toBeChecked();
  await expect(table(page)).toBeVisible();
});

test('My Recordings on the dashboard: every filter and sort, remembered after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await openLibrary(page);

  await libraryFilter(page).getByRole('radio', { name: 'Private' }).click();
  await expect(row(page, PRIVATE)).toBeVisible();
  await expect(row(page, IN_ASSIGNMENT)).toHaveCount(0);
  await libraryFilter(page).getByRole('radio', { name: 'Assignments' }).click();
  await expect(row(page, IN_ASSIGNMENT)).toBeVisible();
  await expect(row(page, PRIVATE)).toHaveCount(0);
  await page.reload();
  await expect(libraryFilter(page).getByRole('radio', { name: 'Assignments' })).toBeChecked();
  await expect(row(page, PRIVATE)).toHaveCount(0);
  await libraryFilter(page).getByRole('radio', { name: 'Flagged for Review' }).click();
  await expect(row(page, IN_ASSIGNMENT)).toHaveCount(0);
  await libraryFilter(page).getByRole('radio', { name: 'All' }).click();
  await expect(row(page, PRIVATE)).toBeVisible();
  await expect(row(page, IN_ASSIGNMENT)).toBeVisible();

  // Each column sorts; the header says which way, and the choice survives a reload.
  for (const label of ['Title', 'Group', 'Uploaded', 'Duration', 'Vocal Delivery', 'Comments', 'Overall Rating', 'Coach Rating']) {
    const header = table(page).getByRole('columnheader', { name: label, exact: true });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', /ascending|descending/);
    const first = await header.getAttribute('aria-sort');
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', first === 'ascending' ? 'descending' : 'ascending');
  }
  await table(page).getByRole('columnheader', { name: 'Title', exact: true }).getByRole('button').click();
  await expect(table(page).getByRole('columnheader', { name: 'Title', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  await page.reload();
  await expect(table(page).getByRole('columnheader', { name: 'Title', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  const titles = await page.getByTestId('library-row').locator('td[data-label="Title"] a').allTextContents();
  expect(titles).toEqual([...titles].sort((a, b) => a.toLocaleLowerCase().localeCompare(b.toLocaleLowerCase())));
  // Back to the default, newest first, for the next test.
  const uploaded = table(page).getByRole('columnheader', { name: 'Uploaded', exact: true });
  await uploaded.getByRole('button').click();
  await expect(uploaded).toHaveAttribute('aria-sort', 'descending');
});

test('My Recordings on the dashboard: flag and share with Undo, rename, and a row kept open across a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await openLibrary(page);
  await expect(row(page, IN_ASSIGNMENT)).toBeVisible();

  // A private recording is only shared or flagged once it is in an assignment (002 section 4).
  await actions(page, PRIVATE).click();
  await expect(page.getByRole('menuitem', { name: 'Add to assignment' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Flag for coach review' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Open the row: the player and the assignment; it stays open after a reload.
  const toggle = page.getByRole('button', { name: `Details of ${IN_ASSIGNMENT}` });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const details = row(page, IN_ASSIGNMENT).getByTestId('library-details');
  await expect(details.getByText('Elevator Pitch')).toBeVisible();
  await expect(details.locator('audio')).toHaveAttribute('src', /.+/);
  await page.reload();
  await expect(page.getByRole('button', { name: `Details of ${IN_ASSIGNMENT}` })).toHaveAttribute('aria-expanded', 'true');

  // Flag for coach review, then Undo.
  const flagged = () =>
    row(page, IN_ASSIGNMENT).getByTestId('library-details').locator('div', { hasText: 'Flagged for coach review' }).locator('dd');
  await chooseAction(page, IN_ASSIGNMENT, 'Flag for coach review');
  await expect(notification(page)).toContainText('Flagged for coach review.');
  await expect(flagged()).toHaveText('Yes');
  await notification(page).getByRole('button', { name: 'Undo' }).click();
  await expect(flagged()).toHaveText('No');
  // Flagged again, it is listed under Flagged for Review until the flag is removed.
  await chooseAction(page, IN_ASSIGNMENT, 'Flag for coach review');
  await expect(flagged()).toHaveText('Yes');
  await libraryFilter(page).getByRole('radio', { name: 'Flagged for Review' }).click();
  await expect(row(page, IN_ASSIGNMENT)).toBeVisible();
  await expect(row(page, PRIVATE)).toHaveCount(0);
  await chooseAction(page, IN_ASSIGNMENT, 'Remove review flag');
  await expect(row(page, IN_ASSIGNMENT)).toHaveCount(0);
  await libraryFilter(page).getByRole('radio', { name: 'All' }).click();
  await expect(flagged()).toHaveText('No');

  // Share with the whole group, then Undo.
  const shared = () =>
    row(page, IN_ASSIGNMENT).getByTestId('library-details').locator('div', { hasText: 'Shared with group' }).locator('dd');
  await chooseAction(page, IN_ASSIGNMENT, 'Share with whole group');
  await expect(notification(page)).toContainText('Shared with your entire group.');
  await expect(shared()).toHaveText('Yes');
  await notification(page).getByRole('button', { name: 'Undo' }).click();
  await expect(shared()).toHaveText('No');
  await chooseAction(page, IN_ASSIGNMENT, 'Share with whole group');
  await expect(shared()).toHaveText('Yes');
  await expect(row(page, IN_ASSIGNMENT)).toContainText('Shared with group');
  await shoot(page, 'speaker-dashboard-library');
  await chooseAction(page, IN_ASSIGNMENT, 'Stop sharing');
  await expect(shared()).toHaveText('No');

  // Rename.
  const renamed = `${IN_ASSIGNMENT} renamed`;
  await chooseAction(page, IN_ASSIGNMENT, 'Rename');
  const dialog = page.getByRole('dialog', { name: 'Rename recording' });
  await dialog.getByLabel('Title').fill(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, renamed)).toBeVisible();
});
