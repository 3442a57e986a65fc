import { expect as baseExpect, signIn, test, shootSizes, expectNoSeriousViolations } from './helpers';
import { api, apiSignIn, talkWav, uploadRecording, waitForResults } from './results-helpers';

// The coach's review queue (issue 41 item 7) in the Summit demo org: Summit's speaker flags one
// recording and shares another in Elevator Pitch; Summit's coach sees the count on the dashboard
// and in the bell, opens the queue from the navigation, reviews the first from it, follows
// "Next in queue" to the second, and sees both leave the queue.

const expect = baseExpect.configure({ timeout: 20_000 });
const COACH = 'coach@summit.example';
const SPEAKER = 'speaker@summit.example';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

// Summit's Elevator Pitch as the isolated lane's specs read it (its comparison report counts the
// flagged recordings): this spec's recordings are deleted afterwards, even after a failure.
const made: string[] = [];
test.afterAll(async ({ baseURL }) => {
  const token = await apiSignIn(baseURL!, SPEAKER);
  for (const id of made) await api(baseURL!, token, 'DELETE', `/recordings/${id}`);
});

test('a coach works through the review queue: count, list, review, next in queue', async ({ page, baseURL }) => {
  const coachToken = await apiSignIn(baseURL!, COACH);
  const speakerToken = await apiSignIn(baseURL!, SPEAKER);
  const groups = await api<{ groupId: string; name: string }[]>(baseURL!, coachToken, 'GET', '/groups');
  const groupId = groups.find((g) => g.name === 'Pitch Practice')!.groupId;
  const list = await api<{ assignmentId: string; name: string }[]>(
    baseURL!,
    coachToken,
    'GET',
    `/assignments?scope=group&groupId=${groupId}`,
  );
  const pitch = list.find((a) => a.name === 'Elevator Pitch')!.assignmentId;

  // Titles of this run's own, so a second run against the same server finds this run's recordings.
  const run = Date.now().toString(36).slice(-5);
  const flaggedTitle = `Queue flagged ${run}`;
  const sharedTitle = `Queue shared ${run}`;
  const flagged = await uploadRecording(baseURL!, speakerToken, talkWav(), { title: flaggedTitle });
  made.push(flagged);
  await waitForResults(baseURL!, speakerToken, flagged);
  await api(baseURL!, speakerToken, 'POST', `/assignments/${pitch}/recordings`, { recordingId: flagged });
  await api(baseURL!, speakerToken, 'PUT', `/recordings/${flagged}`, { submitted: true });
  // Shared a moment later, so it waits less long and comes after the flagged one.
  const shared = await uploadRecording(baseURL!, speakerToken, talkWav(), { title: sharedTitle });
  made.push(shared);
  await waitForResults(baseURL!, speakerToken, shared);
  await api(baseURL!, speakerToken, 'POST', `/assignments/${pitch}/recordings`, { recordingId: shared });
  await api(baseURL!, speakerToken, 'PUT', `/recordings/${shared}`, { feedbackRequested: true });
  const { count } = await api<{ count: number }>(baseURL!, coachToken, 'GET', '/review-queue/count');
  expect(count).toBeGreaterThanOrEqual(2);

  await signIn(page, COACH);
  await expect(page).toHaveURL('/coach-dashboard');
  // The dashboard's line, and the bell's entry (its badge stays the unread notices).
  await expect(page.getByTestId('review-queue-line')).toHaveText(`Waiting for your review: ${count}`);
  await page.getByTestId('notice-bell').click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByTestId('notice-review-queue')).toHaveText(`Waiting for your review: ${count}`);
  await page.keyboard.press('Escape');

  // The navigation's link beside Dashboard.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review Queue' }).click();
  await expect(page).toHaveURL('/review-queue');
  await expect(page).toHaveTitle('Rostrum - Review Queue');
  await expect(page.getByRole('heading', { level: 1, name: 'Review Queue' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Review Queue' });
  const flaggedRow = table.getByRole('row').filter({ hasText: flaggedTitle });
  const sharedRow = table.getByRole('row').filter({ hasText: sharedTitle });
  await expect(flaggedRow).toContainText('Jordan Presenter');
  await expect(flaggedRow).toContainText('Pitch Practice');
  await expect(flaggedRow).toContainText('Elevator Pitch');
  await expect(flaggedRow).toContainText('Flagged for review');
  await expect(sharedRow).toContainText('Shared with the group');
  await expect(flaggedRow.getByRole('cell').last()).toHaveText(/minute/);
  // Oldest first: the flagged one was handed in before the other was shared.
  const titles = await table.getByTestId('review-queue-link').allTextContents();
  expect(titles.indexOf(flaggedTitle)).toBeLessThan(titles.indexOf(sharedTitle));
  expect(titles.indexOf(sharedTitle)).toBe(titles.indexOf(flaggedTitle) + 1);
  await shootSizes(page, 'review-queue');
  await expectNoSeriousViolations(page);

  // Opened from the queue: the results page offers the next one, and the way back.
  await flaggedRow.getByRole('link', { name: flaggedTitle }).click();
  await expect(page).toHaveURL(`/evaluate/${flagged}?queue=1`);
  await expect(page.getByRole('heading', { level: 1, name: flaggedTitle })).toBeVisible({ timeout: 40_000 });
  await expect(page.getByTestId('results-back')).toHaveText(/Back to Review Queue/);
  const next = page.getByTestId('next-in-queue');
  await expect(next).toHaveAttribute('href', `/evaluate/${shared}?queue=1`);

  // The coach comments: the recording leaves the queue, and Next in queue still leads on.
  await page.getByLabel('Add a comment').fill('Clear opening; slow down before the ask.');
  await page.getByRole('button', { name: 'Add Comment' }).click();
  await expect(page.getByTestId('comment').filter({ hasText: 'Clear opening' })).toBeVisible();
  await expect(next).toHaveAttribute('href', `/evaluate/${shared}?queue=1`);
  await next.click();
  await expect(page).toHaveURL(`/evaluate/${shared}?queue=1`);
  await expect(page.getByRole('heading', { level: 1, name: sharedTitle })).toBeVisible({ timeout: 40_000 });

  // Back in the queue: the reviewed one is gone, the other still waits.
  await page.getByTestId('results-back').click();
  await expect(page).toHaveURL('/review-queue');
  await expect(table.getByRole('row').filter({ hasText: sharedTitle })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: flaggedTitle })).toHaveCount(0);

  // A speaker is not offered the queue: the address sends them to their landing page.
  await signIn(page, SPEAKER);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review Queue' })).toHaveCount(0);
  await page.goto('/review-queue');
  await expect(page).toHaveURL('/speaker-dashboard');

  // Leave nothing of this run waiting for the coach (other Summit specs read the coach's lists).
  await api(baseURL!, coachToken, 'POST', '/feedback', { recordingId: shared, comment: 'Thanks for sharing.' });
});
