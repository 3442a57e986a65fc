import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES, MSG, type TInviteCheckBody, type TMeResponse, type TSignInBody, type THubLoginBody } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { errorMessage, isApiError } from '../../api/http-client';
import { FORM_ERROR, type TServerErrorRule } from '../../api/form-errors';
import { sessionStore } from '../../app/session-store';
import { sharedTakeStore } from '../intake/take-store';
import { completeSignIn } from './complete-sign-in';
import { signUpBody, type TCheckedInvite, type TSignUpFormValues } from './sign-up-schema';

// Sign-in: a password, a key (a sign-in link or the hub's), and what the hub flow asks first.

type TSignInInput = { email: string; password: string };

/** Wrong credentials (401) and other refusals are shown under the form; 5xx and offline go to the banner. */
export const SIGN_IN_ERRORS: ReadonlyArray<TServerErrorRule<TSignInInput>> = [
  { on: 401, field: FORM_ERROR, message: (e) => (e.hasBody ? e.message : MSG.incorrectCredentials) },
  { on: 'client', field: FORM_ERROR },
];

/** Signs in with a password; `onSignedIn` (awaited) goes on to the landing path. */
export function useSignIn(on: { onSignedIn: (landing: string) => void | Promise<void>; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSignInBody) => {
      await on.onSignedIn(await completeSignIn(queryClient, await operations.signIn({ body: body })));
    },
    onError: on.onError,
  });
}

/** Signs in with a key; `onSignedIn` (awaited) goes on to the landing path. The caller shows every failure. */
export function useSignInWithKey(on: { onSignedIn: (landing: string) => void | Promise<void>; onError: (e: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (signInKey: string) => {
      await on.onSignedIn(await completeSignIn(queryClient, await operations.signInWithKey({ body: { key: signInKey } })));
    },
    onError: on.onError,
    meta: { ownsErrors: true },
  });
}

/** Whose account a sign-in link opens, without using its key. */
export function peekSignInKey(key: string) {
  return operations.peekSignInKey({ body: { key: key } });
}

/** Starts a hub sign-in: the hub's page to go to. */
export function startHubSignIn(next: string | null) {
  return operations.startHubSignIn({ body: { next: next } });
}

/** btc/login: the hub's code (or error) for a one-hour sign-in key. */
export function hubLogin(body: THubLoginBody) {
  return operations.hubLogin({ body: body });
}

/**
 * Signs out: the device's unsaved take of this user and the key go (a failed revoke still signs
 * out here), then the stored session and every loaded query, before `on.onSuccess`.
 */
export function useSignOut(on: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const userId = queryClient.getQueryData<TMeResponse>(queryKeys.me)?.user.userId;
      if (userId) await sharedTakeStore().then((store) => store?.remove(userId).catch(() => undefined));
      if (sessionStore.get()) await operations.signOut().catch(() => undefined);
    },
    onSuccess: () => {
      sessionStore.signOut();
      queryClient.clear();
      on.onSuccess();
    },
  });
}

// Sign-up: the invite check, then the account.

/** Checks an invite code or invite id; the caller shows every failure (inviteCheckErrorMessage). */
export function useCheckInvite(on: { onStart: () => void; onSuccess: (invite: TCheckedInvite) => void; onError: (e: Error) => void }) {
  return useMutation({
    mutationFn: async (body: TInviteCheckBody): Promise<TCheckedInvite> => ({
      body,
      result: await operations.checkInvite({ body: body }, { own402: true }),
    }),
    onMutate: on.onStart,
    onSuccess: on.onSuccess,
    onError: on.onError,
    meta: { ownsErrors: true },
  });
}

/** The invite check's failure text (000 section 8): 400 is an invalid code, 401/402 carry the server message. */
export function inviteCheckErrorMessage(e: unknown): string {
  if (isApiError(e) && (e.status === 400 || e.status === 404)) return MSG.inviteCodeInvalid;
  return errorMessage(e, MSG.inviteCodeInvalid);
}

/** Sign-up 409 and the sign-in attempt with the entered credentials failed too. */
export class EmailTakenError extends Error {}

/** Where the user lands after a sign-up: the landing path, and (409) an explicit target. */
interface TSignedIn {
  landing: string;
  target?: string;
}

/**
 * Creates the account and signs in with its key. A 409 (the email is registered in this
 * organisation) signs in with the entered credentials instead and names `joinTarget`; when that
 * fails too, EmailTakenError.
 */
export function useSignUp(
  queryClient: QueryClient,
  invite: TCheckedInvite,
  joinTarget: string,
  on: { onSuccess: (signedIn: TSignedIn) => void; onError: (e: Error) => void },
) {
  const signInToJoin = async (values: TSignUpFormValues): Promise<TSignedIn> => {
    const signedIn = await operations.signIn({ body: { email: values.email, password: values.password } }).catch(() => {
      throw new EmailTakenError();
    });
    return { landing: await completeSignIn(queryClient, signedIn), target: joinTarget };
  };
  return useMutation({
    mutationFn: async ({ values }: { values: TSignUpFormValues }): Promise<TSignedIn> => {
      const created = await operations.signUp({ body: signUpBody(values, invite) }).catch((err: unknown) => {
        if (isApiError(err) && err.status === 409) return null;
        throw err;
      });
      if (!created) return signInToJoin(values);
      return { landing: await completeSignIn(queryClient, await operations.signInWithKey({ body: { key: created.signInKey } })) };
    },
    onSuccess: on.onSuccess,
    onError: on.onError,
  });
}

/** A refused sign-up's notice; null when the form shows it (EmailTakenError) or the banner does (5xx, offline). */
export function signUpErrorMessage(err: unknown): string | null {
  if (!isApiError(err)) return null;
  if (err.status === 400) return MSG.signUpInvalid;
  if (err.status === 402) return MSG.seatLimit;
  if (err.status < 500 && err.status !== 0) return err.message;
  return null;
}

// Passwords: forgot and reset.

type TForgotInput = { email: string };

/** An unknown email and other refusals show on the email field. */
export const FORGOT_ERRORS: ReadonlyArray<TServerErrorRule<TForgotInput>> = [
  { on: ERROR_CODES.authEmailUnknown, field: 'email', message: MSG.forgotNotFound },
  { on: 'client', field: 'email' },
];

export function useForgotPassword(on: { onSuccess: () => void; onError: (e: Error) => void }) {
  return useMutation({
    mutationFn: (body: TForgotInput) => operations.forgotPassword({ body: { email: body.email } }),
    onSuccess: on.onSuccess,
    onError: on.onError,
  });
}

/** A refused link (invalid, used or expired) shows under the form with a link to ask for a new one. */
export const RESET_ERRORS: ReadonlyArray<TServerErrorRule<{ newPassword: string }>> = [{ on: 'client', field: FORM_ERROR, withBody: true }];

/** Sets the new password; `onReset` (awaited) leaves for sign-in. */
export function useResetPassword(email: string, token: string, on: { onReset: () => void | Promise<void>; onError: (e: Error) => void }) {
  return useMutation({
    mutationFn: async (newPassword: string) => {
      await operations.resetPassword({ body: { email, token, newPassword } });
      await on.onReset();
    },
    onError: on.onError,
  });
}
