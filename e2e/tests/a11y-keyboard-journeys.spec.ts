import type { Locator, Page } from '@playwright/test';
import { apiSignUp, expect, notification, signInByApi, test, uniqueEmail } from './helpers';
import { expectResults } from './intake-helpers';
import { api, apiSignIn } from './results-helpers';

// Keyboard-only journeys (WCAG 2.1.1, 2.4.3 and 2.4.7; docs/accessibility.md): no click, only Tab,
// Shift+Tab, Enter, Space, arrow keys and typing. Each control is reached by pressing Tab from
// where the focus was, so a control the Tab order skips, or a focus that gets lost, fails the
// journey. In the fake-microphone browser (the isolated lane): the speaker records a take.

const SUMMIT_CODE = 'Summit-Speaking-Academy-Pitch-Practice';
const PASSWORD = 'a-good-password';
const COACH = 'coach@summit.example';
const run = Date.now().toString(36).slice(-5);

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement)) {
      // A visible focus indicator (2.4.7): the focused control draws an outline or a ring.
      const ring = await target.evaluate((el) => {
        const s = getComputedStyle(el);
        return (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
      });
      expect(ring, 'the focused control shows where the focus is').toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${target}`);
}

test('a new speaker records a take, plays it, reads the scores and comments on it with the keyboard only', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('keyboard');
  await apiSignUp(baseURL!, { code: SUMMIT_CODE, email, password: PASSWORD, firstName: 'Kai', lastName: 'Keys' });
  await signInByApi(page, email, PASSWORD, '/record');

  // Record: the skip link first, then the recorder's button.
  await tabTo(page, page.getByRole('link', { name: 'Skip to content' }));
  await page.keyboard.press('Enter');
  const record = page.getByRole('button', { name: 'Record', exact: true });
  await tabTo(page, record);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Recording', { exact: true })).toBeVisible({ timeout: 6_000 });
  await expect(page.getByTestId('record-timer')).toHaveText(/^00:0[89]\.\d$/, { timeout: 15_000 });
  const stop = page.getByRole('button', { name: 'Stop' });
  if (!(await stop.evaluate((el) => el === document.activeElement))) await tabTo(page, stop, { back: true });
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Save your recording' });
  const title = form.getByLabel('Title');
  await tabTo(page, title, { back: true });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(`Keyboard take ${run}`);
  await tabTo(page, form.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expectResults(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Keyboard take ${run}`);

  // Results: play with the player's button, pause and skip with its keys.
  const timer = page.getByTestId('waveform-timer');
  const player = page.getByTestId('waveform');
  const play = player.getByRole('button', { name: 'Play', exact: true });
  await tabTo(page, play);
  await page.keyboard.press('Enter');
  await expect(timer).not.toHaveText(/^00:00\.0 /);
  await page.keyboard.press('p');
  await expect(play).toBeVisible();
  const before = await timer.textContent();
  await page.keyboard.press('f');
  await expect(timer).not.toHaveText(before!);
  // The single-key shortcuts can be turned off (2.1.4), and then a stray p plays nothing.
  await tabTo(page, page.getByRole('button', { name: 'Turn off these keys' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('The single-key shortcuts are off.')).toBeVisible();
  const still = await timer.textContent();
  await page.keyboard.press('p');
  await page.waitForTimeout(600);
  await expect(timer).toHaveText(still!);
  await expect(play).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn them on' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Turn off these keys' })).toBeVisible();

  // The score groups open with Enter; the details' tabs move with the arrow keys.
  await tabTo(page, page.getByRole('button', { name: 'Open all scores' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Fold all scores' })).toBeFocused();
  // What a screen reader is told of the pictures: the waveform and each chart by name and value.
  await expect(player.getByRole('img', { name: /^Waveform of the recording, 00:\d\d\.\d long$/ })).toBeAttached();
  await expect(page.getByRole('img', { name: /^Vocal Delivery: \d+\.\d out of 10$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Pace: [\d.]+ syllables\/s, / })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Variety of Pitch: \d+% of segments in the ideal band$/ })).toBeVisible();
  await tabTo(page, page.getByRole('tab', { name: 'Transcript' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Next Steps' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Next Steps' })).toHaveAttribute('aria-selected', 'true');

  // Feedback: type a comment and add it with Enter on the button.
  const comment = `Slower on the opening line, please (${run}).`;
  await tabTo(page, page.getByRole('textbox', { name: 'Add a comment' }));
  await page.keyboard.type(comment);
  await tabTo(page, page.getByRole('button', { name: 'Add Comment' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Feedback' })).toContainText(comment);
});

test.describe('the assignment editor', () => {
  const name = `Keyboard pitch ${run}`;

  test.afterAll(async ({ baseURL }) => {
    const token = await apiSignIn(baseURL!, COACH);
    const groups = await api<{ groupId: string; name: string }[]>(baseURL!, token, 'GET', '/groups');
    const pitch = groups.find((g) => g.name === 'Pitch Practice')!;
    const made = [
      ...(await api<{ assignmentId: string; name: string; isTemplate: boolean }[]>(
        baseURL!,
        token,
        'GET',
        `/assignments?scope=group&groupId=${pitch.groupId}`,
      )),
      ...(await api<{ assignmentId: string; name: string; isTemplate: boolean }[]>(baseURL!, token, 'GET', '/assignments?scope=templates')),
    ].filter((a) => a.name === name);
    // The assigned copy is archived; the template, which cannot be, is deleted.
    for (const a of made) {
      if (a.isTemplate) await api(baseURL!, token, 'DELETE', `/assignments/${a.assignmentId}`);
      else await api(baseURL!, token, 'PATCH', `/assignments/${a.assignmentId}`, { archived: true });
    }
  });

  test('a coach writes an assignment and assigns it to a group with the keyboard only', async ({ page }) => {
    test.setTimeout(120_000);
    await signInByApi(page, COACH, undefined, '/assignments/create');
    const step = (heading: string) => expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();

    await tabTo(page, page.getByLabel('Assignment name'));
    await page.keyboard.type(name);
    await tabTo(page, page.getByLabel('Instructions'));
    await page.keyboard.type('Pitch your idea in a minute, to a customer who has never heard of it.');
    await tabTo(page, page.getByRole('button', { name: 'Save and Continue' }));
    await page.keyboard.press('Enter');

    await step('Criteria');
    const minimum = page.getByRole('checkbox', { name: 'Minimum number of recordings' });
    await tabTo(page, minimum, { back: true });
    await page.keyboard.press('Space');
    await expect(minimum).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Save and Continue' }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
    await page.keyboard.press('Enter');
    await step('Assignment Saved to Templates');
    await tabTo(page, page.getByRole('button', { name: 'ASSIGN' }));
    await page.keyboard.press('Enter');

    await step('Assign');
    const group = page.getByRole('checkbox', { name: 'Pitch Practice' });
    await tabTo(page, group);
    await page.keyboard.press('Space');
    await expect(group).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Assign', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/coach-dashboard$/);
    await expect(notification(page)).toContainText(`${name} is assigned to Pitch Practice.`);
  });
});
