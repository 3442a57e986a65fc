import { scorecardQuestions } from '@rostrum/contract';
import type { BrowserContext, FrameLocator, Page } from '@playwright/test';
import { ltiStandInPort } from '../lti/stand-in-port';
import { expect, test } from './helpers';
import { api, apiSignIn } from './results-helpers';

// The LTI 1.3 browser journey (issue 42 item 6) against the platform stand-in
// (apps/server/src/test/lti-platform-stand-in.ts, started by playwright.config.ts): Summit's admin
// registers the stand-in; an instructor adds a graded Rostrum assignment from the stand-in's course
// editor (Deep Linking, in the course page's iframe); a student opens it from the course page,
// records with the fake microphone; the instructor, as the class's coach, scores the recording on
// its results page; the grade arrives at the stand-in's gradebook (AGS). Fresh LTI identities every
// run. The stand-in (127.0.0.1) and the tool (localhost) are different sites, so the tool's cookie
// in the iframe is a third-party one: it is kept because it is Partitioned. A launch whose cookie
// was refused would show the tool's "Open in a new tab" fallback, which launch() follows. The afterAll removes the platform, archives the assignment and
// deactivates the class's members (the new student's seat is freed; the class stays, as classes do).

const ADMIN = 'admin@summit.example';
const RUN = `${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 5)}`;
const COURSE_ID = `course-${RUN}`;
const COURSE_TITLE = `Public Speaking ${RUN}`;
const ASSIGNMENT = `Persuasive speech ${RUN}`;
const INSTRUCTOR = {
  sub: `instructor-${RUN}`,
  roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
  given_name: 'Ines',
  family_name: `Instructor ${RUN}`,
  name: `Ines Instructor ${RUN}`,
  email: `lti-instructor-${RUN}@e2e.example`,
};
const STUDENT = {
  sub: `student-${RUN}`,
  roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
  given_name: 'Sam',
  family_name: `Student ${RUN}`,
  name: `Sam Student ${RUN}`,
  email: `lti-student-${RUN}@e2e.example`,
};

type TScore = { userId: string; scoreGiven?: number; scoreMaximum?: number; activityProgress: string; gradingProgress: string };
type TSurface = Page | FrameLocator;

let standIn = '';
let adminToken = '';
let platformId = '';
let assignmentIds: string[] = [];
/** The class the course maps to (made at the first launch); it stays, as classes do, without its members. */
let classId = '';
/** Which way each launch ran: in the iframe, or the tool's new-tab fallback. */
const paths: string[] = [];

async function standInCall<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${standIn}${p}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${p} ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

test.beforeAll(async ({ baseURL }) => {
  standIn = `http://127.0.0.1:${ltiStandInPort(baseURL!)}`;
  adminToken = await apiSignIn(baseURL!, ADMIN);
  // The org admin registers the stand-in with the values it shows, then pastes the tool's into it.
  const registration = await standInCall<Record<string, unknown>>('GET', '/registration');
  const platform = await api<{ platformId: string; tool: { loginInitiationUrl: string; launchUrl: string; jwksUrl: string } }>(
    baseURL!,
    adminToken,
    'POST',
    '/lti/platforms',
    { ...registration, name: `Stand-in LMS ${RUN}` },
  );
  platformId = platform.platformId;
  await standInCall('PUT', '/stand-in/tool', {
    loginUrl: platform.tool.loginInitiationUrl,
    launchUrl: platform.tool.launchUrl,
    jwksUrl: platform.tool.jwksUrl,
  });
  await standInCall('POST', '/stand-in/people', INSTRUCTOR);
  await standInCall('POST', '/stand-in/people', STUDENT);
  await standInCall('PUT', `/stand-in/courses/${COURSE_ID}`, { title: COURSE_TITLE, label: `PS-${RUN}` });
});

test.afterAll(async ({ baseURL }) => {
  if (!adminToken) return;
  for (const id of assignmentIds) {
    await api(baseURL!, adminToken, 'PATCH', `/assignments/${id}`, { archived: true }).catch(() => undefined);
  }
  // The student's seat goes back to Summit: the class's members are deactivated.
  if (classId) await api(baseURL!, adminToken, 'DELETE', `/groups/${classId}/members`);
  if (platformId) await api(baseURL!, adminToken, 'DELETE', `/lti/platforms/${platformId}`);
});

/**
 * Clicks a launch link of the stand-in's page and returns where the tool answered: the iframe, or,
 * when the browser kept the tool's cookie out of the iframe (the tool's refusal `lti.state_invalid`
 * with "Open in a new tab"), the new tab that link opens.
 */
async function launch(page: Page, context: BrowserContext, link: string, expected: RegExp): Promise<TSurface> {
  const frame = page.frameLocator('iframe[title="Rostrum"]');
  await page.getByRole('link', { name: link, exact: true }).click();
  const heading = frame.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(new RegExp(`${expected.source}|Rostrum could not open`), { timeout: 15_000 });
  if ((await heading.textContent()) !== 'Rostrum could not open') {
    paths.push(`${link}: iframe`);
    return frame;
  }
  await expect(frame.getByText('lti.state_invalid')).toBeVisible();
  const opened = context.waitForEvent('page');
  await frame.getByRole('link', { name: 'Open in a new tab' }).click();
  const tab = await opened;
  paths.push(`${link}: new tab`);
  return tab;
}

/** From the tool's landing page to the web app, signed in with the one-time link; returns the app's page. */
async function openRostrum(surface: TSurface, context: BrowserContext, email: string): Promise<Page> {
  let app: Page;
  if ('goto' in surface) {
    // The fallback tab: the landing page is not framed, so it goes on to the app by itself.
    app = surface;
  } else {
    await expect(surface.getByRole('heading', { level: 1, name: 'You are signed in to Rostrum' })).toBeVisible();
    const opened = context.waitForEvent('page');
    await surface.getByRole('link', { name: 'Open Rostrum in a new tab' }).click();
    app = await opened;
  }
  await expect(app.getByRole('heading', { name: `Continue as ${email}?` })).toBeVisible({ timeout: 15_000 });
  await app.getByRole('button', { name: 'Continue', exact: true }).click();
  return app;
}

/** A graded template (the four preset ratings) assigned to the course's class, made by the org admin. */
async function assignToClass(baseURL: string, groupId: string): Promise<string> {
  const template = await api<{ assignmentId: string }>(baseURL, adminToken, 'POST', '/assignments', {
    name: ASSIGNMENT,
    description: 'Persuade your classmates in one minute.',
    criteria: { algorithm: 'rostrum-default', minRecordings: true, minRecordingsCount: 1, scorecard: true },
  });
  assignmentIds.push(template.assignmentId);
  await api(baseURL, adminToken, 'PUT', `/assignments/${template.assignmentId}/scorecard`, {
    scorecard: { questions: scorecardQuestions([]), coachOnlyScorecard: false },
  });
  const made = await api<{ assignments: { assignmentId: string }[] }>(
    baseURL,
    adminToken,
    'POST',
    `/assignments/${template.assignmentId}/assign`,
    { continuous: true, groupIds: [groupId] },
  );
  const id = made.assignments[0]!.assignmentId;
  assignmentIds = [id, ...assignmentIds];
  return id;
}

test('an instructor deep-links an assignment, a student records into it from the course, the coach scores, the grade reaches the platform', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  // 1. The instructor's first launch from the course editor makes the course's class (no assignments yet).
  await page.goto(`${standIn}/courses/${COURSE_ID}/editor?as=${INSTRUCTOR.sub}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${COURSE_TITLE}` })).toBeVisible();
  let picker = await launch(page, context, 'Add content from Rostrum', /Add a Rostrum assignment/);
  await expect(picker.getByText('This class has no assignments yet.')).toBeVisible();
  if ('goto' in picker) await picker.close();
  const groups = await api<{ groupId: string; name: string }[]>(baseURL!, adminToken, 'GET', '/groups?scope=org');
  const group = groups.find((g) => g.name === COURSE_TITLE);
  expect(group, 'the class the course maps to').toBeTruthy();
  classId = group!.groupId;
  const assignmentId = await assignToClass(baseURL!, group!.groupId);

  // 2. Again from the editor: the pick page lists it (graded); Add returns it to the course.
  await page.reload();
  picker = await launch(page, context, 'Add content from Rostrum', /Add a Rostrum assignment/);
  await expect(picker.getByRole('listitem').filter({ hasText: ASSIGNMENT })).toContainText('(graded)');
  await picker.getByRole('button', { name: `Add ${ASSIGNMENT}` }).click();
  await expect(picker.getByRole('heading', { level: 1, name: 'Content added' })).toBeVisible({ timeout: 15_000 });
  await expect(picker.getByText(`“${ASSIGNMENT}” added to ${COURSE_TITLE}.`)).toBeVisible();
  if ('goto' in picker) await picker.close();
  const course = await standInCall<{
    items: { title: string; custom?: Record<string, string>; lineItemId?: string }[];
    lineItems: { id: string; scoreMaximum: number }[];
  }>('GET', `/stand-in/courses/${COURSE_ID}`);
  expect(course.items).toHaveLength(1);
  expect(course.items[0]!.custom?.rostrum_assignment_id).toBe(assignmentId);
  expect(course.lineItems).toEqual([expect.objectContaining({ id: course.items[0]!.lineItemId, scoreMaximum: 100 })]);

  // 3. The student opens it from the course page, lands on the record page and records.
  const studentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const studentCourse = await studentContext.newPage();
  await studentCourse.goto(`${standIn}/courses/${COURSE_ID}?as=${STUDENT.sub}`);
  await expect(studentCourse.getByRole('heading', { level: 1, name: COURSE_TITLE })).toBeVisible();
  const studentLanding = await launch(studentCourse, studentContext, ASSIGNMENT, /You are signed in to Rostrum/);
  const student = await openRostrum(studentLanding, studentContext, STUDENT.email);
  await expect(student).toHaveURL(new RegExp(`/record\\?assignmentId=${assignmentId}$`), { timeout: 15_000 });
  await expect(student.getByRole('tabpanel')).toContainText(`It goes into ${ASSIGNMENT} (${COURSE_TITLE}).`);
  await student.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(student.getByTestId('record-timer')).toHaveText(/^00:0[6-9]\.\d$/, { timeout: 20_000 });
  await student.getByRole('button', { name: 'Stop' }).click();
  const form = student.getByRole('form', { name: 'Save your recording' });
  await expect(form).toBeVisible();
  if (!(await form.getByLabel('Title').inputValue())) await form.getByLabel('Title').fill(`${ASSIGNMENT} - v1`);
  await form.getByRole('button', { name: 'Save' }).click();
  await student.waitForURL(/\/evaluate\/[0-9a-f-]{36}/, { timeout: 20_000 });
  const recordingId = new URL(student.url()).pathname.split('/').pop()!;
  await expect(student.getByTestId('recording-assignment')).toHaveText(ASSIGNMENT);
  await studentContext.close();

  // 4. The instructor opens the assignment from the course page (its details), then scores the recording.
  await page.goto(`${standIn}/courses/${COURSE_ID}?as=${INSTRUCTOR.sub}`);
  const instructorLanding = await launch(page, context, ASSIGNMENT, /You are signed in to Rostrum/);
  const coach = await openRostrum(instructorLanding, context, INSTRUCTOR.email);
  await expect(coach).toHaveURL(new RegExp(`/assignment/details/${assignmentId}$`), { timeout: 15_000 });
  await coach.goto(`/evaluate/${recordingId}`);
  await expect(coach.getByTestId('take-summary-score')).toBeVisible({ timeout: 90_000 });
  await coach.getByRole('tab', { name: 'Add a Score' }).click();
  for (const [label, value] of [
    ['Overall', '8'],
    ['Organization and Content', '7'],
    ['Vocal Delivery', '9'],
    ['X Factor', '6'],
  ] as const) {
    await coach.getByRole('radiogroup', { name: label }).getByRole('radio', { name: value, exact: true }).check();
  }
  await coach.getByRole('button', { name: 'Submit Scores' }).click();
  await expect(coach.getByRole('heading', { name: 'Your scores' })).toBeVisible();

  // 5. The grade at the platform: Overall 8 of 10 as a percentage of the line item's 100.
  const graded = async () =>
    (await standInCall<(TScore & { lineItemId: string })[]>('GET', '/stand-in/scores')).find(
      (s) => s.userId === STUDENT.sub && s.scoreGiven !== undefined,
    );
  await expect.poll(graded, { timeout: 30_000, intervals: [500] }).toBeTruthy();
  expect(await graded()).toMatchObject({
    lineItemId: course.items[0]!.lineItemId,
    scoreGiven: 80,
    scoreMaximum: 100,
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
  });
  // Every launch ran inside the course page's iframe: the tool's cookie is Partitioned, so Chromium
  // keeps it there although it blocks third-party cookies. The new-tab fallback is for browsers
  // that block even those; were it used here, the list says which launch fell back.
  test.info().annotations.push({ type: 'launch paths', description: paths.join('; ') });
  expect(paths.filter((p) => !p.endsWith(': iframe'))).toEqual([]);
});
