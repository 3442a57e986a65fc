import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MEDIA_DIR } from './intake-helpers';
import { expect, notification, signIn, test, DEMO_PASSWORD, signInByApi, shot, shootSizes, SHOTS } from './helpers';
import { COACH, SPEAKER, apiSignIn, talkWav, uploadRecording, waitForResults } from './results-helpers';

// The manage page (spec 002 section 2.5, 001 section 4, 000 section 6) in Northwind (Assignments
// off): a coach reviews a speaker's recordings from the speaker list; the speaker renames,
// shares with Undo, submits, downloads and deletes from My Recordings; processing and failed rows;
// an org manager creates a group. The group's coach privacy is set to 2 (Medium) for the run, so
// the coach hears only what was shared or submitted, and restored afterwards.

const ADMIN = 'admin@northwind.example';
const suffix = Date.now().toString(36).slice(-5);
const SHARED = `Team update ${suffix}`;
const PRIVATE = `Practice run ${suffix}`;

test.describe.configure({ mode: 'serial' });

let base = '';
let adminToken = '';
let speakerToken = '';
let salesTeam: { groupId: string; name: string; managerPrivacyLevel: number; speakerPrivacyLevel: number };
const created: string[] = [];

async function apiCall<T>(method: string, url: string, token: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${base}/api/v1/${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as { data: T };
  return { status: res.status, data: json.data };
}

const setCoachPrivacy = (managerPrivacyLevel: number, speakerPrivacyLevel: number) =>
  apiCall('PUT', `groups/${salesTeam.groupId}`, adminToken, { name: salesTeam.name, managerPrivacyLevel, speakerPrivacyLevel });

/** Two seconds of silence: analysis fails it (too short). */
function silenceWav(): string {
  const out = path.join(MEDIA_DIR, 'manage-silence.wav');
  if (!fs.existsSync(out)) {
    fs.mkdirSync(MEDIA_DIR, { recursive: true });
    execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', out, 'trim', '0', '2']);
  }
  return out;
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  base = baseURL!;
  adminToken = await apiSignIn(base, ADMIN);
  speakerToken = await apiSignIn(base, SPEAKER);
  const groups = await apiCall<{ groupId: string; name: string; managerPrivacyLevel: number; speakerPrivacyLevel: number }[]>(
    'GET',
    'groups?scope=org',
    adminToken,
  );
  salesTeam = groups.data.find((g) => g.name === 'Sales Team')!;
  expect((await setCoachPrivacy(2, 2)).status).toBe(200);
  const shared = await uploadRecording(base, speakerToken, talkWav(), { title: SHARED, feedbackRequested: true });
  const priv = await uploadRecording(base, speakerToken, talkWav(), { title: PRIVATE });
  created.push(shared, priv);
  await waitForResults(base, speakerToken, shared);
  await waitForResults(base, speakerToken, priv);
});

test.afterAll(async () => {
  for (const id of created) await apiCall('DELETE', `recordings/${id}`, speakerToken);
  await setCoachPrivacy(salesTeam.managerPrivacyLevel, salesTeam.speakerPrivacyLevel);
});

const shoot = (page: Page, name: string) =>
  shootSizes(page, name, {
    sizes: [
      [1280, 900],
      [800, 900],
      [375, 800],
    ],
    settleMs: 300,
  });

const actions = (page: Page, title: string) => page.getByRole('button', { name: `Actions for ${title}` });

async function chooseAction(page: Page, title: string, item: string | RegExp) {
  await actions(page, title).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a coach opens a speaker row and reviews the recordings the privacy level lets them hear', async ({ page }) => {
  await signIn(page, COACH);
  await expect(page).toHaveURL('/manage');
  await expect(
    page.getByText('You see every recording, and can listen to those your speakers submitted to you or shared with the group.'),
  ).toBeVisible();
  const speakers = page.getByRole('table', { name: 'Speakers in Sales Team' });
  const sam = speakers.getByRole('row', { name: /Sam Speaker/ });
  await expect(sam.getByRole('cell').nth(1)).toHaveText(/^\d+$/);
  expect(Number(await sam.getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(2);
  await expect(sam.getByRole('cell').nth(2)).toHaveText(/^\d\d:\d\d$/);

  // The disclosure: a button with aria-expanded that shows the row's recordings.
  const toggle = sam.getByRole('button', { name: /Sam Speaker/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const recordings = page.getByRole('table', { name: 'Recordings of Sam Speaker' });
  for (const h of ['Title', 'Date', 'Duration', 'Vocal Delivery', 'State']) {
    await expect(recordings.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  }
  const sharedRow = recordings.getByRole('row', { name: new RegExp(SHARED) });
  await expect(sharedRow.getByRole('link', { name: SHARED })).toHaveAttribute('href', /^\/evaluate\/[0-9a-f-]{36}$/);
  await expect(sharedRow.getByRole('cell').nth(3)).toHaveText(/^\d+\.\d$/);
  await expect(sharedRow).toContainText('Analyzed');
  await expect(sharedRow).toContainText('Shared with group');
  // Private at coach level 2: listed, not heard, no score.
  const privateRow = recordings.getByRole('row', { name: new RegExp(PRIVATE) });
  await expect(privateRow).toContainText('Private: not submitted or shared');
  await expect(privateRow.getByRole('link')).toHaveCount(0);
  await expect(privateRow.getByRole('cell').nth(3)).toHaveText('—');
  await shoot(page, 'manage-coach-groups');

  // Keyboard: Enter closes and opens the row again.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(recordings).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(sharedRow.getByRole('link', { name: SHARED })).toBeVisible();

  await sharedRow.getByRole('link', { name: SHARED }).click();
  await expect(page).toHaveURL(/\/evaluate\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: SHARED })).toBeVisible();
  await expect(page.getByTestId('take-summary-score')).toContainText(/\d+\.\d out of 10/);
  // The coach goes back where they came from, not to their own (empty) results list.
  await page.getByRole('link', { name: 'Back to Manage', exact: true }).click();
  await expect(page).toHaveURL('/manage');
  await expect(page.getByRole('table', { name: 'Speakers in Sales Team' })).toBeVisible();
});

test('the speaker renames, shares with Undo, submits, downloads and deletes from My Recordings', async ({ page }) => {
  test.setTimeout(60_000);
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/manage?tab=recordings');
  await expect(page.getByRole('tab', { name: 'My Recordings' })).toHaveAttribute('aria-selected', 'true');
  // A speaker who does not coach sees no groups tab.
  await expect(page.getByRole('tab', { name: 'My Groups' })).toHaveCount(0);
  const table = page.getByRole('table', { name: 'My Recordings' });
  for (const h of ['Title', 'History', 'Duration', 'Vocal Delivery']) {
    await expect(table.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  }
  const row = (title: string) => table.getByRole('row', { name: new RegExp(title) });
  await expect(row(PRIVATE).getByRole('link', { name: PRIVATE, exact: true })).toHaveAttribute('href', /^\/evaluate\//);
  await expect(row(PRIVATE).getByRole('link', { name: /history/ })).toHaveAttribute('href', /^\/history\?recording=[0-9a-f-]{36}$/);
  await expect(row(PRIVATE).getByRole('cell').nth(3)).toHaveText(/^\d+\.\d$/);

  // Rename: the spec's prompt; a title over 50 characters is cut.
  const renamed = `Renamed practice ${suffix} with a title that runs past fifty characters`;
  const cut = renamed.slice(0, 50).trim();
  await chooseAction(page, PRIVATE, 'Rename');
  const dialog = page.getByRole('dialog', { name: 'Rename recording' });
  await expect(dialog.getByText('Enter new title for this recording, 50 characters max')).toBeVisible();
  await dialog.getByLabel('Title').fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await dialog.getByLabel('Title').fill(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(cut).getByRole('link', { name: cut, exact: true })).toBeVisible();

  // Share with the entire group, then Undo from the notification.
  await chooseAction(page, cut, 'Share with the entire group');
  await expect(notification(page)).toContainText('Shared with your entire group.');
  await expect(row(cut)).toContainText('Shared with group');
  await notification(page).getByRole('button', { name: 'Undo' }).click();
  await expect(row(cut)).not.toContainText('Shared with group');
  await actions(page, cut).click();
  await expect(page.getByRole('menuitem', { name: 'Share with the entire group' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(actions(page, cut)).toBeFocused();

  // Submit to the coach (coach privacy 2 is above 1): the coach may now hear it.
  await chooseAction(page, cut, 'Submit to coach');
  await expect(notification(page)).toContainText('Submitted to your coach.');
  await expect(row(cut)).toContainText('Submitted to coach');
  const coachToken = await apiSignIn(base, COACH);
  const listed = await apiCall<{ title: string; canHear: boolean }[]>('GET', `groups/${salesTeam.groupId}/recordings`, coachToken);
  expect(listed.data.find((r) => r.title === cut)?.canHear).toBe(true);
  await actions(page, cut).click();
  await expect(page.getByRole('menuitem', { name: 'Submit to coach' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The open menu, at both widths.
  for (const [width, height] of [
    [1280, 900],
    [375, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await actions(page, cut).click();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
    await shot(page, { path: path.join(SHOTS, `manage-speaker-menu-${width}.png`) });
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Download: the playback audio by its signed address.
  const download = page.waitForEvent('download');
  await chooseAction(page, cut, 'Download');
  expect((await download).suggestedFilename()).toBe(`${cut}.m4a`);

  await shoot(page, 'manage-speaker-recordings');

  // Delete, after the spec's confirmation.
  await chooseAction(page, cut, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete this recording?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row(cut)).toHaveCount(0);
  await expect(notification(page)).toContainText('Recording Deleted');
});

test('the action menu works from the keyboard', async ({ page }) => {
  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/manage?tab=recordings');
  const button = actions(page, SHARED);
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  // Shared already: no Share item; submitting is still offered.
  await expect(page.getByRole('menuitem', { name: 'Share with the entire group' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Submit to coach' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Rename recording' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Rename recording' })).toBeHidden();
});

test('processing and failed rows show the spec messages; the list refreshes when analysis ends', async ({ page }) => {
  test.setTimeout(120_000);
  const waiting = `Still uploading ${suffix}`;
  // A recording whose file has not arrived yet is processing until the upload finishes.
  const res = await apiCall<{ recordingId: string }>('POST', 'recordings', speakerToken, {
    title: waiting,
    source: 'ui upload form',
    fileName: 'talk.wav',
  });
  created.push(res.data.recordingId);
  const failedId = await uploadRecording(base, speakerToken, silenceWav(), { title: `Silent clip ${suffix}` });
  created.push(failedId);
  await expect(waitForResults(base, speakerToken, failedId)).rejects.toThrow(/analysis failed/);

  await signInByApi(page, SPEAKER, DEMO_PASSWORD, '/manage?tab=recordings');
  const table = page.getByRole('table', { name: 'My Recordings' });
  const pending = table.getByRole('row', { name: new RegExp(waiting) });
  await expect(pending).toContainText('This recording is still processing.');
  await expect(pending.getByRole('cell').nth(3)).toHaveText('—');
  await expect(table.getByRole('row', { name: new RegExp(`Silent clip ${suffix}`) })).toContainText(
    'This recording could not be processed.',
  );
  await shoot(page, 'manage-speaker-states');

  // Finish the upload: the page polls while something is processing and shows the score.
  const id = res.data.recordingId;
  await uploadFile(id, talkWav());
  await expect(pending).not.toContainText('This recording is still processing.', { timeout: 90_000 });
  await expect(pending.getByRole('cell').nth(3)).toHaveText(/^\d+\.\d$/);
});

test('an org manager creates a group: it is selected after the reload; a taken name keeps the form open', async ({ page }) => {
  const name = `Manage spec ${suffix}`;
  await signInByApi(page, ADMIN, DEMO_PASSWORD, '/manage');
  await page.getByRole('button', { name: 'Create New Group' }).click();
  const field = page.getByLabel('Group name');
  await expect(field).toHaveAttribute('placeholder', 'enter the name');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(field).toBeFocused();
  await field.fill(name);
  await shot(page, { path: path.join(SHOTS, 'manage-create-group-1280.png') });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByLabel('Invite code')).toHaveValue(`Northwind-Communications-Manage-spec-${suffix}`);
  await expect(page.getByLabel('Group', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(notification(page)).toContainText('Group Created');
  await expect(page.getByRole('table', { name: `Speakers in ${name}` })).toContainText('No speakers have joined this group yet.');

  await page.getByRole('button', { name: 'Create New Group' }).click();
  await page.getByLabel('Group name').fill(name.toUpperCase());
  await page.getByRole('button', { name: 'Save' }).click();
  // 002 section 8: an alert, and the create form is there again once it is closed.
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(
    'The group could not be saved. Most likely, the name you entered is already used elsewhere. Please change the name to be unique.',
  );
  await shoot(page, 'manage-create-group-error');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Group name')).toBeFocused();
  await expect(page.getByLabel('Group name')).toHaveValue(name.toUpperCase());
});

test('a plain coach cannot create groups', async ({ page }) => {
  // Through the API (the form and the coach's landing on /manage are checked in the first test).
  await signInByApi(page, COACH, DEMO_PASSWORD, '/manage');
  await expect(page.getByRole('tab', { name: 'My Groups' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Create New Group' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'My Recordings' })).toHaveCount(0);
});

/** The tus upload of a recording created earlier (the second half of uploadRecording). */
async function uploadFile(recordingId: string, file: string) {
  const bytes = fs.readFileSync(file);
  const auth = { Authorization: `Bearer ${speakerToken}`, 'Tus-Resumable': '1.0.0' };
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const start = await fetch(`${base}/api/v1/uploads`, {
    method: 'POST',
    headers: {
      ...auth,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `recordingId ${b64(recordingId)},filename ${b64('talk.wav')}`,
    },
  });
  expect(start.status).toBe(201);
  const location = new URL(start.headers.get('location') ?? '', `${base}/api/v1/uploads`).toString();
  const patch = await fetch(location, {
    method: 'PATCH',
    headers: { ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
  expect(patch.status).toBe(204);
}
