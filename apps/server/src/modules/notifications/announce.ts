import type { TDb } from '../../db/client.js';
import { notices } from '../../db/schema.js';
import type { TMail } from '../../mail/mailer.js';

/** What a notifying change needs: the mail queue and the public URL the links point at. */
export interface TNotifyDeps {
  queue: { enqueueEmail(tx: TDb, mail: TMail): Promise<void> };
  config: { publicUrl: string };
}

export type TNoticeInsert = Omit<typeof notices.$inferInsert, 'id' | 'createdAt' | 'readAt'>;

/**
 * One event told to one user: the notice their bell lists, and the email when they take that kind
 * (null when their organisation or their settings turn it off). Who is told is decided once, by
 * the caller's audience rule, for both.
 */
export interface TAnnouncement {
  notice: TNoticeInsert;
  mail: TMail | null;
}

/**
 * The one way events reach people: every notice is stored for the bell, every email enqueued, in
 * the caller's transaction (both go only if the change commits). Returns the emails enqueued.
 */
export async function announce(tx: TDb, deps: TNotifyDeps, announcements: readonly TAnnouncement[]): Promise<number> {
  if (announcements.length === 0) return 0;
  await tx.insert(notices).values(announcements.map((a) => a.notice));
  let mails = 0;
  for (const a of announcements) {
    if (!a.mail) continue;
    await deps.queue.enqueueEmail(tx, a.mail);
    mails++;
  }
  return mails;
}
