import { z } from 'zod';
import {
  type TInviteCheckBody,
  type TInviteCheckResponse,
  type TSignUpBody,
  ZGenderSchema,
  ZRequiredTitleSchema,
  ZSignUpBodySchema,
} from '@rostrum/contract';

/** An invite code the sign-up page checked, with what the check returned: the form's starting point. */
export interface TCheckedInvite {
  body: TInviteCheckBody;
  result: TInviteCheckResponse;
}

/** The consent messages of the sign-up form (000 section 2.6). */
export const CONSENT_MSG = {
  eu: 'Please confirm the four required items to create your account.',
  terms: 'Please accept the Terms of Use and Privacy Policy to create your account.',
} as const;

const body = ZSignUpBodySchema.shape;

/** The consent boxes: the one terms box, or the EU block (four required items and the optional retention). */
const ZConsentSchema = z.object({
  terms: z.boolean(),
  age: z.boolean(),
  usa: z.boolean(),
  euTerms: z.boolean(),
  privacy: z.boolean(),
  retention: z.boolean(),
});
export type TConsent = z.infer<typeof ZConsentSchema>;

/** Whether the required consent is given: the terms box, or (EU) age, USA storage, terms and privacy. */
export function consentGiven(c: TConsent, isEu: boolean): boolean {
  return isEu ? c.age && c.usa && c.euTerms && c.privacy : c.terms;
}

/**
 * The sign-up form's fields, each checked by the contract's rule for the API field it fills
 * (ZSignUpBodySchema), so the form and the server say the same thing.
 */
export function signUpFormSchema(isEu: boolean) {
  return z.object({
    email: body.email,
    password: body.password,
    firstName: body.firstName,
    lastName: body.lastName,
    name: body.name,
    title: z.string().pipe(ZRequiredTitleSchema),
    birthyear: z.string(),
    gender: z.union([z.literal(''), ZGenderSchema]),
    consent: ZConsentSchema.refine((c) => consentGiven(c, isEu), isEu ? CONSENT_MSG.eu : CONSENT_MSG.terms),
  });
}
export type TSignUpFormInput = z.input<ReturnType<typeof signUpFormSchema>>;
export type TSignUpFormValues = z.output<ReturnType<typeof signUpFormSchema>>;

export function signUpDefaults(email: string): TSignUpFormInput {
  return {
    email,
    password: '',
    firstName: '',
    lastName: '',
    name: '',
    title: '',
    birthyear: '',
    gender: '',
    consent: { terms: false, age: false, usa: false, euTerms: false, privacy: false, retention: false },
  };
}

/**
 * The POST auth/sign-up body of a valid form: privacyAccepted only when true; EU sign-ups send
 * each consent in its own field. Data use for improving the analysis is not asked here: the user
 * chooses it in account settings.
 */
export function signUpBody(v: TSignUpFormValues, invite: TCheckedInvite): TSignUpBody {
  const isEu = invite.result.isEu;
  const { consent } = v;
  const privacyAccepted = isEu ? consent.privacy : consent.terms;
  return ZSignUpBodySchema.parse({
    email: v.email,
    password: v.password,
    firstName: v.firstName,
    lastName: v.lastName,
    name: v.name,
    metadata: {
      title: v.title,
      ...(v.birthyear ? { birthyear: Number(v.birthyear) } : {}),
      ...(v.gender ? { gender: v.gender } : {}),
    },
    ...invite.body,
    termsAccepted: isEu ? consent.euTerms : consent.terms,
    ...(privacyAccepted ? { privacyAccepted: true } : {}),
    ...(isEu ? { isEu: '1', ageAttestation: consent.age, usaStorageConsent: consent.usa, dataRetention: consent.retention } : {}),
  });
}
