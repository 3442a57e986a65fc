import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiSignUp, expect, signInByApi, test, uniqueEmail } from './helpers';
import { api, apiSignIn, talkWav, uploadRecording, waitForResults } from './results-helpers';

// Every route of the app (the contract's route table) scanned by axe-core at 1440 and 390 px for
// WCAG 2.1 A and AA: no serious or critical violation. At 390 px each page is also narrowed to
// 320 px, where nothing may scroll sideways (reflow, WCAG 1.4.10). Each route is opened as someone
// who may see it: a new speaker with one analysed take of their own, Summit's coach, Northwind's
// admin, or nobody signed in. docs/accessibility.md is the conformance report these checks back.
// Not here: /btc/sign-in, which sends the browser on to the partner hub's own sign-in page
// (hub-sign-in.spec.ts), and /sign-out and /zoom-loading, which only pass through.

const SUMMIT_CODE = 'Summit-Speaking-Academy-Pitch-Practice';
const PASSWORD = 'a-good-password';
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type TRole = 'anonymous' | 'speaker' | 'coach' | 'admin';
type TIds = { recordingId: string; assignmentId: string; groupId: string; orgGroupId: string; userId: string; speakerEmail: string };

/** The paths each role opens (ids filled in from the data made in beforeAll). */
const ROUTES: Record<TRole, (ids: TIds) => string[]> = {
  anonymous: () => [
    '/',
    '/sign-in',
    '/sign-up',
    '/join',
    '/password/forgot',
    '/password/reset?code=not-a-real-code',
    '/terms',
    '/privacy',
    '/unsubscribe/00000000-0000-4000-8000-000000000000',
    '/s/not-a-real-share-link',
  ],
  speaker: (ids) => [
    '/home',
    '/record',
    '/practice',
    '/evaluate',
    `/evaluate/${ids.recordingId}`,
    '/history',
    `/compare?ids=${ids.recordingId}`,
    '/speaker-dashboard',
    `/assignment/details/${ids.assignmentId}`,
    '/profile',
    '/email-notifications',
    '/confirm-code',
    '/thanks',
    '/help',
  ],
  coach: (ids) => [
    '/coach-dashboard',
    '/review-queue',
    '/manage',
    '/wordspotting',
    '/assignments/create',
    `/assignment/details/${ids.assignmentId}`,
    `/assignments/edit/${ids.assignmentId}/1`,
    `/assignments/edit/${ids.assignmentId}/2`,
    `/assignments/${ids.assignmentId}/preview`,
    `/assignments/${ids.assignmentId}/sharedRecordings`,
    `/assignments/${ids.groupId}/reorder`,
    '/zoom-recordings',
  ],
  admin: (ids) => [
    '/customer-admin/groups',
    `/customer-admin/groups/${ids.orgGroupId}`,
    `/customer-admin/groups/${ids.orgGroupId}/users`,
    '/customer-admin/groups/0',
    '/customer-admin/invites',
    '/customer-admin/pending-invites',
    '/customer-admin/users',
    `/customer-admin/users/${ids.userId}`,
    `/customer-admin/users/${ids.userId}/${ids.orgGroupId}`,
    '/customer-admin/plans',
    '/customer-admin/prepaid-codes',
    '/customer-admin/ledger',
    '/customer-admin/practice-prompts',
    '/customer-admin/settings',
    '/customer-admin/lti',
    '/subscription',
    '/manage',
  ],
};

let ids: TIds;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(150_000);
  const speakerEmail = uniqueEmail('a11y');
  await apiSignUp(baseURL!, { code: SUMMIT_CODE, email: speakerEmail, password: PASSWORD, firstName: 'Ada', lastName: 'Audit' });
  const speaker = await apiSignIn(baseURL!, speakerEmail, PASSWORD);
  const recordingId = await uploadRecording(baseURL!, speaker, talkWav(), { title: 'Audit talk' });
  await waitForResults(baseURL!, speaker, recordingId);

  const coach = await apiSignIn(baseURL!, 'coach@summit.example');
  const groups = await api<{ groupId: string; name: string }[]>(baseURL!, coach, 'GET', '/groups');
  const pitch = groups.find((g) => g.name === 'Pitch Practice')!;
  const inGroup = await api<{ assignmentId: string; isTemplate: boolean }[]>(
    baseURL!,
    coach,
    'GET',
    `/assignments?scope=group&groupId=${pitch.groupId}`,
  );

  const admin = await apiSignIn(baseURL!, 'admin@northwind.example');
  const orgGroups = await api<{ groupId: string; name: string }[]>(baseURL!, admin, 'GET', '/groups?scope=org');
  const sales = orgGroups.find((g) => g.name === 'Sales Team')!;
  const users = await api<{ users: { userId: string; email: string }[] }>(baseURL!, admin, 'GET', '/users');
  ids = {
    recordingId,
    assignmentId: inGroup.find((a) => !a.isTemplate)!.assignmentId,
    groupId: pitch.groupId,
    orgGroupId: sales.groupId,
    userId: users.users.find((u) => u.email === 'speaker@northwind.example')!.userId,
    speakerEmail,
  };
});

test.afterAll(async ({ baseURL }) => {
  if (!ids) return;
  const speaker = await apiSignIn(baseURL!, ids.speakerEmail, PASSWORD);
  await api(baseURL!, speaker, 'DELETE', `/recordings/${ids.recordingId}`);
});

/** Opens `path` and waits until it has drawn: its h1 shown and nothing in the main area still loading. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('main .loading-state, main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

async function seriousViolations(page: Page, path: string): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const role of ['anonymous', 'speaker', 'coach', 'admin'] as const) {
  for (const width of [1440, 390]) {
    test(`every ${role} page passes axe's WCAG 2.1 AA checks at ${width} px${width === 390 ? ' and reflows at 320 px' : ''}`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      if (role === 'speaker') await signInByApi(page, ids.speakerEmail, PASSWORD);
      if (role === 'coach') await signInByApi(page, 'coach@summit.example');
      if (role === 'admin') await signInByApi(page, 'admin@northwind.example');
      const failures: string[] = [];
      for (const path of ROUTES[role](ids)) {
        await open(page, path);
        failures.push(...(await seriousViolations(page, path)));
        if (width === 390) {
          await page.setViewportSize({ width: 320, height: 900 });
          const wide = await page.evaluate(() => {
            const width = document.documentElement.scrollWidth;
            if (width <= 320) return null;
            // The deepest elements past the edge, to say what to fix.
            const past = [...document.querySelectorAll('body *')].filter(
              (el) => el.getBoundingClientRect().right > 321 && ![...el.children].some((c) => c.getBoundingClientRect().right > 321),
            );
            const named = past.map((el) => el.closest('svg')?.parentElement ?? el);
            return {
              width,
              what: [...new Set(named)].slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
            };
          });
          if (wide) failures.push(`${path}: scrolls sideways at 320 px (${wide.width} px wide: ${wide.what.join(', ')})`);
          await page.setViewportSize({ width, height: 900 });
        }
      }
      expect(failures).toEqual([]);
    });
  }
}
