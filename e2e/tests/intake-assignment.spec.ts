import type { Page } from '@playwright/test';
import { expect, signIn, test, shootSizes } from './helpers';
import { media } from './intake-helpers';
import { apiSignIn } from './results-helpers';

// Record into an assignment (001 sections 2 and 4) in the Summit demo org (Assignments on): the
// speaker opens /record?assignmentId= for "Elevator Pitch", records with the fake microphone, sees
// the default title and lands on the results, which lead back to the assignment.

const SPEAKER = 'speaker@summit.example';

const shoot = (page: Page, name: string) => shootSizes(page, name, { settleMs: 200 });

test('a speaker records into an assignment with its default title; the recording joins it', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const token = await apiSignIn(baseURL!, SPEAKER);
  const auth = { Authorization: `Bearer ${token}` };
  const listed = (await (await fetch(`${baseURL}/api/v1/assignments?scope=assigned`, { headers: auth })).json()) as {
    data: { assignmentId: string; name: string }[];
  };
  const pitch = listed.data.find((a) => a.name === 'Elevator Pitch')!;
  expect(pitch).toBeTruthy();
  // The next unused "Elevator Pitch - vN" (other specs add recordings to this assignment too).
  const mine = (await (await fetch(`${baseURL}/api/v1/recordings`, { headers: auth })).json()) as { data: { title: string }[] };
  let n = 1;
  while (mine.data.some((r) => r.title === `Elevator Pitch - v${n}`)) n++;
  const title = `Elevator Pitch - v${n}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, SPEAKER);
  // The speaker dashboard links Record for the assignment.
  await page.goto('/speaker-dashboard');
  const card = page.getByTestId('speaker-assignments').getByTestId('assignment-card').filter({ hasText: 'Elevator Pitch' });
  // Other specs may already have recorded into it: the card shows the speaker's own status.
  await expect(card).toContainText(/Not Started|In Progress|Completed/);
  await shoot(page, 'speaker-assignments-tab');
  await card.getByRole('link', { name: 'Record (Single Speaker)' }).click();
  await expect(page).toHaveURL(`/record?assignmentId=${pitch.assignmentId}`);
  await expect(page.getByRole('tabpanel')).toContainText('It goes into Elevator Pitch (Pitch Practice).');

  // Upload File keeps the choice in the address; the form shows the assignment at once.
  await page.getByRole('tab', { name: 'Upload File' }).click();
  await expect(page).toHaveURL(`/record?tab=file&assignmentId=${pitch.assignmentId}`);
  const form = page.getByRole('form', { name: 'Upload a file' });
  await expect(form.getByLabel('Title')).toHaveValue(title);
  await expect(form.getByRole('radio', { name: 'Assignment' })).toBeChecked();
  await expect(form.getByRole('combobox', { name: 'Assignment' })).toHaveValue(pitch.assignmentId);
  // The assignment takes one speaker: Multi-Speaker is refused with the spec's message.
  await form.getByRole('radio', { name: 'Multi-Speaker' }).click();
  await expect(form.getByText('Unable to Use This Assignment')).toBeVisible();
  await expect(form.getByRole('radio', { name: 'One Speaker' })).toBeChecked();
  // Private clears the default title; back to Assignment returns to Elevator Pitch (not the
  // newest assignment, which other specs may have added) and brings its title again.
  await form.getByRole('radio', { name: 'Private' }).check();
  await expect(form.getByLabel('Title')).toHaveValue('');
  // Private says truthfully who hears it: Pitch Practice's coach level is Low (issue 41).
  await expect(form.getByTestId('private-note')).toHaveText(
    'A private recording is in no assignment, but it is not hidden: in this group your coach hears every recording, this one too.',
  );
  await form.getByRole('radio', { name: 'Assignment' }).check();
  await expect(form.getByRole('combobox', { name: 'Assignment' })).toHaveValue(pitch.assignmentId);
  await expect(form.getByLabel('Title')).toHaveValue(title);
  await shoot(page, 'record-into-assignment');

  await form.locator('input[type=file]').setInputFiles(media('speech.wav'));
  await form.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/evaluate/[0-9a-f-]{36}\\?assignmentId=${pitch.assignmentId}$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('recording-assignment')).toHaveText('Elevator Pitch');
  const back = page.getByTestId('results-back');
  await expect(back).toHaveText('Back to Assignment');
  await expect(back).toHaveAttribute('href', `/assignment/details/${pitch.assignmentId}`);

  const id = new URL(page.url()).pathname.split('/').pop()!;
  const rec = (await (await fetch(`${baseURL}/api/v1/recordings/${id}`, { headers: auth })).json()) as { data: { assignmentId: string } };
  expect(rec.data.assignmentId).toBe(pitch.assignmentId);
});
