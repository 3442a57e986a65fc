import type { Page } from '@playwright/test';
import { expect, openAllScores, test, signInByApi } from './helpers';
import {
  SPEAKER,
  algorithmNamed,
  apiSignIn,
  clearSpeechWav,
  conversationWav,
  shootResults,
  talkMp4,
  uploadRecording,
  waitForResults,
} from './results-helpers';

// A two-voice conversation analysed with the Multi-Speaker algorithm (spec 001 sections 2 and 3):
// the conversational charts, speaker lanes on the waveform, the ONE/TWO choice and the owner's
// claim; and a video recording: played from videoUrl, hidden per recording across reloads.

const CONVO_TITLE = `Customer follow-up call ${Date.now().toString(36).slice(-5)}`;
const VIDEO_TITLE = `Video weekly meetings talk ${Date.now().toString(36).slice(-5)}`;
const ONE_VOICE_TITLE = `Panel answer alone ${Date.now().toString(36).slice(-5)}`;
const ONE_VOICE_SENTENCES = [
  'Good morning everyone, and thank you for coming today.',
  'Um, I want to talk about how we can make our weekly meetings shorter and more useful.',
  'First, we will share an agenda the day before, so everybody arrives prepared.',
  'Uh, second, we will end every meeting with clear decisions and owners.',
  'Finally, we will actually measure how long our meetings take, and we will review that number every month.',
];

const waveform = (page: Page) => page.getByTestId('waveform');

async function open(page: Page, id: string, title: string): Promise<void> {
  await page.goto(`/evaluate/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(waveform(page).getByRole('button', { name: 'Play', exact: true })).toBeEnabled({ timeout: 20_000 });
}

// Both recordings are uploaded before the first test, so their analyses run side by side.
let token = '';
let convoId = '';
let videoId = '';
let oneVoiceId = '';
test.beforeAll(async ({ baseURL }) => {
  token = await apiSignIn(baseURL!, SPEAKER);
  const algorithm = await algorithmNamed(baseURL!, token, 'conversational');
  convoId = await uploadRecording(baseURL!, token, conversationWav(), { title: CONVO_TITLE, algorithm });
  // One voice recorded as Multi-Speaker: the speaker count is a hint, the analysis measures. A
  // steady voice: talkWav() moves its register 7 semitones over five sentences, which pitch-aided
  // speaker counting reads as two voices (docs/analysis/diarization.md, "Diarization").
  oneVoiceId = await uploadRecording(baseURL!, token, clearSpeechWav('one-voice-answer', ONE_VOICE_SENTENCES), {
    title: ONE_VOICE_TITLE,
    algorithm,
  });
  videoId = await uploadRecording(baseURL!, token, talkMp4(), { title: VIDEO_TITLE });
});

const imgLabel = (page: Page, title: string) =>
  page
    .getByRole('img', { name: new RegExp(`^${title}: `) })
    .first()
    .getAttribute('aria-label');

test('a conversation shows its charts, speaker lanes, the speaker choice and the claim', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const id = convoId;
  await waitForResults(baseURL!, token, id, 150_000);

  await signInByApi(page, SPEAKER);
  await open(page, id, CONVO_TITLE);
  await openAllScores(page);

  // What the analysis found.
  await expect(page.getByTestId('speaker-count')).toHaveText('2 speakers found.');
  // The conversational charts with values.
  await expect(page.getByRole('img', { name: /^Talking versus Listening: \d+%, (Listening more|Balanced|Talking more)$/ })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Meaningful Conversation Switches: \d+ switches; (Few|Ideal|Many) · ideal \d+-\d+$/ }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^Number of Questions: \d+ questions; (Few|Ideal|Many) · ideal \d+-\d+$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Strength of Opening: \d+\.\d out of 10$/ })).toBeVisible();
  // The single-speaker charts are not shown.
  await expect(page.getByRole('img', { name: /^Variety of Pitch/ })).toHaveCount(0);

  // One lane of turns per speaker along the waveform.
  await expect.poll(() => waveform(page).locator('[data-speaker="1"]').count()).toBeGreaterThan(0);
  await expect.poll(() => waveform(page).locator('[data-speaker="2"]').count()).toBeGreaterThan(0);

  // ONE/TWO switch the shown scores (the first voice asks three questions, the second none).
  const choice = page.getByRole('group', { name: 'Show results for speaker' });
  await expect(choice.getByRole('radio', { name: /^ONE/ })).toBeChecked();
  const one = [await imgLabel(page, 'Number of Questions'), await imgLabel(page, 'Talking versus Listening')];
  await choice.getByRole('radio', { name: /^TWO/ }).check();
  await expect
    .poll(async () => [await imgLabel(page, 'Number of Questions'), await imgLabel(page, 'Talking versus Listening')])
    .not.toEqual(one);
  await choice.getByRole('radio', { name: /^ONE/ }).check();
  await expect
    .poll(async () => [await imgLabel(page, 'Number of Questions'), await imgLabel(page, 'Talking versus Listening')])
    .toEqual(one);

  // The owner is speaker ONE until claiming TWO.
  await expect(page.getByTestId('owner-speaker')).toHaveText('You are speaker ONE.');
  await choice.getByRole('radio', { name: /^TWO/ }).check();
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/v1/recordings/${id}/speaker`));
  await page.getByRole('button', { name: 'I am speaker TWO' }).click();
  const req = await put;
  expect((await req.response())?.status()).toBe(200);
  await expect(page.getByTestId('owner-speaker')).toHaveText('You are speaker TWO.');
  await expect(choice.getByRole('radio', { name: 'TWO (you)' })).toBeChecked();
  await expect(page.getByRole('button', { name: /^I am speaker/ })).toHaveCount(0);
  // It is saved: a reload opens on the owner's speaker.
  await open(page, id, CONVO_TITLE);
  await expect(choice.getByRole('radio', { name: 'TWO (you)' })).toBeChecked();
  await expect(page.getByTestId('owner-speaker')).toHaveText('You are speaker TWO.');
  await shootResults(page, 'conversation');
  // The claim can be released (001 section 6): no speaker is the owner's, saved across a reload.
  await page.getByRole('button', { name: 'I am not speaker TWO' }).click();
  await expect(page.getByTestId('owner-speaker')).toHaveText('You have not said which speaker you are.');
  await expect(choice.getByRole('radio', { name: /\(you\)/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'I am speaker TWO' })).toBeVisible();
  await open(page, id, CONVO_TITLE);
  await expect(page.getByTestId('owner-speaker')).toHaveText('You have not said which speaker you are.');
});

test('one voice recorded as Multi-Speaker is found as one voice and scored as a talk', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await waitForResults(baseURL!, token, oneVoiceId, 150_000);
  await signInByApi(page, SPEAKER);
  await open(page, oneVoiceId, ONE_VOICE_TITLE);
  await openAllScores(page);
  await expect(page.getByTestId('speaker-count')).toHaveText('One voice found, scored as a talk.');
  // The single-speaker charts, nothing about a second person, no speaker choice or lanes.
  await expect(page.getByRole('img', { name: /^Variety of Pitch/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Pausing/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Talking versus Listening/ })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^Meaningful Conversation Switches/ })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Show results for speaker' })).toHaveCount(0);
  await expect(waveform(page).locator('[data-speaker="2"]')).toHaveCount(0);
  await shootResults(page, 'conversation-one-voice');
});

test('a video plays from videoUrl; Hide video survives a reload', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const id = videoId;
  await waitForResults(baseURL!, token, id, 150_000);
  // The page polls every 10 s until the video's playback is ready; wait for it here instead.
  let videoUrl = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(`${baseURL}/api/v1/recordings/${id}`, { headers: { Authorization: `Bearer ${token}` } });
        videoUrl = ((await res.json()) as { data: { videoUrl: string | null } }).data.videoUrl ?? '';
        return videoUrl;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');

  await signInByApi(page, SPEAKER);
  await open(page, id, VIDEO_TITLE);
  const video = page.getByLabel(`Video of ${VIDEO_TITLE}`);
  await expect(video).toBeVisible();
  const src = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
  expect(new URL(src).pathname).toBe(new URL(videoUrl, baseURL).pathname);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([320, 240]);
  // Captions from the transcript (WCAG 1.2.2): a WebVTT track shown by default, with cues.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => [v.textTracks.length, v.textTracks[0]?.kind, v.textTracks[0]?.mode]))
    .toEqual([1, 'captions', 'showing']);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0)).toBeGreaterThan(0);

  // The waveform's Play plays the video itself.
  await waveform(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect(waveform(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 15_000 }).toBe(true);
  await waveform(page).getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  // Hide video: hidden now, after a reload, and saved in the user's preferences.
  await page.getByRole('button', { name: 'Hide video' }).click();
  await expect(video).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show video' })).toBeVisible();
  await expect
    .poll(async () => {
      const res = await fetch(`${baseURL}/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
      return ((await res.json()) as { data: { user: { preferences: Record<string, unknown> } } }).data.user.preferences[`hideVideo:${id}`];
    })
    .toBe(true);
  await page.reload();
  await expect(waveform(page).getByRole('button', { name: 'Play', exact: true })).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Show video' })).toBeVisible();
  await expect(video).toBeHidden();

  // Show video brings it back, also after a reload.
  await page.getByRole('button', { name: 'Show video' }).click();
  await expect(video).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`Video of ${VIDEO_TITLE}`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Hide video' })).toBeVisible();
  await shootResults(page, 'video');
});
