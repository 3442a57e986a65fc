import { and, eq, ne, sql } from 'drizzle-orm';
import {
  GROUP_PREFERENCE_KEYS,
  PREFERENCES_LIMITS,
  readPreferences,
  type TEmailPreferences,
  type TGroupPreferenceKey,
  type TPreferences,
  type TUpdatePreferencesBody,
} from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { TUserRow } from './me.presenter.js';

export async function findUser(db: TDb, userId: string): Promise<TUserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  return u ?? null;
}

/** Whether a user other than `exceptUserId` signs in with this email. */
export async function emailTakenByOther(db: TDb, email: string, exceptUserId: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptUserId)))
    .limit(1);
  return !!taken;
}

/** Saves these profile fields and returns the saved user. */
export async function updateUserRow(db: TDb, userId: string, set: Partial<typeof users.$inferInsert>): Promise<TUserRow> {
  const [row] = await db.update(users).set(set).where(eq(users.id, userId)).returning();
  return row!;
}

/**
 * Merges the given preferences into the stored ones in SQL (no lost update between two tabs). A
 * per-group map merges group by group: the groups not named keep their stored value, a null
 * forgets one. Nothing is saved, and null comes back, when the result would pass the caps.
 */
export async function mergePreferences(db: TDb, userId: string, body: TUpdatePreferencesBody): Promise<TPreferences | null> {
  const flat: Record<string, unknown> = {};
  const maps: [TGroupPreferenceKey, Record<string, string | null>][] = [];
  for (const [key, value] of Object.entries(body)) {
    if ((GROUP_PREFERENCE_KEYS as string[]).includes(key)) maps.push([key as TGroupPreferenceKey, value as Record<string, string | null>]);
    else flat[key] = value;
  }
  let merged = sql`${users.preferences} || ${JSON.stringify(flat)}::jsonb`;
  for (const [key, entries] of maps) {
    const set = Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== null));
    // A stored value that is not a map (written before the key was named) is replaced.
    let map = sql`(case when jsonb_typeof(${users.preferences} -> ${key}::text) = 'object' then ${users.preferences} -> ${key}::text else '{}'::jsonb end || ${JSON.stringify(set)}::jsonb)`;
    for (const [groupId, v] of Object.entries(entries)) if (v === null) map = sql`(${map} - ${groupId}::text)`;
    merged = sql`(${merged} || jsonb_build_object(${key}::text, ${map}))`;
  }
  const [saved] = await db
    .update(users)
    .set({ preferences: merged })
    .where(
      and(
        eq(users.id, userId),
        sql`octet_length((${merged})::text) <= ${PREFERENCES_LIMITS.storedBytes}`,
        sql`(select count(*) from jsonb_object_keys(${merged})) <= ${PREFERENCES_LIMITS.keys}`,
        ...maps.map(
          ([key]) => sql`(select count(*) from jsonb_object_keys((${merged}) -> ${key}::text)) <= ${PREFERENCES_LIMITS.groupEntries}`,
        ),
      ),
    )
    .returning({ preferences: users.preferences });
  return saved ? readPreferences(saved.preferences) : null;
}

/** Sets the user's email switches; null when there is no such user. */
export async function setEmailPreferences(db: TDb, userId: string, prefs: TEmailPreferences): Promise<TEmailPreferences | null> {
  const [saved] = await db
    .update(users)
    .set({ emailPreferences: prefs })
    .where(eq(users.id, userId))
    .returning({ emailPreferences: users.emailPreferences });
  return saved?.emailPreferences ?? null;
}

/**
 * Sets the email switches of the account with this unsubscribe code, and turns its access
 * reminders off (unsubscribing is from every email); false when no account has it.
 */
export async function setEmailPreferencesByUnsubscribeCode(db: TDb, code: string, prefs: TEmailPreferences): Promise<boolean> {
  const [u] = await db
    .update(users)
    .set({ emailPreferences: prefs, accessReminders: false })
    .where(eq(users.unsubscribeCode, code))
    .returning({ id: users.id });
  return !!u;
}
