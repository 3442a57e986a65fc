import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { expect as baseExpect, shootSizes, signIn, test, expectNoSeriousViolations } from './helpers';
import { api, apiSignIn, talkWav, uploadRecording, waitForResults } from './results-helpers';

// Due dates (issue 41 item 8) at Summit (Assignments on, time zone UTC until an admin sets one):
// the coach sets one in step 1 of the editor (a past one is refused), the speaker sees "Due …" on
// the dashboard and the record page and, after a first take that completes it, why it is
// Completed; past the date the coach sees the overdue count, "Overdue" in the member table and
// in the CSV. The periodic reminder job is covered by the server's tests, not here.

const expect = baseExpect.configure({ timeout: 20_000 });
const COACH = 'coach@summit.example';
const SPEAKER = 'speaker@summit.example';
const run = Date.now().toString(36).slice(-5);

const PAST_MSG = 'Choose a due date and time that is still ahead.';
const COMPLETED_MSG = 'Completed: your take meets every criterion. It stays in Completed, and Active counts only assignments still to do.';

/** A date as the date input takes it, `days` from today (UTC, Summit's zone). */
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function pitchPracticeId(baseURL: string, token: string): Promise<string> {
  const groups = await api<{ groupId: string; name: string }[]>(baseURL, token, 'GET', '/groups');
  return groups.find((g) => g.name === 'Pitch Practice')!.groupId;
}

/** Assigns a template to Pitch Practice (continuous) and answers the new assignment's id. */
async function assignToPitchPractice(baseURL: string, token: string, templateId: string): Promise<string> {
  const groupId = await pitchPracticeId(baseURL, token);
  const res = await api<{ assignments: { assignmentId: string }[] }>(baseURL, token, 'POST', `/assignments/${templateId}/assign`, {
    continuous: true,
    groupIds: [groupId],
  });
  return res.assignments[0]!.assignmentId;
}

const card = (page: Page, name: string) => page.getByTestId('assignment-card').filter({ hasText: name });

// Summit as the later specs read it, even after a failure: the coach's assignment filter back to
// Recent (these tests pick All) and the assignments made here archived.
const made: string[] = [];
test.afterAll(async ({ baseURL }) => {
  const token = await apiSignIn(baseURL!, COACH);
  await api(baseURL!, token, 'PUT', '/me/preferences', { coachAssFilter: 'recent' });
  for (const id of made) await api(baseURL!, token, 'PATCH', `/assignments/${id}`, { archived: true });
});

test('the coach sets a due date in step 1; the speaker sees it on the dashboard and the record page, and why a first take reads Completed', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const name = `Due pitch ${run}`;
  await signIn(page, COACH);
  await page.goto('/assignments/create');
  await page.getByLabel('Assignment name').fill(name);
  await page.getByLabel('Instructions').fill('Pitch your idea in a minute.');
  await expect(page.getByLabel('Due time')).toBeDisabled();

  // A past date is refused with the message, and nothing is created.
  await page.getByLabel('Due date').fill(isoDay(-2));
  await expect(page.getByLabel('Due time')).toHaveValue('23:59');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByText(PAST_MSG)).toBeVisible();
  await expect(page).toHaveURL('/assignments/create');

  // Clear, then a date two days ahead at 17:30.
  await page.getByRole('button', { name: 'Clear due date' }).click();
  await expect(page.getByLabel('Due date')).toHaveValue('');
  const day = isoDay(2);
  await page.getByLabel('Due date').fill(day);
  await page.getByLabel('Due time').fill('17:30');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Criteria' })).toBeVisible();
  const templateId = page.url().split('/').at(-2)!;

  // Back on step 1 the saved date and time show on Summit's clock.
  await page.goto(`/assignments/edit/${templateId}/1`);
  await expect(page.getByLabel('Due date')).toHaveValue(day);
  await expect(page.getByLabel('Due time')).toHaveValue('17:30');
  await shootSizes(page, 'due-dates-editor');
  await expectNoSeriousViolations(page);

  const coachToken = await apiSignIn(baseURL!, COACH);
  const assignmentId = await assignToPitchPractice(baseURL!, coachToken, templateId);
  made.push(assignmentId);

  // The coach's card shows the due date.
  await page.goto('/coach-dashboard');
  await page.getByRole('radio', { name: 'All' }).first().click();
  await expect(card(page, name).getByTestId('due-line')).toContainText(/Due .* 5:30 PM UTC/);

  // The speaker: the dashboard card and the record page (signIn signs the coach out first).
  await signIn(page, SPEAKER);
  await expect(page).toHaveURL('/speaker-dashboard');
  await expect(card(page, name).getByTestId('due-line')).toContainText(/Due .*5:30 PM UTC/);
  await expect(card(page, name).getByText('Overdue')).toHaveCount(0);
  await shootSizes(page, 'due-dates-speaker-card');
  await expectNoSeriousViolations(page);
  await page.goto(`/record?assignmentId=${assignmentId}`);
  await expect(page.getByTestId('due-line')).toContainText(/Due .*5:30 PM UTC/);
  await shootSizes(page, 'due-dates-record-page');
  await page.goto(`/assignment/details/${assignmentId}`);
  await expect(page.locator('header.details-header').getByTestId('due-line')).toContainText(/Due .*5:30 PM UTC/);

  // A first take completes it (no criteria): the card explains Completed, the stats why Active dropped.
  const speakerToken = await apiSignIn(baseURL!, SPEAKER);
  const take = await uploadRecording(baseURL!, speakerToken, talkWav(), { title: `${name} take` });
  await waitForResults(baseURL!, speakerToken, take, 180_000);
  await api(baseURL!, speakerToken, 'POST', `/assignments/${assignmentId}/recordings`, { recordingId: take });
  await page.goto('/speaker-dashboard');
  await expect(card(page, name).getByText('Completed', { exact: true })).toBeVisible();
  await expect(card(page, name).getByTestId('completed-note')).toHaveText(COMPLETED_MSG);
  await expect(page.getByTestId('active-assignments-note')).toBeVisible();
  await shootSizes(page, 'due-dates-completed');
});

test('past the due date the coach sees the overdue count, "Overdue" in the member table and in the CSV', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const coachToken = await apiSignIn(baseURL!, COACH);
  const name = `Due soon ${run}`;
  // About a minute ahead: the API refuses a due date already past, so the test waits for it.
  const dueAt = new Date(Date.now() + 65_000);
  const template = await api<{ assignmentId: string }>(baseURL!, coachToken, 'POST', '/assignments', {
    name,
    description: 'Record before the deadline.',
    criteria: { algorithm: 'rostrum-default' },
    dueAt: dueAt.toISOString(),
  });
  const assignmentId = await assignToPitchPractice(baseURL!, coachToken, template.assignmentId);
  made.push(assignmentId);
  await expect.poll(() => Date.now(), { timeout: 90_000, intervals: [5_000] }).toBeGreaterThan(dueAt.getTime() + 1_000);

  await signIn(page, COACH);
  await page.goto('/coach-dashboard');
  await page.getByRole('radio', { name: 'All' }).first().click();
  await expect(card(page, name).getByText(/^\d+ overdue$/)).toBeVisible();
  await shootSizes(page, 'due-dates-coach-overdue');
  await expectNoSeriousViolations(page);

  await page.goto(`/assignment/details/${assignmentId}`);
  const speakerRow = page.getByRole('row').filter({ hasText: 'Jordan Presenter' }).first();
  await expect(speakerRow.getByText('Overdue')).toBeVisible();
  await shootSizes(page, 'due-dates-member-overdue');

  const res = await fetch(`${baseURL}/api/v1/assignments/${assignmentId}/report.csv`, {
    headers: { Authorization: `Bearer ${coachToken}` },
  });
  expect(res.status).toBe(200);
  const rows = parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
  expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['Status', 'Due Date']));
  expect(rows.some((r) => r.Status === 'Overdue')).toBe(true);
  expect(rows.every((r) => r['Due Date']!.endsWith(' UTC'))).toBe(true);
});
