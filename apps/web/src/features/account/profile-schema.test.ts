import { describe, expect, it } from 'vitest';
import type { TUser } from '@rostrum/contract';
import { profileBody, profileDefaults, profileFormSchema } from './profile-schema';

const user = {
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Speaker',
  name: 'Sam Speaker',
  metadata: { title: 'professional', birthyear: null },
  isEu: '0',
  dataRetention: null,
  dataUseAllowed: null,
} as const satisfies Partial<TUser>;
const asUser = (u: Partial<TUser>): TUser => ({ ...({} as TUser), ...u });

describe('profile form (000 sections 2.9 and 5)', () => {
  const me = asUser(user);

  it('starts from the user and sends the profile without an unchanged email', () => {
    const values = profileDefaults(me);
    expect(values).toMatchObject({ firstName: 'Sam', title: 'professional', birthyear: '', gender: '', newEmail: '' });
    expect(profileBody({ ...values, newEmail: 'SAM@example.com', password: 'pw' }, me)).toEqual({
      firstName: 'Sam',
      lastName: 'Speaker',
      name: 'Sam Speaker',
      metadata: { title: 'professional', birthyear: null, gender: null },
    });
  });

  it('puts the API rule messages on the fields they name', () => {
    const r = profileFormSchema(me).safeParse({ ...profileDefaults(me), firstName: ' ', newEmail: 'new@example.com' });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      firstName: 'First name is required',
      password: 'Enter your current password to change your email',
    });
  });

  it('sends an email change with the password; never the EU data choices, which are saved on their own', () => {
    const eu = asUser({ ...user, isEu: '1' });
    const r = profileFormSchema(eu).parse({ ...profileDefaults(eu), birthyear: '1990', newEmail: ' New@Example.com', password: 'pw' });
    expect(r).toEqual({
      firstName: 'Sam',
      lastName: 'Speaker',
      name: 'Sam Speaker',
      metadata: { title: 'professional', birthyear: 1990, gender: null },
      newEmail: 'new@example.com',
      password: 'pw',
    });
  });
});
