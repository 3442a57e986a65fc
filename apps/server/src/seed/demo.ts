import { subDays, subYears } from 'date-fns';
import { count } from 'drizzle-orm';
import {
  DEFAULT_EMAIL_PREFERENCES,
  freeAccessUntil,
  scorecardQuestions,
  generateInviteCode,
  type TAssignmentCriteriaInput,
  type TOrgSettings,
} from '@rostrum/contract';
import type { TDb } from '../db/client.js';
import { assignmentTargets, assignments, groups, memberships, organisations, plans, scorecards, users } from '../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { signUpConsents } from '../modules/auth/index.js';

// Demo data for `npm start` on an empty database: two companies and one school, each with an
// org admin, a coach and a speaker, and a group (class) with an invite code. Northwind offers two
// plans (Annual, Monthly) on its subscription page. Summit has the
// Assignments setting on, with two assignments and a custom scorecard, a shared template of its
// coach and Download Report on (the global templates are seed/global-templates.ts). The README lists these
// sign-ins; keep the two in step.

export const DEMO_PASSWORD = 'rostrum-demo';

interface TDemoOrg {
  code: string;
  name: string;
  type: 'edu' | 'other';
  settings: TOrgSettings;
  group: string;
  /** More groups without members: a free duration of their own, invite code from the names. */
  extraGroups?: { name: string; freeYears: number }[];
  people: {
    role: 'admin' | 'coach' | 'speaker';
    email: string;
    first: string;
    last: string;
    title: string;
    /** A speaker of one of the extra groups whose free access there ended this many days ago. */
    lapsed?: { group: string; daysAgo: number };
  }[];
  assignments?: TDemoAssignment[];
  /** Plans offered on the subscription page: price in cents, duration in days. */
  plans?: { name: string; price: number; duration: number; recurring: boolean }[];
  /** Templates owned by the coach; shared ones are public to the organisation's coaches. */
  templates?: (TDemoAssignment & { criteria: Omit<TAssignmentCriteriaInput, 'algorithm'>; isShared: boolean })[];
}

interface TDemoAssignment {
  name: string;
  description: string;
  algorithm: string;
  /** Custom scorecard ratings after the four presets: label and description. */
  scorecard?: { custom: [string, string][]; coachOnly: boolean };
}

export const DEMO_ORGS: TDemoOrg[] = [
  {
    code: 'northwind',
    name: 'Northwind Communications',
    type: 'other',
    // Org and group wordspotting lists are customisable here; speakers' own lists are not.
    // Owners may make public share links of their results (Public_Share_Links, off by default).
    settings: {
      Public_Share_Links: true,
      Email_Notifications_For_Speakers: true,
      Email_Notifications_For_Managers: true,
      seatLimit: 50,
      Custom_Wordspotting_For_Orgs: true,
      Custom_Wordspotting_For_Groups: true,
    },
    group: 'Sales Team',
    extraGroups: [{ name: 'Leadership Workshop', freeYears: 1 }],
    plans: [
      { name: 'Annual', price: 9900, duration: 365, recurring: false },
      { name: 'Monthly', price: 1200, duration: 30, recurring: true },
    ],
    people: [
      { role: 'admin', email: 'admin@northwind.example', first: 'Avery', last: 'Admin', title: 'director-executive' },
      { role: 'coach', email: 'coach@northwind.example', first: 'Casey', last: 'Coach', title: 'coach' },
      { role: 'speaker', email: 'speaker@northwind.example', first: 'Sam', last: 'Speaker', title: 'professional' },
      // Joined Leadership Workshop (1 year free) 13 months ago: renews on the subscription page.
      {
        role: 'speaker',
        email: 'lapsed@northwind.example',
        first: 'Lee',
        last: 'Lapsed',
        title: 'professional',
        lapsed: { group: 'Leadership Workshop', daysAgo: 30 },
      },
    ],
  },
  {
    code: 'riverside',
    name: 'Riverside College',
    type: 'edu',
    // Riverside imports Zoom cloud recordings (Upload ZOOM; the server needs its Zoom keys too).
    settings: {
      Email_Notifications_For_Speakers: true,
      Email_Notifications_For_Managers: true,
      Zoom_Integration: true,
      euUsers: true,
      seatLimit: 200,
    },
    group: 'COMM 101',
    people: [
      { role: 'admin', email: 'admin@riverside.example', first: 'Robin', last: 'Registrar', title: 'school-admin' },
      { role: 'coach', email: 'instructor@riverside.example', first: 'Indira', last: 'Instructor', title: 'professor' },
      { role: 'speaker', email: 'student@riverside.example', first: 'Stevie', last: 'Student', title: 'college-student' },
    ],
  },
  {
    code: 'summit',
    name: 'Summit Speaking Academy',
    type: 'other',
    settings: {
      Assignments: true,
      Download_Report_Button: true,
      Custom_Wordspotting_For_Groups: true,
      Custom_Wordspotting_For_Users: true,
      Email_Notifications_For_Speakers: true,
      Email_Notifications_For_Managers: true,
      seatLimit: 25,
      // Perpetual free access at organisation level: new groups need no free duration of their own.
      freeDuration: { years: 15 },
    },
    group: 'Pitch Practice',
    people: [
      { role: 'admin', email: 'admin@summit.example', first: 'Alex', last: 'Summit', title: 'director-executive' },
      { role: 'coach', email: 'coach@summit.example', first: 'Morgan', last: 'Mentor', title: 'coach' },
      { role: 'speaker', email: 'speaker@summit.example', first: 'Jordan', last: 'Presenter', title: 'professional' },
    ],
    assignments: [
      {
        name: 'Elevator Pitch',
        description: 'Pitch your product in under two minutes: the problem, your answer, and one clear ask.',
        algorithm: 'rostrum-default',
        scorecard: {
          custom: [
            ['Storytelling', 'Does the pitch tell a story the listener can picture?'],
            ['Call to Action', 'Is the ask clear, specific and easy to say yes to?'],
          ],
          coachOnly: false,
        },
      },
      {
        name: 'Client Discovery Call',
        description: 'Record a practice discovery call with a colleague playing the client.',
        algorithm: 'rostrum-conversational',
        scorecard: { custom: [['Active Listening', 'Does the speaker build on what the client says?']], coachOnly: true },
      },
    ],
    templates: [
      {
        name: 'Persuasive Talk',
        description: 'A three-minute talk that moves the audience to act: open with a hook, give two reasons, close with the ask.',
        algorithm: 'rostrum-default',
        isShared: true,
        criteria: { minRecordings: true, minRecordingsCount: 2, minRating: true, minRatingNum: 6, managerReview: true },
        scorecard: { custom: [['Persuasiveness', 'Would you do what the speaker asks?']], coachOnly: false },
      },
    ],
  },
];

/** Creates the demo organisations when the database has none. Returns whether it seeded. */
export async function seedDemoIfEmpty(db: TDb): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(organisations);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // The demo speakers hold what a sign-up through the main group's 15-year free duration gives.
  const years15 = freeAccessUntil(15, new Date());
  await db.transaction(async (tx) => {
    for (const d of DEMO_ORGS) {
      let coachId: string | null = null;
      const [org] = await tx.insert(organisations).values({ code: d.code, name: d.name, type: d.type, settings: d.settings }).returning();
      const [group] = await tx
        .insert(groups)
        .values({
          orgId: org!.id,
          name: d.group,
          inviteCode: generateInviteCode(d.name, d.group),
          settings: { freeDuration: { years: 15 } },
          managerPrivacyLevel: 1,
          speakerPrivacyLevel: 2,
        })
        .returning();
      if (d.plans?.length) {
        await tx
          .insert(plans)
          .values(
            d.plans.map((p) => ({ orgId: org!.id, name: p.name, priceCents: p.price, durationDays: p.duration, recurring: p.recurring })),
          );
      }
      const extraGroupIds = new Map<string, string>();
      for (const extra of d.extraGroups ?? []) {
        const [row] = await tx
          .insert(groups)
          .values({
            orgId: org!.id,
            name: extra.name,
            inviteCode: generateInviteCode(d.name, extra.name),
            settings: { freeDuration: { years: extra.freeYears } },
          })
          .returning({ id: groups.id });
        extraGroupIds.set(extra.name, row!.id);
      }
      for (const p of d.people) {
        const [u] = await tx
          .insert(users)
          .values({
            orgId: org!.id,
            email: p.email,
            passwordHash,
            firstName: p.first,
            lastName: p.last,
            name: `${p.first} ${p.last}`,
            metadata: { title: p.title },
            isEu: !!d.settings.euUsers,
            ...signUpConsents(!!d.settings.euUsers, {}, new Date()),
            orgRoles: p.role === 'admin' ? ['admin', 'manager'] : [],
            emailPreferences: DEFAULT_EMAIL_PREFERENCES,
          })
          .returning();
        if (p.role === 'coach') {
          await tx.insert(memberships).values({ userId: u!.id, groupId: group!.id, roles: ['manager'], status: 'active' });
        }
        if (p.role === 'speaker' && p.lapsed) {
          // Joined when the group's free years began, so the membership reads "Since" before "Ended".
          const lapsed = p.lapsed;
          const expiresAt = subDays(new Date(), lapsed.daysAgo);
          const freeYears = d.extraGroups?.find((g) => g.name === lapsed.group)?.freeYears ?? 1;
          const startDate = subYears(expiresAt, freeYears);
          const groupId = extraGroupIds.get(lapsed.group)!;
          await tx
            .insert(memberships)
            .values({ userId: u!.id, groupId, roles: ['speaker'], status: 'active', startDate, createdAt: startDate, expiresAt });
        } else if (p.role === 'speaker') {
          await tx
            .insert(memberships)
            .values({ userId: u!.id, groupId: group!.id, roles: ['speaker'], status: 'active', expiresAt: years15 });
        }
        if (p.role === 'coach') coachId = u!.id;
      }
      for (const a of d.assignments ?? []) {
        const [row] = await tx
          .insert(assignments)
          .values({
            orgId: org!.id,
            groupId: group!.id,
            userId: coachId,
            name: a.name,
            description: a.description,
            criteria: { algorithm: a.algorithm, scorecard: !!a.scorecard },
          })
          .returning();
        // Continuous: for the group's speakers now and later.
        await tx.insert(assignmentTargets).values({ assignmentId: row!.id, groupId: group!.id });
        if (!a.scorecard) continue;
        await tx
          .insert(scorecards)
          .values({ assignmentId: row!.id, questions: scorecardQuestions(a.scorecard.custom), coachOnly: a.scorecard.coachOnly });
      }
      for (const a of d.templates ?? []) {
        const [row] = await tx
          .insert(assignments)
          .values({
            orgId: org!.id,
            userId: coachId,
            name: a.name,
            description: a.description,
            criteria: { algorithm: a.algorithm, ...a.criteria, scorecard: !!a.scorecard },
            isTemplate: true,
            isShared: a.isShared,
          })
          .returning();
        if (!a.scorecard) continue;
        await tx
          .insert(scorecards)
          .values({ assignmentId: row!.id, questions: scorecardQuestions(a.scorecard.custom), coachOnly: a.scorecard.coachOnly });
      }
    }
  });
  return true;
}
