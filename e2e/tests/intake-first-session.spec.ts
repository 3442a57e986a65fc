import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { apiSignUp, expect, shootSizes, signInByApi, test, uniqueEmail } from './helpers';
import { expectResults } from './intake-helpers';

// The first session and the practice loop (issue 41): a new speaker is welcomed with a choice of
// their assignments or a practice prompt, records the prompt with its target length in view, and
// records another take of it from the results. In the fake-microphone browser (the isolated lane).

const SUMMIT_CODE = 'Summit-Speaking-Academy-Pitch-Practice';
const PASSWORD = 'a-good-password';

async function noSeriousViolations(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Records about 8 seconds from the fake microphone, then stops; the save form shows. */
async function recordEightSeconds(page: Page, click: (l: Locator) => Promise<void>): Promise<Locator> {
  await click(page.getByRole('button', { name: 'Record', exact: true }));
  await expect(page.getByText('Recording', { exact: true })).toBeVisible({ timeout: 6_000 });
  const target = page.getByTestId('target-length');
  await expect(target).toContainText('Target about 1 min 30 s');
  await expect(target.getByRole('meter', { name: 'Time against the suggested length' })).toHaveAttribute('max', '90');
  await expect(page.getByTestId('record-timer')).toHaveText(/^00:0[89]\.\d$/, { timeout: 15_000 });
  await click(page.getByRole('button', { name: 'Stop' }));
  const form = page.getByRole('form', { name: 'Save your recording' });
  await expect(form).toBeVisible();
  return form;
}

test('a new speaker is welcomed, practises a prompt with its target length, and records another take of it', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('first-session');
  await apiSignUp(baseURL!, { code: SUMMIT_CODE, email, password: PASSWORD, firstName: 'Fran', lastName: 'First' });
  await signInByApi(page, email, PASSWORD, '/home');

  // Every click of the journey, from the welcome to the second take's results.
  let clicks = 0;
  const click = async (l: Locator) => {
    clicks += 1;
    await l.click();
  };

  await expect(page.getByRole('heading', { level: 1, name: 'Record. Review. Improve.' })).toBeVisible();
  const welcome = page.getByTestId('welcome');
  await expect(welcome.getByRole('heading', { name: 'Welcome, Fran!' })).toBeVisible();
  await expect(welcome).toContainText('Your first take is a minute away.');
  // Summit's open assignments first, each with its instructions and a Record link.
  const assignments = welcome.getByRole('region', { name: 'Your assignments' });
  await expect(assignments.getByRole('link', { name: 'Record for this assignment: Elevator Pitch' })).toBeVisible();
  await expect(welcome.getByRole('heading', { name: 'Or practise with a prompt' })).toBeVisible();
  await shootSizes(page, 'first-session-welcome');
  await noSeriousViolations(page);

  // One prompt of each kind first, then every one on request; the category filter narrows them.
  const prompts = welcome.getByRole('list', { name: 'Practice prompts' });
  await expect(prompts.getByRole('listitem')).toHaveCount(6);
  await expect(prompts.getByRole('heading').first()).toHaveText('Introduce yourself in a minute');
  await welcome.getByRole('button', { name: 'Show all 33 prompts' }).click();
  await expect(prompts.getByRole('listitem')).toHaveCount(33);
  await click(welcome.getByRole('radio', { name: 'Interview answer' }));
  await expect(welcome.getByRole('radio', { name: 'Interview answer' })).toBeChecked();
  await expect(prompts.getByRole('listitem')).toHaveCount(6);
  await expect(prompts.getByRole('heading', { name: 'Introduce yourself in a minute' })).toHaveCount(0);
  await click(prompts.getByRole('link', { name: 'Practise this: Tell me about yourself' }));

  await expect(page).toHaveURL(/\/record\?promptId=[0-9a-f-]{36}$/);
  const card = page.getByTestId('prompt-card');
  await expect(card.getByRole('heading', { name: 'Tell me about yourself' })).toBeVisible();
  await expect(card).toContainText('Aim for about 1 min 30 s');
  await shootSizes(page, 'first-session-record-prompt');
  await noSeriousViolations(page);

  let form = await recordEightSeconds(page, click);
  await expect(form.getByLabel('Title')).toHaveValue('Tell me about yourself - v1');
  await click(form.getByRole('button', { name: 'Save' }));
  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Tell me about yourself - v1' })).toBeVisible();
  await expectResults(page);
  // The first take has nothing to compare with.
  await expect(page.getByTestId('compare-previous')).toHaveCount(0);

  // After the first results, a short tour rings the score, the fixes and Record another take. It
  // sits in the page's flow, so the journey needs none of its clicks (they are not counted).
  const tour = page.getByTestId('first-results-tour');
  await expect(tour.getByRole('heading', { name: 'Your Vibe score' })).toBeVisible();
  await expect(tour).toContainText('Your first results · 1 of 3');
  await expect(page.getByTestId('take-summary-score')).toHaveClass(/\btour-target\b/);
  await shootSizes(page, 'first-session-tour');
  await noSeriousViolations(page);
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByRole('heading', { name: 'Three things to work on' })).toBeVisible();
  await expect(page.getByTestId('focus-on')).toHaveClass(/\btour-target\b/);
  await expect(page.getByTestId('take-summary-score')).not.toHaveClass(/\btour-target\b/);
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByRole('heading', { name: 'Record another take' })).toBeVisible();
  await expect(page.getByTestId('record-again')).toHaveClass(/\btour-target\b/);
  await expect(tour.getByRole('button', { name: 'Skip tour' })).toHaveCount(0);
  await tour.getByRole('button', { name: 'Done' }).click();
  await expect(tour).toHaveCount(0);
  await expect(page.getByTestId('record-again')).not.toHaveClass(/\btour-target\b/);
  // Remembered: not shown again.
  await page.reload();
  await expect(page.getByTestId('take-summary-score')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('first-results-tour')).toHaveCount(0);

  await click(page.getByRole('link', { name: 'Record another take' }));
  await expect(page).toHaveURL(/\/record\?promptId=[0-9a-f-]{36}$/);
  form = await recordEightSeconds(page, click);
  await expect(form.getByLabel('Title')).toHaveValue('Tell me about yourself - v2');
  await click(form.getByRole('button', { name: 'Save' }));
  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Tell me about yourself - v2' })).toBeVisible();
  await expectResults(page);
  // The second take's summary compares it with the first, inline, and links to the full comparison.
  const changes = page.getByTestId('take-changes');
  await expect(changes.getByRole('heading', { name: 'Since your previous take' })).toBeVisible();
  await expect(changes).toContainText('Against Tell me about yourself - v1:');
  // What moved shows first; every score on request (the fake microphone's takes differ a little).
  const showAll = changes.getByRole('button', { name: /^Show all \d+ scores$/ });
  if (await showAll.count()) await showAll.click();
  await expect(changes.getByRole('row', { name: /^Vocal Delivery/ })).toBeVisible();
  await expect(page.getByTestId('vibe-change')).toContainText('since the previous take');
  await expect(page.getByTestId('compare-previous')).toBeVisible();
  await shootSizes(page, 'first-session-second-take');
  await noSeriousViolations(page);
  // Welcome to second results: filter, prompt, Record, Stop, Save; Record another take, Record, Stop, Save.
  expect(clicks).toBe(9);
  test.info().annotations.push({ type: 'clicks', description: String(clicks) });

  // With a recording, /home opens the newest one's results instead of the welcome.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Tell me about yourself - v2' })).toBeVisible();
});

test('a prompt no longer offered says so and leads to the practice prompts', async ({ page, baseURL }) => {
  const email = uniqueEmail('again');
  await apiSignUp(baseURL!, { code: SUMMIT_CODE, email, password: PASSWORD, firstName: 'Ari', lastName: 'Again' });
  await signInByApi(page, email, PASSWORD, '/record?promptId=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('status').filter({ hasText: 'This practice prompt is no longer offered' })).toBeVisible();
  await page.getByRole('link', { name: 'Choose another prompt' }).click();
  await expect(page).toHaveURL('/practice');
  await expect(page.getByRole('heading', { level: 1, name: 'Practice prompts' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Practice prompts' }).getByRole('listitem')).toHaveCount(33);
  await shootSizes(page, 'practice-prompts');
  await noSeriousViolations(page);
});

test('an admin adds a prompt and hides another; speakers see the change', async ({ browser, page }) => {
  await signInByApi(page, 'admin@summit.example', 'rostrum-demo', '/customer-admin/practice-prompts');
  const table = page.getByRole('table', { name: 'Practice prompts' });
  await expect(table.getByRole('row')).toHaveCount(34);
  await page.getByRole('button', { name: 'Add Prompt' }).click();
  const form = page.getByRole('form', { name: 'Add Prompt' });
  await form.getByRole('button', { name: 'Add Prompt' }).click();
  await expect(form.getByText('Give the prompt a title')).toBeVisible();
  await expect(form.getByText('Say what the speaker should talk about')).toBeVisible();
  await form.getByLabel('Title').fill('Welcome a new colleague');
  await form.getByLabel('Instructions').fill('Greet a new team member and tell them the three things you wish you had known.');
  await form.getByLabel('Kind').selectOption({ label: 'Storytelling' });
  await form.getByLabel('Suggested length').selectOption({ label: '2 min' });
  await form.getByRole('button', { name: 'Add Prompt' }).click();
  await expect(table.getByRole('row', { name: /Welcome a new colleague/ })).toBeVisible();
  await table.getByRole('button', { name: 'Hide prompt One superpower' }).click();
  await expect(table.getByRole('row', { name: /One superpower/ })).toContainText('Hidden');
  await shootSizes(page, 'admin-practice-prompts');
  await noSeriousViolations(page);

  const speaker = await browser.newPage();
  await signInByApi(speaker, 'speaker@summit.example', 'rostrum-demo', '/practice');
  const list = speaker.getByRole('list', { name: 'Practice prompts' });
  await expect(list.getByRole('heading', { name: 'Welcome a new colleague' })).toBeVisible();
  await expect(list.getByRole('heading', { name: 'One superpower' })).toHaveCount(0);
  // The editor's link follows the server's canEdit: speakers get none, the organisation's admins do.
  await expect(speaker.getByRole('link', { name: 'Edit prompts' })).toHaveCount(0);
  await speaker.close();

  // Offered again, so the library is as it was for the specs after this one.
  await table.getByRole('button', { name: 'Offer prompt One superpower' }).click();
  await expect(table.getByRole('row', { name: /One superpower/ })).toContainText('Offered');
  await page.goto('/practice');
  await page.getByRole('link', { name: 'Edit prompts' }).click();
  await expect(page).toHaveURL('/customer-admin/practice-prompts');
});
