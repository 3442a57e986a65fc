import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, DEMO_PASSWORD, signInByApi } from './helpers';
import { SPEAKER, expectNoKeptTake } from './intake-helpers';

// Live cues while recording (issue 20): the fake microphone plays speech.wav (espeak-ng at 150
// wpm, about 4.5 syllables a second, few pauses); the Record tab's AudioWorklet meters it and
// measures pace and pausing as the engine does. The switch is remembered (liveCues preference).

const cuesSwitch = (page: Page) => page.getByRole('switch', { name: 'Live cues' });
const meter = (page: Page) => page.getByRole('meter', { name: 'Microphone level' });

/** Sets the switch and waits until the server has the preference. */
async function setCues(page: Page, on: boolean) {
  if ((await cuesSwitch(page).getAttribute('aria-checked')) === String(on)) return;
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/preferences') && r.request().method() === 'PUT');
  await cuesSwitch(page).click();
  expect((await saved).status()).toBe(200);
  await expect(cuesSwitch(page)).toHaveAttribute('aria-checked', String(on));
}

async function record(page: Page) {
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByText('Recording', { exact: true })).toBeVisible({ timeout: 8_000 });
}

/** Stops and discards the take, back to the Record button. */
async function discard(page: Page) {
  await page.getByRole('button', { name: 'Stop' }).click();
  const form = page.getByRole('form', { name: 'Save your recording' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('button', { name: 'Record', exact: true })).toBeVisible();
  await expectNoKeptTake(page);
}

test('live cues: the meter moves, a pace cue appears, and turning cues off hides them after a reload too', async ({ page }) => {
  test.setTimeout(90_000);
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/record');
  await expect(cuesSwitch(page)).toBeVisible();
  await setCues(page, true);
  await record(page);

  // The meter follows the speech: several different levels within a few seconds, none a warning.
  await expect(meter(page)).toBeVisible();
  const levels = new Set<string>();
  await expect
    .poll(
      async () => {
        levels.add((await meter(page).getAttribute('aria-valuenow')) ?? '');
        return [...levels].filter((l) => Number(l) > -60).length;
      },
      { timeout: 8_000, intervals: [150] },
    )
    .toBeGreaterThanOrEqual(3);
  await expect(page.getByText("We can't hear you — check your microphone.")).toHaveCount(0);
  await expect(page.getByText('Too loud — move back from the microphone.')).toHaveCount(0);

  // Until 6 s of speech were heard the cues wait; then the engine's pace band: 4.5 is good.
  await expect(page.getByText('Pace and pausing show after a few seconds of speech.')).toBeVisible();
  const live = page.getByRole('region', { name: 'Live cues' });
  await expect(live.getByText('Good pace')).toBeVisible({ timeout: 15_000 });
  await expect(live.getByText(/^\d\.\d syllables\/s$/)).toBeVisible();
  await expect(live.getByText(/^\d+% of speaking time$/)).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('.recorder').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // Off while recording: the cues go at once and the recording goes on.
  await setCues(page, false);
  await expect(live).toHaveCount(0);
  await expect(meter(page)).toHaveCount(0);
  await expect(page.getByTestId('record-timer')).toBeVisible();
  await discard(page);

  // Remembered: after a reload the switch is off and a new take shows no cues.
  await page.reload();
  await expect(cuesSwitch(page)).toHaveAttribute('aria-checked', 'false');
  await record(page);
  await expect(page.getByTestId('record-timer')).toHaveText(/^00:0[23]\.\d$/, { timeout: 10_000 });
  await expect(meter(page)).toHaveCount(0);
  await expect(page.getByText('Pace and pausing show after a few seconds of speech.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('button', { name: 'Go Back' }).click();

  // On again for the next run (the demo speaker's default).
  await setCues(page, true);
});
