import { DEFAULT_EMAIL_PREFERENCES, readPreferences, type TUser } from '@rostrum/contract';
import type { users } from '../../db/schema.js';
import { holdsOrgManagerRole, isOrgAdmin } from '../../auth/policies.js';

export type TUserRow = typeof users.$inferSelect;

export function presentUser(u: TUserRow): TUser {
  return {
    userId: u.id,
    orgId: u.orgId,
    name: u.name,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    metadata: {
      title: (u.metadata.title ?? null) as TUser['metadata']['title'],
      birthyear: u.metadata.birthyear ?? null,
      gender: (u.metadata.gender ?? null) as TUser['metadata']['gender'],
      freeTrial: u.metadata.freeTrial ?? false,
    },
    isEu: u.isEu ? '1' : '0',
    dataRetention: u.dataRetention,
    dataUseAllowed: u.dataUseAllowed,
    termsAccepted: u.termsAccepted,
    privacyAccepted: u.privacyAccepted,
    ageAttestation: u.ageAttestation,
    isOrgAdmin: isOrgAdmin(u),
    isOrgManager: holdsOrgManagerRole(u),
    preferences: readPreferences(u.preferences),
    emailPreferences: { ...DEFAULT_EMAIL_PREFERENCES, ...u.emailPreferences },
    createdDate: u.createdAt.toISOString(),
  };
}
