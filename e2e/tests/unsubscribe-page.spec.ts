import fs from 'node:fs';
import path from 'node:path';
import { expect, test, notification, uniqueEmail, NORTHWIND_CODE } from './helpers';
import { apiGet, apiPost, apiSignIn, signUpSpeaker } from './history-helpers';

// 001 sections 2 and 8: the unsubscribe link of every email opens a page that needs no sign-in.

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The unsubscribe path in the newest email to `email`. */
async function readUnsubscribePath(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let found: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return undefined;
        for (const f of fs
          .readdirSync(outbox)
          .filter((n) => n.endsWith('.eml'))
          .sort()
          .reverse()) {
          const text = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, f), 'utf8'));
          if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue;
          found = text.match(/\/unsubscribe\/[A-Za-z0-9-]+/)?.[0];
          if (found) return found;
        }
        return undefined;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

test('the link in a feedback email turns every email notification off', async ({ page, baseURL }) => {
  // A new speaker records; the coach comments, which mails the speaker with the unsubscribe link.
  const email = uniqueEmail('unsubscribe');
  await signUpSpeaker(baseURL!, email, 'unsubscribe-pass-1', NORTHWIND_CODE);
  const speaker = await apiSignIn(baseURL!, email, 'unsubscribe-pass-1');
  const { recordingId } = await apiPost<{ recordingId: string }>(baseURL!, speaker.token, 'recordings', {
    title: 'Unsubscribe check',
    source: 'ui upload form',
    fileName: 'talk.wav',
  });
  const coach = await apiSignIn(baseURL!, 'coach@northwind.example');
  await apiPost(baseURL!, coach.token, 'feedback', { recordingId, comment: 'Nice opening.' });
  const unsubscribePath = await readUnsubscribePath(email);

  // Signed out: the basic bar, the settings link first, the button, the marketing note.
  await page.goto(unsubscribePath);
  await expect(page).toHaveTitle('Rostrum - Unsubscribe');
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await expect(page.getByText('Already have an account?')).toBeVisible();
  const settings = page.getByRole('link', { name: 'Email notification settings' });
  await expect(settings).toHaveAttribute('href', '/email-notifications');
  await expect(page.getByText('Marketing emails are managed separately.')).toBeVisible();
  await expect(page.getByText(/Rostrum itself sends no marketing email/)).toBeVisible();

  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/unsubscribe') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Disable all email notifications' }).click();
  expect((await sent).postDataJSON()).toEqual({ unsubscribeCode: unsubscribePath.split('/').pop() });
  await expect(notification(page)).toContainText("You're Unsubscribed!");
  await expect(page.getByRole('button', { name: 'All email notifications are off' })).toBeDisabled();

  const me = await apiGet<{ user: { emailPreferences: Record<string, string> } }>(baseURL!, speaker.token, 'me');
  expect(Object.values(me.user.emailPreferences).every((v) => v === '0')).toBe(true);

  // The settings link asks for sign-in first.
  await settings.click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Femail-notifications/);
});

test('an unknown code shows Unable to Unsubscribe', async ({ page }) => {
  await page.goto('/unsubscribe/00000000-0000-4000-8000-000000000000');
  await page.getByRole('button', { name: 'Disable all email notifications' }).click();
  await expect(notification(page)).toContainText('Unable to Unsubscribe');
  await expect(notification(page)).toContainText(
    'Please try unsubscribing within your account instead, using the first button on this page.',
  );
  await expect(page.getByRole('button', { name: 'Disable all email notifications' })).toBeEnabled();
});
