import AxeBuilder from '@axe-core/playwright';
import { DEMO_PASSWORD, expect, signInByApi, test, shot } from './helpers';
import { expectResults, uniqueTitle } from './intake-helpers';
import { zoomStandInPort } from '../zoom/stand-in-port';

// The Zoom import (002 sections 2.12, 5, 8 and 9) against the local Zoom stand-in
// (apps/server/src/test/zoom-stand-in.ts): Riverside has Zoom_Integration on in the demo seed and
// the server runs with the stand-in's keys. The journey links the student's Zoom account through
// the stand-in's authorisation page, imports a meeting's audio trimmed and named, lands on the
// real results, sees a silent meeting fail with the Zoom retry hint, and disconnects Zoom on the
// account settings.

const STUDENT = 'student@riverside.example';

test.describe.configure({ mode: 'serial' });

test('a code Zoom did not give shows the link-failure confirm, whose OK goes to Zoom', async ({ page, baseURL }) => {
  await signInByApi(page, STUDENT, DEMO_PASSWORD, '/zoom-loading?code=forged&state=forged');
  const dialog = page.getByRole('dialog', { name: 'Link your Zoom account' });
  await expect(dialog).toContainText('Your Zoom account was unable to be linked to the product. Please click OK to try again.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${zoomStandInPort(baseURL!)}/oauth/authorize\\?`));
  await expect(page.getByRole('heading', { name: 'Allow Rostrum to read your cloud recordings?' })).toBeVisible();
});

test('Upload ZOOM: link the account, pick a meeting, trim, name, process, see the results; a failed import hints at Zoom; disconnect', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  await signInByApi(page, STUDENT, DEMO_PASSWORD, '/record');
  await page.getByRole('tab', { name: 'Upload ZOOM' }).click();
  await expect(page).toHaveURL(/\/zoom-recordings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zoom Recordings' })).toBeVisible();

  // Linking: Zoom's (the stand-in's) authorisation page, then back through /zoom-loading.
  await page.getByRole('button', { name: 'Link Zoom account' }).click();
  await page.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${zoomStandInPort(baseURL!)}/oauth/authorize\\?`));
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${baseURL}/zoom-loading`);
  expect(authorize.searchParams.get('client_id')).toBe('zoom-standin-client');
  await page.getByRole('link', { name: 'Allow' }).click();
  await page.waitForURL(/\/zoom-recordings$/);

  const meeting = page.getByRole('listitem').filter({ hasText: 'Quarterly pitch rehearsal' });
  await expect(meeting.getByRole('radio', { name: /^Audio only/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Team stand-up' })).toBeVisible();
  // Only audio and video files: the chat file is not offered.
  await expect(page.getByRole('group', { name: /Pick a recording/ }).getByRole('radio')).toHaveCount(6);

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await shot(page, { path: testInfo.outputPath(`zoom-recordings-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await meeting.getByRole('radio', { name: /^Audio only/ }).check();
  // The meeting's topic is the title until the student writes one.
  await expect(page.getByLabel('Title')).toHaveValue('Quarterly pitch rehearsal');
  const start = page.getByRole('slider', { name: 'Start' });
  await start.focus();
  await page.keyboard.press('ArrowRight');
  await expect(start).toHaveAttribute('aria-valuetext', /00:01/);
  await shot(page, { path: testInfo.outputPath('zoom-recordings-picked-1280.png'), fullPage: true });

  // Title: required, at most 50.
  await page.getByLabel('Title').fill('');
  await page.getByRole('button', { name: 'Process' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  const title = uniqueTitle('Pitch rehearsal from Zoom');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Process' }).click();

  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const recordingId = page.url().split('/').at(-1)!;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectResults(page);

  // A meeting whose audio is digital silence: the analysis finds no data, and the page gives the Zoom retry hint.
  await page.goto('/zoom-recordings');
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Customer demo' })
    .getByRole('radio', { name: /^Audio only/ })
    .check();
  const silentTitle = uniqueTitle('Silent Zoom demo');
  await page.getByLabel('Title').fill(silentTitle);
  await page.getByRole('button', { name: 'Process' }).click();
  await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const silentId = page.url().split('/').at(-1)!;
  await expect(page.getByRole('heading', { name: 'Your Recording Contains No Data' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('zoom-failure-hint')).toContainText(
    'This recording was imported from Zoom. Please try the Zoom integration again',
  );
  await expect(page.getByTestId('zoom-failure-hint')).toContainText('If it fails again, contact support at support@rostrum.test.');

  // The student's own recordings go again (other specs read COMM 101), and Zoom is disconnected.
  for (const id of [recordingId, silentId]) {
    await page.evaluate(async (id) => {
      const key = `${localStorage.getItem('rostrum.orgCode')}-${localStorage.getItem('rostrum.apiKey')}`;
      const res = await fetch(`/api/v1/recordings/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${key}` } });
      if (!res.ok) throw new Error(`delete ${res.status}`);
    }, id);
  }
  await page.goto('/profile');
  await expect(page.getByTestId('zoom-connection-status')).toHaveText('Your Zoom account is linked.');
  await page.getByRole('button', { name: 'Disconnect Zoom' }).click();
  await expect(page.getByTestId('zoom-connection-status')).toHaveText('No Zoom account is linked.');
  await page.goto('/zoom-recordings');
  await expect(page.getByRole('button', { name: 'Link Zoom account' })).toBeVisible();
});
