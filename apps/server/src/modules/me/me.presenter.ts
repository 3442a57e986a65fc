import { DEFAULT_EMAIL_PREFERENCES, readPreferences, type TDataExportSummary, type TUser } from '@rostrum/contract';
import type { users } from '../../db/schema.js';
import { holdsOrgManagerRole, isOrgAdmin } from '../../auth/policies.js';

export type TUserRow = typeof users.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentUser(u: TUserRow, dataExport: TDataExportSummary | null): TUser {
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
    termsAccepted: u.termsAccepted,
    termsAcceptedAt: iso(u.termsAcceptedAt),
    privacyAccepted: u.privacyAccepted,
    privacyAcceptedAt: iso(u.privacyAcceptedAt),
    ageAttestation: u.ageAttestation,
    ageAttestationAt: iso(u.ageAttestationAt),
    usaStorageConsent: u.usaStorageConsent,
    usaStorageConsentAt: iso(u.usaStorageConsentAt),
    dataRetention: u.dataRetention,
    dataRetentionAt: iso(u.dataRetentionAt),
    dataUseAllowed: u.dataUseAllowed,
    dataUseAllowedAt: iso(u.dataUseAllowedAt),
    isOrgAdmin: isOrgAdmin(u),
    isOrgManager: holdsOrgManagerRole(u),
    preferences: readPreferences(u.preferences),
    emailPreferences: { ...DEFAULT_EMAIL_PREFERENCES, ...u.emailPreferences },
    createdDate: u.createdAt.toISOString(),
    dataExport,
  };
}
