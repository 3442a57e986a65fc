import type { Page } from '@playwright/test';
import { expect as baseExpect, signIn, test, shootSizes } from './helpers';
import { api, apiSignIn, talkWav, uploadRecording, waitForResults } from './results-helpers';

// The coach dashboard (spec 002 section 2.2) in the Summit demo org: Summit's speaker records into
// Elevator Pitch and flags it; Summit's coach uses every toggle, filter and sort, reloads to see
// each choice remembered, and opens a member to an assignment to the recording and plays it.

const expect = baseExpect.configure({ timeout: 20_000 });
const COACH = 'coach@summit.example';
const SPEAKER = 'speaker@summit.example';

// From the top, so the sticky navigation bar is not drawn over the middle of the page.
const shoot = (page: Page, name: string) =>
  shootSizes(page, name, { settleMs: 300, arrange: (p) => p.evaluate(() => window.scrollTo(0, 0)) });

/** The choices this spec changes, back to their defaults (other Summit specs read the coach's lists). */
const DEFAULTS = {
  coachDashboardToggle: 'assignments',
  templateToggle: 'all',
  coachAssFilter: 'recent',
  coachMemberSort: 'name-u',
  coachMemberAssSort: 'name-u',
};

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test('a coach uses every view, filter and sort, finds them remembered, and plays a member recording', async ({ page, baseURL }) => {
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

  // The speaker's recording in Elevator Pitch, flagged for review.
  // A title of its own, so a second run against the same server finds this run's recording.
  const title = `Dashboard pitch ${Date.now().toString(36).slice(-5)}`;
  const recordingId = await uploadRecording(baseURL!, speakerToken, talkWav(), { title });
  await waitForResults(baseURL!, speakerToken, recordingId);
  await api(baseURL!, speakerToken, 'POST', `/assignments/${pitch}/recordings`, { recordingId });
  await api(baseURL!, speakerToken, 'PUT', `/recordings/${recordingId}`, { submitted: true });
  await api(baseURL!, coachToken, 'PUT', '/me/preferences', {
    ...DEFAULTS,
    coachMemberAssFilters: { [groupId]: null },
    coachMemberRecFilters: { [groupId]: null },
  });

  try {
    await signIn(page, COACH);
    // Signing in lands on the dashboard (000 section 2.3).
    await expect(page).toHaveURL('/coach-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Coach Dashboard' })).toBeVisible({ timeout: 40_000 });
    await expect(page).toHaveTitle('Rostrum - Coach Dashboard');
    await expect(page.getByLabel('Invite code')).toHaveValue(/.+/);
    await expect(page.getByRole('link', { name: 'Create Assignment' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reorder Assignments' })).toBeVisible();
    const stats = page.getByRole('region', { name: 'Statistics' });
    await expect(stats.getByText('Total Recordings')).toBeVisible();
    await expect(page.getByTestId('assignment-card').filter({ hasText: 'Elevator Pitch' })).toBeVisible();
    await shoot(page, 'coach-dashboard-assignments');

    // Assignments filter, remembered.
    const assFilter = page.getByRole('group', { name: 'Assignment filter' });
    await assFilter.getByRole('radio', { name: 'All', exact: true }).click();
    await expect(assFilter.getByRole('radio', { name: 'All' })).toBeChecked();
    await page.waitForTimeout(500);
    await page.reload();
    await expect(page.getByRole('group', { name: 'Assignment filter' }).getByRole('radio', { name: 'All' })).toBeChecked();

    // Templates view and its filter, remembered.
    const views = page.getByRole('group', { name: 'Show' });
    await views.getByRole('radio', { name: 'Templates', exact: true }).click();
    const tplFilter = page.getByRole('group', { name: 'Template filter' });
    await tplFilter.getByRole('radio', { name: 'Shared', exact: true }).click();
    await expect(tplFilter.getByRole('radio', { name: 'Shared' })).toBeChecked();
    await expect(page.getByTestId('template-card').first()).toBeVisible();
    await page.waitForTimeout(500);
    await page.reload();
    await expect(page.getByRole('group', { name: 'Show' }).getByRole('radio', { name: 'Templates' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Template filter' }).getByRole('radio', { name: 'Shared' })).toBeChecked();
    await shoot(page, 'coach-dashboard-templates');
    await page.getByRole('group', { name: 'Template filter' }).getByRole('radio', { name: 'Private', exact: true }).click();
    await expect(page.getByRole('group', { name: 'Template filter' }).getByRole('radio', { name: 'Private' })).toBeChecked();

    // Members view: sort, filters, remembered.
    await page.getByRole('group', { name: 'Show' }).getByRole('radio', { name: 'Members', exact: true }).click();
    const members = page.getByRole('table', { name: 'Speakers of Pitch Practice' });
    await expect(members.getByRole('button', { name: /Jordan Presenter/ })).toBeVisible();
    await members.getByRole('button', { name: 'Recordings', exact: true }).click();
    await expect(members.getByRole('columnheader', { name: 'Recordings', exact: true })).toHaveAttribute('aria-sort', 'descending');
    await page.getByRole('group', { name: 'Assignment status filter' }).getByRole('radio', { name: 'All', exact: true }).click();
    await page.getByRole('group', { name: 'Recordings filter' }).getByRole('radio', { name: 'Flagged for Review', exact: true }).click();
    await expect(page.getByRole('group', { name: 'Recordings filter' }).getByRole('radio', { name: 'Flagged for Review' })).toBeChecked();
    await page.waitForTimeout(500);
    await page.reload();
    await expect(page.getByRole('group', { name: 'Show' }).getByRole('radio', { name: 'Members' })).toBeChecked();
    await expect(members.getByRole('columnheader', { name: 'Recordings', exact: true })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('group', { name: 'Assignment status filter' }).getByRole('radio', { name: 'All' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Recordings filter' }).getByRole('radio', { name: 'Flagged for Review' })).toBeChecked();

    // A member to their assignments, an assignment to its recordings, and play one.
    const jordan = members.getByRole('button', { name: /Jordan Presenter/ });
    await jordan.click();
    await expect(jordan).toHaveAttribute('aria-expanded', 'true');
    const assignments = page.getByRole('table', { name: 'Assignments of Jordan Presenter' });
    await assignments.getByRole('button', { name: 'Assignment', exact: true }).click();
    await expect(assignments.getByRole('columnheader', { name: 'Assignment' })).toHaveAttribute('aria-sort', 'descending');
    const row = assignments.getByRole('button', { name: /Elevator Pitch/ });
    await row.click();
    await expect(row).toHaveAttribute('aria-expanded', 'true');
    const recordings = page.getByRole('table', { name: 'Recordings of Jordan Presenter' });
    await expect(recordings.getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(recordings.getByText('Submitted to coach').first()).toBeVisible();
    await shoot(page, 'coach-dashboard-members');
    const audio = recordings.getByRole('row').filter({ hasText: title }).locator('audio');
    await audio.evaluate((el: HTMLAudioElement) => {
      el.muted = true;
      return el.play();
    });
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
  } finally {
    await api(baseURL!, coachToken, 'PUT', '/me/preferences', {
      ...DEFAULTS,
      coachMemberAssFilters: { [groupId]: null },
      coachMemberRecFilters: { [groupId]: null },
    });
  }
});
