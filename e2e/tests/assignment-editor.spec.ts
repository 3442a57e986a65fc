import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect as baseExpect, notification, signIn, test, shootSizes } from './helpers';
import { parse } from 'csv-parse/sync';
import { api, apiSignIn, waitForResults } from './results-helpers';

// The assignment editor (spec 002 sections 2.7 and 5) for the coach at Summit, whose org has
// Assignments on and whose group is Pitch Practice.

// Lazy pages on a shared machine can take a while to arrive; a passing run is not slowed by this.
const expect = baseExpect.configure({ timeout: 20_000 });

const COACH = 'coach@summit.example';
const SPEAKER = 'speaker@summit.example';
const run = Date.now().toString(36).slice(-5);

const MSG = {
  invalidStep: 'There was a problem with your request. Please return to your dashboard and try again.',
  noTarget: 'You must select at least one group or user to assign this assignment.',
  unnamed: 'Please assign a name to the new field currently named "New Rating"',
  duplicate: (label: string) =>
    `You already have a rating that uses the name "${label}" (or something similar) and you cannot use this name again. Please change the name of one of your new ratings to be different.`,
};

const shoot = (page: Page, name: string) => shootSizes(page, `editor-${name}`, { settleMs: 250, restore: [1440, 900] });

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

test('a coach creates an assignment through every step and assigns it to Pitch Practice; the speaker records into it, the coach sees it completed, compares and downloads the CSV', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const name = `Product demo ${run}`;
  await signIn(page, COACH);

  await page.goto('/assignments/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard | Add Assignment | Edit');
  await page.getByLabel('Assignment name').fill(name);
  await page.getByLabel('Instructions').fill('Record a two-minute demo of your product for a new customer.');
  await shoot(page, '1-description');
  await page.getByRole('button', { name: 'Save and Continue' }).click();

  // Creating the template opens its criteria at step 2.
  await expect(stepHeading(page, 'Criteria')).toBeVisible();
  await expect(page).toHaveURL(/\/assignments\/edit\/[0-9a-f-]{36}\/2$/);
  const assignmentId = page.url().split('/').at(-2)!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Dashboard | ${name} | Edit`);
  await expect(page.getByRole('radio', { name: /Single Speaker/ })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Minimum number of recordings' }).check();
  await page.getByRole('spinbutton', { name: 'Number of recordings' }).fill('1');
  await page.getByRole('checkbox', { name: 'Use a custom wordspotting list' }).check();
  await page.getByRole('checkbox', { name: 'Use a custom scorecard' }).check();
  await shoot(page, '2-criteria');
  await page.getByRole('button', { name: 'Save and Continue' }).click();

  // The wordspotting step follows because its criterion is on: "uh/um" first, one phrase added.
  await expect(stepHeading(page, 'Wordspotting')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/assignments/edit/${assignmentId}/3$`));
  await expect(page.getByRole('textbox', { name: 'Phrase 1' })).toHaveValue('uh/um');
  await page.getByRole('textbox', { name: 'Phrase 2' }).fill('customer');
  await shoot(page, '3-wordspotting');
  await page.getByRole('button', { name: 'Save and Continue' }).click();

  // Then the scorecard step, because the scorecard criterion is on.
  await expect(stepHeading(page, 'Scorecard')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/assignments/edit/${assignmentId}/4$`));
  await expect(page.getByText('Scale 1 to 10')).toBeVisible();
  await page.getByRole('button', { name: 'Add Rating' }).click();
  await page.getByLabel('Rating 5 name').fill('Storytelling');
  await shoot(page, '4-scorecard');
  await page.getByRole('button', { name: 'Save and Continue' }).click();

  await expect(stepHeading(page, 'Supporting materials')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await page.getByLabel('Link name').fill('Demo checklist');
  await page.getByLabel('Web address').fill('example.com/demo-checklist');
  await expect(page.getByText('Saved as https://example.com/demo-checklist')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const list = page.getByRole('list', { name: 'Supporting materials' });
  await expect(list).toContainText('Demo checklist');
  await expect(list).toContainText('https://example.com/demo-checklist');
  await expect(list).not.toContainText('Saving...');
  await shoot(page, '5-attachments');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(stepHeading(page, 'Assignment Saved to Templates')).toBeVisible();
  await expect(page.getByRole('link', { name: 'NOT NOW' })).toBeVisible();
  await shoot(page, '6-prompt');
  await page.getByRole('button', { name: 'ASSIGN' }).click();

  await expect(stepHeading(page, 'Assign')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/assignments/edit/${assignmentId}/7$`));
  await expect(page.getByRole('radio', { name: /^Continuous/ })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Pitch Practice' }).check();
  await shoot(page, '7-assign');
  await page.getByRole('button', { name: 'Assign', exact: true }).click();

  // The coach dashboard, with the notice a second later.
  await expect(page).toHaveURL(/\/coach-dashboard$/);
  await expect(notification(page)).toContainText(`${name} is assigned to Pitch Practice.`);
  await shoot(page, '8-dashboard');

  // What was saved: the template's criteria, scorecard and link; one assigned copy for the group.
  const token = await apiSignIn(baseURL!, COACH);
  const saved = await api<{
    criteria: { minRecordings: boolean; minRecordingsCount: number; scorecard: boolean; wordspotting: boolean };
    wordspotting: string[];
    scorecard: { questions: { label: string }[] };
    attachments: { name: string; attachmentUrl: string }[];
  }>(baseURL!, token, 'GET', `/assignments/${assignmentId}`);
  expect(saved.criteria).toMatchObject({ minRecordings: true, minRecordingsCount: 1, scorecard: true, wordspotting: true });
  expect(saved.wordspotting).toEqual(['uh/um', 'customer']);
  expect(saved.scorecard.questions.map((q) => q.label)).toContain('Storytelling');
  expect(saved.attachments).toEqual([
    expect.objectContaining({ name: 'Demo checklist', attachmentUrl: 'https://example.com/demo-checklist' }),
  ]);

  // The assigned copy in Pitch Practice (one per group, 002 section 2.7).
  const groups = await api<{ groupId: string; name: string }[]>(baseURL!, token, 'GET', '/groups');
  const pitch = groups.find((g) => g.name === 'Pitch Practice')!;
  const inGroup = await api<{ assignmentId: string; name: string; isTemplate: boolean }[]>(
    baseURL!,
    token,
    'GET',
    `/assignments?scope=group&groupId=${pitch.groupId}`,
  );
  const assigned = inGroup.find((a) => a.name === name && !a.isTemplate)!;
  expect(assigned).toBeTruthy();

  // The speaker records into it from the fake microphone; the title defaults to "{name} - v1".
  const speaker = await browser.newPage();
  await signIn(speaker, SPEAKER);
  await speaker.goto(`/record?assignmentId=${assigned.assignmentId}`);
  await speaker.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(speaker.getByTestId('record-timer')).toHaveText(/^00:0[6-9]\.\d$/, { timeout: 20_000 });
  await speaker.getByRole('button', { name: 'Stop' }).click();
  const form = speaker.getByRole('form', { name: 'Save your recording' });
  await expect(form.getByLabel('Title')).toHaveValue(`${name} - v1`);
  await form.getByRole('button', { name: 'Save' }).click();
  await speaker.waitForURL(new RegExp(`/evaluate/[0-9a-f-]{36}\\?assignmentId=${assigned.assignmentId}$`), { timeout: 30_000 });
  const recordingId = new URL(speaker.url()).pathname.split('/').pop()!;
  await speaker.close();

  // One recording meets the criteria: the coach sees the member's status change to Completed.
  await page.goto(`/assignment/details/${assigned.assignmentId}`);
  const member = page.locator('tr', { hasText: 'Jordan Presenter' }).first();
  await expect(member).toContainText('Completed');

  // The comparison chart over all recordings, once the analysis is in.
  await waitForResults(baseURL!, await apiSignIn(baseURL!, SPEAKER), recordingId);
  await page.reload();
  const report = page.locator('section.comparison-report');
  await report.getByLabel('Recordings').selectOption('scores');
  await expect(report.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await report.getByText('Show the values as a table').click();
  await expect(report.getByRole('row', { name: new RegExp(`Jordan Presenter: ${name} - v1`) })).toBeVisible();
  await shoot(page, '9-details-completed');

  // The CSV (002 section 9), parsed: a BOM, the columns, the speaker's row with '-' where no one rated.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download Report for ${name}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${name} \\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = parse(csv.slice(1), { relaxColumnCount: false }) as string[][];
  // The speaker's status and the due date follow the names (issue 41 item 8).
  expect(header!.slice(0, 8)).toEqual([
    'Last Name',
    'First Name',
    'Status',
    'Due Date',
    'Created',
    'Flagged for Review Date',
    'Title',
    'Duration',
  ]);
  const col = (h: string) => header!.indexOf(h);
  const sorted = [...rows].sort((a, b) => (a[0]! + a[1]!).localeCompare(b[0]! + b[1]!));
  expect(rows.map((r) => `${r[0]},${r[1]}`)).toEqual(sorted.map((r) => `${r[0]},${r[1]}`));
  const jordan = rows.find((r) => r[col('Last Name')] === 'Presenter' && r[col('First Name')] === 'Jordan')!;
  expect(jordan[col('Title')]).toBe(`${name} - v1`);
  expect(jordan[col('Duration')]).toMatch(/^\d{2}:\d{2}$/);
  expect(jordan[col('Flagged for Review Date')]).toBe('-');
  for (const r of rows) expect(r).toHaveLength(header!.length);
});

test('the editor refuses an empty name, unknown steps, unnamed and duplicate ratings, and an empty assignment', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await apiSignIn(baseURL!, COACH);
  const template = await api<{ assignmentId: string }>(baseURL!, token, 'POST', '/assignments', {
    name: `Checks ${run}`,
    description: 'Validation checks.',
    criteria: { algorithm: 'rostrum-default', scorecard: true },
  });
  const edit = (step: string | number) => `/assignments/edit/${template.assignmentId}/${step}`;
  await signIn(page, COACH);

  await page.goto('/assignments/create');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByText('Enter a name')).toBeVisible();
  await expect(page.getByText('Enter the instructions')).toBeVisible();
  await expect(page.getByLabel('Assignment name')).toBeFocused();
  await expect(page).toHaveURL(/\/assignments\/create$/);

  for (const step of ['3', 'x']) {
    await page.goto(edit(step));
    await expect(page.getByText(MSG.invalidStep)).toBeVisible();
  }
  await shoot(page, 'invalid-step');

  await page.goto(edit(4));
  await page.getByRole('button', { name: 'Add Rating' }).click();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(MSG.unnamed);
  await shoot(page, 'unnamed-rating');
  // OK has the focus: Enter closes the alert.
  await expect(alert.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(alert).toBeHidden();
  // Ids keep only letters, digits, dots and dashes (002 section 5): these two names are one id.
  await page.getByLabel('Rating 5 name').fill('STORY telling');
  await page.getByRole('button', { name: 'Add Rating' }).click();
  await page.getByLabel('Rating 6 name').fill('Storytelling');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(alert).toContainText(MSG.duplicate('Storytelling'));
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  // Nothing typed was lost, and nothing was saved.
  await expect(page.getByLabel('Rating 6 name')).toHaveValue('Storytelling');
  await expect(page).toHaveURL(new RegExp(`${edit(4)}$`));

  await page.goto(edit(7));
  await expect(page.getByRole('checkbox', { name: 'Pitch Practice' })).toBeVisible();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByTestId('assign-error')).toHaveText(MSG.noTarget);
  await shoot(page, 'assign-error');
});
