import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EU_MIN_AGE, LEGAL_TITLES, ROUTES, type TLegalDocument, type TUser } from '@rostrum/contract';
import { formatDate } from '../../components/date-format';

/** 'You agreed on {date}', or without the date when none was recorded. */
const agreedOn = (at: string | null) => (at ? `You agreed on ${formatDate(at)}` : 'You agreed');

const legalLink = (document: TLegalDocument) => <Link to={ROUTES[document].path}>{LEGAL_TITLES[document]}</Link>;

/**
 * What an EU user agreed to when signing up (000 section 5) and when, one statement per required
 * consent they gave, in the order of the sign-up form.
 */
export function agreedStatements(u: TUser): { key: string; text: ReactNode }[] {
  const all = [
    u.ageAttestation && {
      key: 'age',
      text: (
        <>
          {agreedOn(u.ageAttestationAt)} that you are at least {EU_MIN_AGE} years old.
        </>
      ),
    },
    u.usaStorageConsent && {
      key: 'usa',
      text: <>{agreedOn(u.usaStorageConsentAt)} to the storage and processing of your data in the USA.</>,
    },
    u.termsAccepted && {
      key: 'terms',
      text: (
        <>
          {agreedOn(u.termsAcceptedAt)} to the {legalLink('terms')}.
        </>
      ),
    },
    u.privacyAccepted && {
      key: 'privacy',
      text: (
        <>
          {agreedOn(u.privacyAcceptedAt)} to the {legalLink('privacy')}.
        </>
      ),
    },
  ];
  return all.filter((s) => !!s);
}

/** When a choice was last made: 'You turned this on on {date}.', or nothing while never made. */
export function choiceNote(value: boolean | null, at: string | null): string | null {
  if (!at) return null;
  return `You turned this ${value ? 'on' : 'off'} on ${formatDate(at)}.`;
}
