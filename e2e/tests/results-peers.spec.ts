import type { Browser, Page } from '@playwright/test';
import { NORTHWIND_CODE, apiSignUp, expect, notification, signInByApi, test, uniqueEmail } from './helpers';
import { COACH, PASSWORD, apiSignIn, talkWav, uploadRecording, waitForResults } from './results-helpers';

// Peer visibility on the results page (spec 001 sections 4 and 6): Sales Team has coach privacy
// level 1 and speaker privacy level 2, so a shared recording is open to the group's speakers,
// who see each other's comments but not the coach's; the owner sees everything; unsharing
// closes the page to peers.

const COACH_TEXT = 'Coach note: your opening is strong, keep that energy.';
const PEER_TEXT = 'Peer note: I liked the agenda idea a lot.';
const TITLE = `Peer visibility talk ${Date.now().toString(36).slice(-5)}`;

async function api(baseURL: string, token: string, method: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${baseURL}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} ${res.status} ${await res.text()}`);
}

/** A new Northwind speaker signed up through the API and signed in on `page`, with an API token. */
async function newSpeaker(page: Page, baseURL: string, firstName: string): Promise<string> {
  const email = uniqueEmail(`peer-${firstName.toLowerCase()}`);
  await apiSignUp(baseURL, { code: NORTHWIND_CODE, email, password: PASSWORD, firstName, lastName: 'Peer' });
  await signInByApi(page, email, PASSWORD, '/home');
  return apiSignIn(baseURL, email);
}

async function contextPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

async function openRecording(page: Page, id: string): Promise<void> {
  await page.goto(`/evaluate/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByTestId('comment-count')).toBeVisible();
}

const comment = (page: Page, text: string) => page.getByTestId('comment').filter({ hasText: text });

test('peers see peer comments but not coach feedback; unsharing closes the page to them', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A uploads a recording and shares it with the group.
  const pageA = await contextPage(browser);
  const tokenA = await newSpeaker(pageA, baseURL!, 'Avery');
  const id = await uploadRecording(baseURL!, tokenA, talkWav(), { title: TITLE });
  await waitForResults(baseURL!, tokenA, id);
  await api(baseURL!, tokenA, 'PUT', `/recordings/${id}`, { feedbackRequested: true });

  // The coach and peer B comment through the API.
  await api(baseURL!, await apiSignIn(baseURL!, COACH), 'POST', '/feedback', { recordingId: id, comment: COACH_TEXT });
  const pageB = await contextPage(browser);
  const tokenB = await newSpeaker(pageB, baseURL!, 'Blake');
  await api(baseURL!, tokenB, 'POST', '/feedback', { recordingId: id, comment: PEER_TEXT });

  // B sees B's own comment, not the coach's (level 2 hides coach feedback from peers).
  await openRecording(pageB, id);
  await expect(pageB.getByTestId('recording-owner')).toHaveText('Sales Team · Avery Peer');
  await expect(comment(pageB, PEER_TEXT)).toBeVisible();
  await expect(comment(pageB, PEER_TEXT).getByText('Coach feedback')).toHaveCount(0);
  await expect(comment(pageB, COACH_TEXT)).toHaveCount(0);
  await expect(pageB.getByText(COACH_TEXT)).toHaveCount(0);

  // A, the owner, sees both; the coach's is labelled.
  await openRecording(pageA, id);
  await expect(comment(pageA, PEER_TEXT)).toBeVisible();
  await expect(comment(pageA, COACH_TEXT)).toBeVisible();
  await expect(comment(pageA, COACH_TEXT).getByText('Coach feedback')).toBeVisible();
  await expect(pageA.getByTestId('comment-count')).toHaveText('2');
  await expect(pageA.getByTestId('recording-owner')).toHaveCount(0);

  // A third speaker C sees B's comment but not the coach's.
  await newSpeaker(page, baseURL!, 'Casey');
  await openRecording(page, id);
  await expect(comment(page, PEER_TEXT)).toBeVisible();
  await expect(page.getByText(COACH_TEXT)).toHaveCount(0);

  // A unshares: C is sent back to the list and told the recording cannot be retrieved.
  await api(baseURL!, tokenA, 'PUT', `/recordings/${id}`, { feedbackRequested: false });
  await page.goto(`/evaluate/${id}`);
  await expect(page).toHaveURL(/\/evaluate$/);
  await expect(notification(page)).toContainText('Error Retrieving Recording', { timeout: 10_000 });
  await expect(notification(page)).toContainText(
    'This recording could not be retrieved. Most likely, it has either been deleted by the owner or you no longer have permission to view it.',
  );
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toHaveCount(0);

  await pageA.context().close();
  await pageB.context().close();
});
