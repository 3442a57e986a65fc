import { expect, test, DEMO_PASSWORD, signInByApi } from './helpers';
import { SPEAKER } from './intake-helpers';

test('the tab query preselects a tab; the Recorder App tab gives the limits', async ({ page }) => {
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/record?tab=app');
  await expect(page.getByRole('tab', { name: 'Recorder App' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Recorder App' });
  await expect(panel.getByText('At most 15 minutes long')).toBeVisible();
  await expect(panel.getByText('At most 200 MB')).toBeVisible();
  await expect(panel.getByText('Audio only, no video: .wav, .mp3 or .m4a')).toBeVisible();
  await panel.getByRole('link', { name: 'Upload File' }).click();
  await expect(page.getByRole('tab', { name: 'Upload File' })).toHaveAttribute('aria-selected', 'true');
});

test('a recording that cannot be retrieved sends the user to the list with the error', async ({ page }) => {
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/evaluate/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL('/evaluate');
  await expect(page.getByText('Error Retrieving Recording')).toBeVisible({ timeout: 5_000 });
  await expect(
    page.getByText(
      'This recording could not be retrieved. Most likely, it has either been deleted by the owner or you no longer have permission to view it.',
    ),
  ).toBeVisible();
});

test('a coach who reaches the record page is told why they cannot record, before any upload', async ({ page }) => {
  await signInByApi(page, 'coach@northwind.example', DEMO_PASSWORD, '/record?tab=file');
  const notice = page.getByTestId('cannot-record');
  await expect(notice.getByText('Recording needs an active speaker membership')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Upload File' })).toHaveCount(0);
  await notice.getByRole('link', { name: 'Go to Manage' }).click();
  await expect(page).toHaveURL('/manage');
});
