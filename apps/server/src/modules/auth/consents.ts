import type { users } from '../../db/schema.js';

type TUserInsert = typeof users.$inferInsert;
type TConsentColumns = Pick<
  TUserInsert,
  | 'termsAccepted'
  | 'termsAcceptedAt'
  | 'privacyAccepted'
  | 'privacyAcceptedAt'
  | 'ageAttestation'
  | 'ageAttestationAt'
  | 'usaStorageConsent'
  | 'usaStorageConsentAt'
  | 'dataRetention'
  | 'dataRetentionAt'
  | 'dataUseAllowed'
  | 'dataUseAllowedAt'
>;

/** What the sign-up form asks of an EU user (000 section 5): four required consents. */
export interface TEuConsentsGiven {
  ageAttestation?: boolean;
  usaStorageConsent?: boolean;
  privacyAccepted?: boolean;
  dataRetention?: boolean;
}

/** Whether an EU sign-up gave all four required consents (the terms box is required of everyone). */
export function euConsentsGiven(c: TEuConsentsGiven): boolean {
  return !!(c.ageAttestation && c.usaStorageConsent && c.privacyAccepted);
}

/**
 * The consent columns of a new account, dated `at` (the server's clock). Outside the EU the one
 * box covers the Terms of Use and the Privacy Policy, and no EU field is kept whatever the body
 * says. Data use is off and undated: nobody has chosen it yet.
 */
export function signUpConsents(isEu: boolean, given: TEuConsentsGiven, at: Date): TConsentColumns {
  const common = { termsAccepted: true, termsAcceptedAt: at, privacyAccepted: true, privacyAcceptedAt: at };
  if (!isEu) {
    return {
      ...common,
      ageAttestation: null,
      ageAttestationAt: null,
      usaStorageConsent: null,
      usaStorageConsentAt: null,
      dataRetention: null,
      dataRetentionAt: null,
      dataUseAllowed: null,
      dataUseAllowedAt: null,
    };
  }
  const retain = !!given.dataRetention;
  return {
    ...common,
    ageAttestation: true,
    ageAttestationAt: at,
    usaStorageConsent: true,
    usaStorageConsentAt: at,
    dataRetention: retain,
    dataRetentionAt: retain ? at : null,
    dataUseAllowed: false,
    dataUseAllowedAt: null,
  };
}

/**
 * The EU user's two choices from a profile save, each with the time it changed; a choice saved
 * unchanged keeps the time it was made. Nothing for a user outside the EU (000 section 5).
 */
export function dataChoiceChanges(
  user: Pick<typeof users.$inferSelect, 'isEu' | 'dataRetention' | 'dataUseAllowed'>,
  body: { dataRetention?: boolean; dataUseAllowed?: boolean },
  at: Date,
): Pick<TConsentColumns, 'dataRetention' | 'dataRetentionAt' | 'dataUseAllowed' | 'dataUseAllowedAt'> {
  if (!user.isEu) return {};
  return {
    ...(body.dataRetention !== undefined && body.dataRetention !== user.dataRetention
      ? { dataRetention: body.dataRetention, dataRetentionAt: at }
      : {}),
    ...(body.dataUseAllowed !== undefined && body.dataUseAllowed !== user.dataUseAllowed
      ? { dataUseAllowed: body.dataUseAllowed, dataUseAllowedAt: at }
      : {}),
  };
}
