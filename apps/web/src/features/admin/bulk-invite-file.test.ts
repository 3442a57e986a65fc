import { describe, expect, it } from 'vitest';
import { CSV_EMPTY, CSV_HEADER_MISSING } from '@rostrum/contract';
import { CSV_TOO_LARGE, CSV_UNREADABLE, readInviteeFile } from './bulk-invite-file';

const csv = (text: string, name = 'list.csv') => new File([text], name, { type: 'text/csv' });

describe('readInviteeFile (csv-parse, then the contract finds the columns)', () => {
  it('reads quoted fields, a BOM and Windows line ends; the header in any letter case and order', async () => {
    const text =
      '\uFEFFLast Name,EMAIL,First Name\r\n"Lovelace, the first",ada@x.org,"Ada ""Countess"""\r\nHopper,grace@x.org,Grace\r\n\r\n';
    expect(await readInviteeFile(csv(text))).toEqual({
      invitees: [
        { email: 'ada@x.org', firstName: 'Ada "Countess"', lastName: 'Lovelace, the first' },
        { email: 'grace@x.org', firstName: 'Grace', lastName: 'Hopper' },
      ],
    });
  });

  it('takes the semicolons (or tabs) of spreadsheets saved in other languages, and short rows', async () => {
    expect(await readInviteeFile(csv('email;first name;last name\nada@x.org;Ada\n'))).toEqual({
      invitees: [{ email: 'ada@x.org', firstName: 'Ada' }],
    });
    expect(await readInviteeFile(csv('email\tfirst name\nada@x.org\tAda\n'))).toEqual({
      invitees: [{ email: 'ada@x.org', firstName: 'Ada' }],
    });
  });

  it('says what is wrong with a file it cannot use', async () => {
    expect(await readInviteeFile(csv('ada@x.org,Ada,Lovelace\n'))).toEqual({ error: CSV_HEADER_MISSING });
    expect(await readInviteeFile(csv(''))).toEqual({ error: CSV_EMPTY });
    expect(await readInviteeFile(csv('email\n"ada@x.org\n'))).toEqual({ error: CSV_UNREADABLE });
    expect(await readInviteeFile(csv('x'.repeat(1024 * 1024 + 1)))).toEqual({ error: CSV_TOO_LARGE });
  });
});
