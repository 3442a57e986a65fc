import { z } from 'zod';
import { ZGenderSchema, ZTitleSchema, ZUpdateMeBodySchema, type TUpdateMeBody, type TUser } from '@rostrum/contract';

/** The profile form's fields as the inputs hold them (selects hold '' for "not set"). */
const ZProfileFieldsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  title: z.union([z.literal(''), ZTitleSchema]),
  birthyear: z.string(),
  gender: z.union([z.literal(''), ZGenderSchema]),
  newEmail: z.string(),
  password: z.string(),
});
export type TProfileFormInput = z.input<typeof ZProfileFieldsSchema>;

export function profileDefaults(user: TUser): TProfileFormInput {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    name: user.name,
    title: user.metadata.title ?? '',
    birthyear: user.metadata.birthyear ? String(user.metadata.birthyear) : '',
    gender: user.metadata.gender ?? '',
    newEmail: '',
    password: '',
  };
}

/**
 * The PUT me body of the form: the new email (with the password) only when it is given and differs
 * from the current one. EU users' data choices are saved on their own (data-consent-card.tsx).
 */
export function profileBody(v: TProfileFormInput, user: TUser): TUpdateMeBody {
  const email = v.newEmail.trim();
  const changing = !!email && email.toLowerCase() !== user.email.toLowerCase();
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    name: v.name,
    metadata: { title: v.title || null, birthyear: v.birthyear ? Number(v.birthyear) : null, gender: v.gender || null },
    ...(changing ? { newEmail: email, password: v.password } : {}),
  };
}

/**
 * The profile form checked by the API's own rule (ZUpdateMeBodySchema) on the body it sends, so a
 * message lands on the field it names (firstName, name, newEmail, password).
 */
export function profileFormSchema(user: TUser) {
  return ZProfileFieldsSchema.transform((v) => profileBody(v, user)).pipe(ZUpdateMeBodySchema);
}
