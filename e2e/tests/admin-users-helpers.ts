import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, NORTHWIND_CODE } from './helpers';

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every email the server wrote to its outbox for `email`, oldest first, decoded. */
export function mailsTo(email: string): string[] {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!fs.existsSync(outbox)) return [];
  const to = new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi');
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(outbox, f), 'utf8')))
    .filter((text) => to.test(text));
}

/** The /join?invite= link of the newest invite email to `email`. */
export async function readInviteLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () =>
        (link = mailsTo(email)
          .at(-1)
          ?.match(/https?:\/\/\S+\/join\?invite=[0-9a-f-]+/)?.[0]),
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

/** An API bearer header for a demo account. */
export async function apiAuth(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const res = await request.post('/api/v1/auth/sign-in', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  const d = (await res.json()).data as { orgCode: string; apiKey: string };
  return { authorization: `Bearer ${d.orgCode}-${d.apiKey}` };
}

/** Signs a new speaker up through the API with the Northwind group code; returns the response. */
export function signUpSpeaker(request: APIRequestContext, email: string, lastName = 'Filler') {
  return request.post('/api/v1/auth/sign-up', {
    data: {
      email,
      password: 'a-good-password',
      firstName: 'Seat',
      lastName,
      name: `Seat ${lastName}`,
      metadata: { title: 'professional' },
      inviteCode: NORTHWIND_CODE,
      termsAccepted: true,
    },
  });
}
