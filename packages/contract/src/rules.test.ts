import { describe, expect, it } from 'vitest';
import {
  alreadyCoachMessage,
  autoFullName,
  birthYearChoices,
  canSwitchMode,
  couplePrivacy,
  dashboardPath,
  isAllowedPrivacyPair,
  generateInviteCode,
  isPerpetualExpiry,
  landingRoute,
  navItemOfLanding,
  navigationItems,
  needsSubscription,
  orgExpiryWarning,
  pageTitle,
  parseBearerToken,
  profileFieldErrors,
  pseudoGroupName,
  resolveMode,
  routeNeedsSubscription,
  ROUTES,
  safeNext,
  vocabulary,
  viewerAbilities,
  type TMode,
  type TRoleFacts,
  type TViewerAbilities,
} from './index.js';

const roleFacts = (roles: string[][], org: Partial<TRoleFacts> = {}, status: 'active' | 'inactive' = 'active'): TRoleFacts => ({
  memberships: roles.map((r) => ({ roles: r, membershipStatus: status })),
  isOrgAdmin: false,
  isOrgManager: false,
  ...org,
});
// The rules below take the abilities the server derives from these role facts (GET me).
const facts = (...args: Parameters<typeof roleFacts>) => viewerAbilities(roleFacts(...args));

describe('landingRoute (000 section 2.3)', () => {
  it('with Assignments on: coach dashboard for managers, speaker dashboard for speakers', () => {
    expect(landingRoute(facts([['manager']]), true).route).toBe('coach-dashboard');
    expect(landingRoute(facts([['speaker']]), true).route).toBe('speaker-dashboard');
    expect(landingRoute(facts([['manager'], ['speaker']]), true).route).toBe('coach-dashboard');
  });
  it('otherwise: admin -> admin groups, manager -> manage, speaker -> evaluate', () => {
    expect(landingRoute(facts([['manager']], { isOrgAdmin: true }), false).route).toBe('customer-admin-groups');
    expect(landingRoute(facts([['manager']]), false).route).toBe('manage');
    expect(landingRoute(facts([['speaker']]), false).route).toBe('evaluate');
    expect(landingRoute(facts([], { isOrgManager: true }), false).route).toBe('manage');
  });
  it('no active groups and no org role: speaker mode, subscription', () => {
    expect(landingRoute(facts([]), false)).toEqual({ route: 'subscription', forceMode: 'speaker' });
    expect(landingRoute(facts([['speaker']], {}, 'inactive'), true)).toEqual({ route: 'subscription', forceMode: 'speaker' });
  });
  it('an org admin without groups still lands in the admin area', () => {
    expect(landingRoute(facts([], { isOrgAdmin: true, isOrgManager: true }), false).route).toBe('customer-admin-groups');
  });
});

describe('needsSubscription (002 section 2.1)', () => {
  it('is needed without an active membership unless the user is an org admin or org-level manager', () => {
    expect(needsSubscription(facts([]))).toBe(true);
    expect(needsSubscription(facts([['speaker']], {}, 'inactive'))).toBe(true);
    expect(needsSubscription(facts([['manager']], {}, 'inactive'))).toBe(true);
    expect(needsSubscription(facts([['speaker']]))).toBe(false);
    expect(needsSubscription(facts([['manager']]))).toBe(false);
    expect(needsSubscription(facts([], { isOrgAdmin: true }))).toBe(false);
    expect(needsSubscription(facts([], { isOrgManager: true }))).toBe(false);
  });
  it('is what sends a user to the subscription landing page', () => {
    for (const f of [facts([]), facts([['speaker']]), facts([], { isOrgManager: true }), facts([['speaker']], {}, 'inactive')]) {
      expect(landingRoute(f, true).route === 'subscription').toBe(needsSubscription(f));
    }
  });
  it('routes need one when signed in, except the intake, Record with its prompts and thanks page, Subscription, joining and the account pages', () => {
    const free = Object.values(ROUTES)
      .filter((r) => r.auth && !routeNeedsSubscription(r))
      .map((r) => r.path)
      .sort();
    expect(free).toEqual([
      '/confirm-code',
      '/email-notifications',
      '/help',
      '/home',
      // The practice prompts lead to Record, as the intake does.
      '/practice',
      '/profile',
      '/record',
      '/subscription',
      '/subscription/:groupId',
      // The free-trial thanks page follows a URL upload from Record.
      '/thanks',
    ]);
    expect(routeNeedsSubscription(ROUTES.history)).toBe(true);
    expect(routeNeedsSubscription(ROUTES.customerAdminGroups)).toBe(true);
    expect(routeNeedsSubscription(ROUTES.signIn)).toBe(false);
    // A new signed-in route needs a subscription without saying so.
    expect(routeNeedsSubscription({ name: 'x', path: '/x', announcer: 'X', auth: true })).toBe(true);
  });
});

describe('mode (000 section 4)', () => {
  it('defaults to manager for users who are both, keeps a stored choice, forces single-role users', () => {
    const both = facts([['manager'], ['speaker']]);
    expect(resolveMode(both, undefined)).toBe('manager');
    expect(resolveMode(both, 'speaker')).toBe('speaker');
    expect(resolveMode(facts([['manager']]), 'speaker')).toBe('manager');
    expect(resolveMode(facts([['speaker']]), 'manager')).toBe('speaker');
    expect(canSwitchMode(roleFacts([['manager'], ['speaker']]))).toBe(true);
    expect(both.canSwitchMode).toBe(true);
    expect(canSwitchMode(roleFacts([['speaker']]))).toBe(false);
    expect(canSwitchMode(roleFacts([['speaker']], { isOrgManager: true }))).toBe(true);
  });
});

describe('navigationItems (000 section 2.2)', () => {
  it('speaker with Assignments off: Record, Results, History, Manage, Help', () => {
    expect(navigationItems(facts([['speaker']]), 'speaker', false)).toEqual(['record', 'results', 'history', 'manage', 'help']);
  });
  it('coach mode hides Record and Results; Assignments on shows Dashboard and hides Manage', () => {
    const both = facts([['manager'], ['speaker']]);
    expect(navigationItems(both, 'manager', true)).toEqual(['dashboard', 'history', 'help']);
    expect(navigationItems(both, 'speaker', true)).toEqual(['dashboard', 'record', 'results', 'history', 'help']);
  });
  it('Admin for org admins, hidden in speaker mode when Assignments is on', () => {
    const admin = facts([['manager'], ['speaker']], { isOrgAdmin: true, isOrgManager: true });
    expect(navigationItems(admin, 'manager', true)).toContain('admin');
    expect(navigationItems(admin, 'speaker', true)).not.toContain('admin');
    expect(navigationItems(admin, 'speaker', false)).toContain('admin');
  });
});

describe('privacy coupling (000 section 4)', () => {
  it('0 on one side forces the other to 0', () => {
    expect(couplePrivacy({ managerPrivacyLevel: 2, speakerPrivacyLevel: 3 }, 'manager', 0)).toEqual({
      managerPrivacyLevel: 0,
      speakerPrivacyLevel: 0,
    });
    expect(couplePrivacy({ managerPrivacyLevel: 2, speakerPrivacyLevel: 3 }, 'speaker', 0)).toEqual({
      managerPrivacyLevel: 0,
      speakerPrivacyLevel: 0,
    });
  });
  it('leaving 0: the other side becomes 2 when the speaker side changed, 4 when the manager side changed', () => {
    expect(couplePrivacy({ managerPrivacyLevel: 0, speakerPrivacyLevel: 0 }, 'speaker', 3)).toEqual({
      managerPrivacyLevel: 2,
      speakerPrivacyLevel: 3,
    });
    expect(couplePrivacy({ managerPrivacyLevel: 0, speakerPrivacyLevel: 0 }, 'manager', 1)).toEqual({
      managerPrivacyLevel: 1,
      speakerPrivacyLevel: 4,
    });
    expect(couplePrivacy({ managerPrivacyLevel: 1, speakerPrivacyLevel: 2 }, 'manager', 3)).toEqual({
      managerPrivacyLevel: 3,
      speakerPrivacyLevel: 2,
    });
  });
});

describe('allowed privacy pairs', () => {
  it('0 only without Assignments and on both sides; coach up to 3, speaker up to 4', () => {
    expect(isAllowedPrivacyPair({ managerPrivacyLevel: 0, speakerPrivacyLevel: 0 }, false)).toBe(true);
    expect(isAllowedPrivacyPair({ managerPrivacyLevel: 0, speakerPrivacyLevel: 0 }, true)).toBe(false);
    expect(isAllowedPrivacyPair({ managerPrivacyLevel: 0, speakerPrivacyLevel: 2 }, false)).toBe(false);
    expect(isAllowedPrivacyPair({ managerPrivacyLevel: 3, speakerPrivacyLevel: 4 }, true)).toBe(true);
    expect(isAllowedPrivacyPair({ managerPrivacyLevel: 4, speakerPrivacyLevel: 4 }, false)).toBe(false);
  });
});

describe('edu vocabulary', () => {
  it('switches group, coach and speaker words in one place', () => {
    expect(vocabulary('edu').Word('group')).toBe('Class');
    expect(vocabulary('edu').word('coaches')).toBe('instructors');
    expect(vocabulary('other').Word('speaker')).toBe('Speaker');
    expect(pseudoGroupName('edu')).toBe('Instructors and Admins');
    expect(pseudoGroupName('other')).toBe('Coaches and Admins');
    expect(alreadyCoachMessage('other')).toEqual({
      title: 'You are already a Coach in this Group',
      text: 'When you are a coach for a group, you cannot also be a speaker in that group.',
    });
    expect(alreadyCoachMessage('edu').text).toBe('When you are an instructor for a class, you cannot also be a student in that class.');
  });
});

describe('small rules', () => {
  it('generates invite codes from org and group names: hyphens, trimmed, at most 50', () => {
    expect(generateInviteCode('Riverside College', 'COMM 101')).toBe('Riverside-College-COMM-101');
    expect(generateInviteCode('  Acme, Inc. ', '(Team) #1!')).toBe('Acme-Inc-Team-1');
    const long = generateInviteCode('A'.repeat(30), 'B'.repeat(30));
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('-')).toBe(false);
  });
  it('parses bearer tokens at the first hyphen (keys may contain hyphens)', () => {
    expect(parseBearerToken('acme-abc-def')).toEqual({ orgCode: 'acme', apiKey: 'abc-def' });
    expect(parseBearerToken('nohyphen')).toBeNull();
    expect(parseBearerToken('-abc')).toBeNull();
  });
  it('accepts only same-site next paths', () => {
    expect(safeNext('/profile?x=1')).toBe('/profile?x=1');
    expect(safeNext('//evil.example')).toBeNull();
    expect(safeNext('https://evil.example')).toBeNull();
    expect(safeNext(undefined)).toBeNull();
  });
  it('refuses next paths holding a control character or a backslash (browsers drop tabs and newlines and read a backslash as a slash)', () => {
    for (const evil of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r//evil.example',
      '/\u0000/x',
      '/\u001f/x',
      '/\u007f/x',
      '/a\\b',
      '/\\evil.example',
    ]) {
      expect(safeNext(evil), JSON.stringify(evil)).toBeNull();
    }
    expect(safeNext('/recordings/abc?tab=feedback#top')).toBe('/recordings/abc?tab=feedback#top');
  });
  it('titles, names, birth years, expiry windows', () => {
    expect(pageTitle('Sign In')).toBe('Rostrum - Sign In');
    expect(autoFullName(' Ada ', 'Lovelace ')).toBe('Ada Lovelace');
    const years = birthYearChoices(new Date('2026-06-01'));
    expect(years[0]).toBe(2013);
    expect(years.at(-1)).toBe(1928);
    expect(profileFieldErrors({ firstName: 'A', lastName: 'Bo', name: 'A Bo' })).toEqual({ firstName: true, lastName: false, name: true });
    // Full name: the error style only between 2 and 4 characters (000 section 5).
    expect(profileFieldErrors({ firstName: 'Al', lastName: 'Bo', name: 'A' }).name).toBe(false);
    expect(profileFieldErrors({ firstName: 'Al', lastName: 'Bo', name: '' }).name).toBe(false);
    expect(profileFieldErrors({ firstName: 'Al', lastName: 'Bo', name: 'Al' }).name).toBe(true);
    expect(profileFieldErrors({ firstName: 'Al', lastName: 'Bo', name: 'Al Bo' }).name).toBe(false);
    const now = new Date('2026-01-01T00:00:00Z');
    expect(orgExpiryWarning('2026-02-10T00:00:00Z', now, 45)).toBe(true);
    expect(orgExpiryWarning('2026-03-10T00:00:00Z', now, 45)).toBe(false);
    expect(isPerpetualExpiry('2041-01-02T00:00:00Z', now)).toBe(true);
    expect(isPerpetualExpiry('2030-01-01T00:00:00Z', now)).toBe(false);
  });
});

describe('landing page and navigation together (issue 12 item 6)', () => {
  const bools = [false, true];
  // Every combination of abilities the server can send (roles.ts viewerAbilities).
  const all: TViewerAbilities[] = [];
  for (const canAdministerOrg of bools)
    for (const orgManager of bools)
      for (const managerRole of bools)
        for (const speakerRole of bools)
          all.push(
            viewerAbilities(
              roleFacts([...(managerRole ? [['manager']] : []), ...(speakerRole ? [['speaker']] : [])], {
                isOrgAdmin: canAdministerOrg,
                isOrgManager: orgManager,
              }),
            ),
          );

  it('the page a user lands on is always in their navigation (subscription via the logo)', () => {
    for (const v of all)
      for (const assignmentsOn of bools)
        for (const stored of ['manager', 'speaker', undefined] as Array<TMode | undefined>) {
          const landing = landingRoute(v, assignmentsOn);
          const item = navItemOfLanding(landing.route);
          if (item === null) continue;
          const mode = landing.forceMode ?? resolveMode(v, stored);
          expect(navigationItems(v, mode, assignmentsOn), JSON.stringify({ v, assignmentsOn, stored })).toContain(item);
        }
  });

  it('with Assignments on, coaches and speakers land on their dashboard, which the navigation links', () => {
    const coach = facts([['manager']]);
    const speaker = facts([['speaker']]);
    expect(navigationItems(coach, 'manager', true)).toEqual(['dashboard', 'history', 'help']);
    expect(navigationItems(speaker, 'speaker', true)).toEqual(['dashboard', 'record', 'results', 'history', 'help']);
    expect(landingRoute(coach, true).route).toBe('coach-dashboard');
    expect(landingRoute(speaker, true).route).toBe('speaker-dashboard');
    expect(landingRoute(speaker, false).route).toBe('evaluate');
    expect(dashboardPath('manager')).toBe('/coach-dashboard');
    expect(dashboardPath('speaker')).toBe('/speaker-dashboard');
  });
});
