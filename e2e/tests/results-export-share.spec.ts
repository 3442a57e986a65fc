import fs from 'node:fs';
import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, shot, signInByApi, test, SHOTS } from './helpers';
import { SPEAKER, apiSignIn, talkWav, uploadRecording, waitForResults } from './results-helpers';

// Export and share (issue 20): the demo speaker downloads each format of their own recording from
// the results page, makes a public share link (Northwind allows them), opens it signed out in a
// fresh browser context, then revokes it and sees it end. Only the speaker's own recording is
// touched, so the spec runs in the isolated lane.

const TITLE = `Export weekly meetings ${Date.now().toString(36).slice(-5)}`;

let token = '';
let id = '';
test.beforeAll(async ({ baseURL }) => {
  token = await apiSignIn(baseURL!, SPEAKER);
  id = await uploadRecording(baseURL!, token, talkWav(), { title: TITLE });
});

async function openResults(page: Page) {
  await page.goto(`/evaluate/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByTestId('waveform').getByRole('button', { name: 'Play', exact: true })).toBeEnabled({ timeout: 20_000 });
}

/** Chooses one item of the Download menu and returns the saved file's name and content. */
async function download(page: Page, item: string): Promise<{ name: string; body: Buffer }> {
  await page.getByRole('button', { name: 'Download' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  const saved = await (file as Download).path();
  return { name: (file as Download).suggestedFilename(), body: fs.readFileSync(saved) };
}

test('downloads the transcript, results and report in every format', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  await waitForResults(baseURL!, token, id, 110_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, SPEAKER);
  await openResults(page);

  // The menu lists the six formats and is keyboard operable.
  await page.getByRole('button', { name: 'Download' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Transcript (WebVTT)' })).toBeFocused();
  await expect(page.getByRole('menuitem')).toHaveCount(6);
  await shot(page, { path: path.join(SHOTS, 'export-download-menu-1440.png') });
  await page.keyboard.press('Escape');

  const vtt = await download(page, 'Transcript (WebVTT)');
  expect(vtt.name).toBe(`${TITLE} transcript.vtt`);
  expect(vtt.body.toString()).toMatch(/^WEBVTT\n\n1\n\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}\n\S/);

  const srt = await download(page, 'Transcript (SRT subtitles)');
  expect(srt.name).toBe(`${TITLE} transcript.srt`);
  expect(srt.body.toString()).toMatch(/^1\r\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\r\n\S/);

  const txt = await download(page, 'Transcript (plain text)');
  expect(txt.body.toString().startsWith(`${TITLE}\n\n`)).toBe(true);

  const json = await download(page, 'Results (JSON)');
  const results = JSON.parse(json.body.toString());
  expect(results.isConversational).toBe(false);
  expect(typeof results.scores.overall).toBe('number');
  expect(results.diarizedTranscript.length).toBeGreaterThan(10);
  // The transcript files hold the recognised words.
  const firstWord = results.diarizedTranscript.find((w: { type: string }) => w.type !== 'punctuation').text;
  for (const f of [vtt, srt, txt]) expect(f.body.toString()).toContain(firstWord);

  const csv = await download(page, 'Metrics (CSV)');
  const lines = csv.body.toString('utf8').split('\r\n');
  expect(lines[0]).toBe('\uFEFFRecording,Speaker,Metric,Score,Value,Unit,Ideal band,Verdict');
  expect(lines.some((l) => l.startsWith(`${TITLE},,Pace,,`) && l.includes('syllables per second'))).toBe(true);

  const pdf = await download(page, 'Report (PDF)');
  expect(pdf.name).toBe(`${TITLE} report.pdf`);
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.body.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
});

test('a share link shows the results signed out, and ends when revoked', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await waitForResults(baseURL!, token, id, 60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, SPEAKER);
  await openResults(page);

  const panel = page.getByTestId('share-links');
  await expect(panel.getByRole('heading', { name: 'Public link' })).toBeVisible();
  await panel.getByLabel('Link expires after').selectOption('1');
  await panel.getByRole('button', { name: 'Create link' }).click();
  const field = panel.getByLabel('Your new link (copy it now: it is shown once)');
  await expect(field).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
  const url = await field.inputValue();
  await expect(panel.getByText('Active')).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await shot(page, { path: path.join(SHOTS, 'export-share-panel-1440.png') });

  // A fresh context: no session, nothing in storage.
  const visitor = await browser.newContext({ baseURL });
  const shared = await visitor.newPage();
  const errors: string[] = [];
  shared.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
  await shared.setViewportSize({ width: 1440, height: 900 });
  await shared.goto(url);
  await expect(shared.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(shared.getByTestId('waveform').getByRole('button', { name: 'Play', exact: true })).toBeEnabled({ timeout: 20_000 });
  await expect(shared.getByRole('heading', { name: 'Shared results' })).toBeVisible();
  await expect(shared.getByRole('tab', { name: 'Transcript' })).toBeVisible();
  // Read-only, with no way into the app: no links, no sign-in, no feedback, no names, no sharing controls.
  await expect(shared.locator('a[href]')).toHaveCount(0);
  await expect(shared.getByRole('navigation')).toHaveCount(0);
  await expect(shared.getByText('Sign in')).toHaveCount(0);
  await expect(shared.getByText('Sam Speaker')).toHaveCount(0);
  await expect(shared.getByRole('heading', { name: 'Sharing and review' })).toHaveCount(0);
  await expect(shared.getByRole('tab', { name: 'Comments' })).toHaveCount(0);
  await expect(shared.getByRole('button', { name: 'Download' })).toHaveCount(0);
  // The waveform plays through the link.
  await shared.getByTestId('waveform').getByRole('button', { name: 'Play', exact: true }).click();
  await expect(shared.getByTestId('waveform').getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await shared.getByTestId('waveform').getByRole('button', { name: 'Pause', exact: true }).click();
  await shot(shared, { path: path.join(SHOTS, 'export-shared-page-1440.png') });
  // The shared results page, reached only through a link, is scanned here (a11y-every-route
  // covers the rest): WCAG 2.1 AA at both widths.
  await expectNoSeriousViolations(shared);
  await shared.setViewportSize({ width: 390, height: 844 });
  await shot(shared, { path: path.join(SHOTS, 'export-shared-page-390.png') });
  await expectNoSeriousViolations(shared);
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await shot(page, { path: path.join(SHOTS, 'export-share-panel-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Revoked: the owner confirms, and the link ends at once.
  await panel.getByRole('button', { name: /^Revoke the link created/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this link?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId('share-links-ended')).toHaveText('1 expired or revoked link.');
  await shared.reload();
  await expect(shared.getByRole('heading', { level: 1, name: 'This link has expired or was turned off' })).toBeVisible();
  await expect(shared.getByRole('heading', { level: 1, name: TITLE })).toHaveCount(0);
  await shot(shared, { path: path.join(SHOTS, 'export-shared-gone-390.png') });
  expect(errors, 'console errors on the shared page').toEqual([]);
  await visitor.close();
});
