import type { Page } from '@playwright/test';
import { expect, notification, test, signInByApi, shot } from './helpers';
import { apiSignIn, talkWav, uploadRecording, waitForResults } from './results-helpers';

// Move to Assignment and custom scorecards (spec 001 sections 2 to 8) in the Summit demo org,
// which has Assignments on: "Elevator Pitch" (single speaker, a scorecard with Storytelling and
// Call to Action) and "Client Discovery Call" (multi-speaker).

const SPEAKER = 'speaker@summit.example';
const COACH = 'coach@summit.example';
const TITLE = `Pitch practice ${Date.now().toString(36).slice(-5)}`;

async function openRecording(page: Page, id: string): Promise<void> {
  await page.goto(`/evaluate/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByTestId('take-summary-score')).toBeVisible({ timeout: 15_000 });
}

async function rate(page: Page, label: string, value: string): Promise<void> {
  await page.getByRole('radiogroup', { name: label }).getByRole('radio', { name: value, exact: true }).check();
}

test('a speaker moves a recording into an assignment; the coach rates it with the custom scorecard', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const token = await apiSignIn(baseURL!, SPEAKER);
  const id = await uploadRecording(baseURL!, token, talkWav(), { title: TITLE });
  await waitForResults(baseURL!, token, id);

  await signInByApi(page, SPEAKER);
  await openRecording(page, id);
  // Private until it is part of an assignment: no sharing or flagging yet.
  await expect(page.getByTestId('needs-assignment')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Share with Entire Group' })).toHaveCount(0);

  // The picker lists the assignment name and group; the speaker type must match.
  await page.getByRole('button', { name: 'Move to Assignment' }).click();
  const discovery = page.getByRole('option', { name: /Client Discovery Call/ });
  await expect(discovery).toContainText('Pitch Practice');
  await expect(discovery).toContainText('Multi-Speaker');
  await discovery.click();
  await expect(notification(page)).toContainText('Unable to Use This Assignment');
  await expect(notification(page)).toContainText(
    'This assignment only accepts recordings with a single speaker and this recording contains multiple speakers (or vice versa).',
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A confirmation first; cancelling changes nothing.
  await page.getByRole('button', { name: 'Move to Assignment' }).click();
  await page.getByRole('combobox', { name: 'Search assignments' }).fill('elev');
  // Scoped to the picker's list: the page's other selects (the share link's expiry) have options too.
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move to Assignment' });
  await expect(dialog).toContainText(
    'Are you sure you want to assign this recording to "Elevator Pitch"? This operation cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('recording-assignment')).toHaveCount(0);

  await page.getByRole('button', { name: 'Move to Assignment' }).click();
  await page.getByRole('option', { name: /Elevator Pitch/ }).click();
  await page.getByRole('dialog', { name: 'Move to Assignment' }).getByRole('button', { name: 'Move' }).click();
  await expect(notification(page)).toContainText('Moved to Assignment');
  await expect(page.getByTestId('recording-assignment')).toHaveText('Elevator Pitch');
  await expect(page.getByRole('button', { name: 'Move to Assignment' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Share with Entire Group' })).toBeVisible();
  await expect(page.getByTestId('needs-assignment')).toHaveCount(0);

  // The coach scores with the scorecard: the presets, then Storytelling and Call to Action.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const coach = await context.newPage();
  await signInByApi(coach, COACH);
  await openRecording(coach, id);
  await coach.getByRole('tab', { name: 'Add a Score' }).click();
  await expect(coach.getByText('Does the pitch tell a story the listener can picture?')).toBeVisible();
  for (const [label, v] of [
    ['Overall', '8'],
    ['Organization and Content', '7'],
    ['Vocal Delivery', '9'],
    ['X Factor', '6'],
    ['Storytelling', '9'],
  ] as const) {
    await rate(coach, label, v);
  }
  await coach.getByRole('button', { name: 'Submit Scores' }).click();
  await expect(coach.getByText('Choose a score from 1 to 10.')).toBeVisible();
  await rate(coach, 'Call to Action', '7');
  await coach.getByRole('button', { name: 'Submit Scores' }).click();
  await expect(coach.getByRole('heading', { name: 'Your scores' })).toBeVisible();
  await expect(coach.locator('.my-scores__list')).toContainText('Storytelling');
  await context.close();

  // The speaker sees the scorecard with the coach's ratings.
  await page.reload();
  await expect(page.getByTestId('take-summary-score')).toBeVisible({ timeout: 15_000 });
  // The owner never adds a score: the tab shows the scores under "Scores" (001 section 6).
  await page.getByRole('tab', { name: 'Scores', exact: true }).click();
  const card = page.getByTestId('score-averages');
  await expect(page.getByRole('heading', { name: 'Scorecard' })).toBeVisible();
  await expect(card.getByRole('row', { name: /^Storytelling/ })).toContainText('9.00');
  await expect(card.getByRole('row', { name: /^Call to Action/ })).toContainText('7.00');
  await expect(card.getByRole('row', { name: /^Overall/ })).toContainText('8.00');
  await expect(page.getByRole('button', { name: 'Submit Scores' })).toHaveCount(0);
  await shot(page, { path: '.tmp/shots/results-assignment-1280.png', fullPage: false });
});
