import { describe, expect, it } from 'vitest';
import {
  BULK_INVITE_MAX,
  bulkInviteReasonText,
  bulkInviteSeatMessage,
  bulkInviteSummary,
  CSV_EMPTY,
  CSV_HEADER_MISSING,
  inviteesFromCsvRows,
  parseInviteeText,
  screenInvitees,
  splitFullName,
  ZBulkInviteBodySchema,
} from './bulk-invites.js';

const GROUP = '3f1c2b9e-8a4d-4c6e-9f00-123456789abc';

describe('parseInviteeText', () => {
  it('splits at commas, semicolons, spaces and new lines (CRLF too), dropping empty entries', () => {
    expect(parseInviteeText('a@x.org, b@x.org;c@x.org d@x.org\ne@x.org\r\nf@x.org\t g@x.org ,, ;\n\n')).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((l) => ({ email: `${l}@x.org` })),
    );
    expect(parseInviteeText('')).toEqual([]);
    expect(parseInviteeText('  \n , ; ')).toEqual([]);
  });

  it('reads "First Last <email>", a quoted name with a comma, and several named entries on one line', () => {
    expect(parseInviteeText('Ada Lovelace <ada@x.org>')).toEqual([{ email: 'ada@x.org', firstName: 'Ada', lastName: 'Lovelace' }]);
    expect(parseInviteeText('"Lovelace, Ada" <ada@x.org>, "Grace Hopper" <grace@x.org>')).toEqual([
      { email: 'ada@x.org', firstName: 'Ada', lastName: 'Lovelace' },
      { email: 'grace@x.org', firstName: 'Grace', lastName: 'Hopper' },
    ]);
    expect(parseInviteeText('Ada Lovelace <ada@x.org> Grace Hopper <grace@x.org> tail@x.org')).toEqual([
      { email: 'ada@x.org', firstName: 'Ada', lastName: 'Lovelace' },
      { email: 'grace@x.org', firstName: 'Grace', lastName: 'Hopper' },
      { email: 'tail@x.org' },
    ]);
    // A bare address before a named one stays an address of its own, in its place.
    expect(parseInviteeText('first@x.org Mary Ann Smith < mary@x.org >')).toEqual([
      { email: 'first@x.org' },
      { email: 'mary@x.org', firstName: 'Mary Ann', lastName: 'Smith' },
    ]);
    expect(parseInviteeText('Cher <cher@x.org>\n<anon@x.org>')).toEqual([
      { email: 'cher@x.org', firstName: 'Cher' },
      { email: 'anon@x.org' },
    ]);
  });

  it('keeps what is not an address, so the result can say so; a stray quote ends with its line', () => {
    expect(parseInviteeText('Ada Lovelace ada@x.org')).toEqual([{ email: 'Ada' }, { email: 'Lovelace' }, { email: 'ada@x.org' }]);
    expect(parseInviteeText('<broken@x.org\n"unclosed, a@x.org\nb@x.org')).toEqual([
      { email: 'broken@x.org' },
      { email: '"unclosed,' },
      { email: 'a@x.org' },
      { email: 'b@x.org' },
    ]);
    expect(parseInviteeText('Nobody <>')).toEqual([{ email: '', firstName: 'Nobody' }]);
  });

  it('cuts a field to what the schema takes, so any paste is a valid batch (the row is then reported)', () => {
    const [row] = parseInviteeText(`${'n'.repeat(600)} <${'a'.repeat(600)}@x.org>`);
    expect(row!.email).toHaveLength(500);
    expect(row!.firstName).toHaveLength(500);
    expect(ZBulkInviteBodySchema.safeParse({ groupId: GROUP, invitees: [row] }).success).toBe(true);
    expect(screenInvitees([row!])[0]!.skip).toBe('invalid-email');
  });
});

describe('splitFullName', () => {
  it('last word is the last name; "Last, First"; one word is a first name', () => {
    expect(splitFullName('Ada Lovelace')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitFullName('  Mary   Ann  Smith ')).toEqual({ firstName: 'Mary Ann', lastName: 'Smith' });
    expect(splitFullName('Lovelace, Ada')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitFullName('"Cher"')).toEqual({ firstName: 'Cher' });
    expect(splitFullName('Lovelace,')).toEqual({ lastName: 'Lovelace' });
    expect(splitFullName('  ')).toEqual({});
  });
});

describe('inviteesFromCsvRows', () => {
  it('finds email, first name and last name in any order and spelling; other columns and empty rows are ignored', () => {
    const rows = [
      ['Last Name', 'Notes', 'E-Mail', 'first_name'],
      ['Lovelace', 'x', ' ADA@x.org ', ' Ada '],
      ['', '', '', ''],
      ['Hopper', '', 'grace@x.org'],
      ['', '', 'solo@x.org', ''],
    ];
    expect(inviteesFromCsvRows(rows)).toEqual({
      invitees: [
        { email: 'ADA@x.org', firstName: 'Ada', lastName: 'Lovelace' },
        { email: 'grace@x.org', lastName: 'Hopper' },
        { email: 'solo@x.org' },
      ],
    });
    expect(
      inviteesFromCsvRows([
        ['EMAIL', 'FIRST NAME', 'LAST NAME'],
        ['a@x.org', 'A', 'B'],
      ]),
    ).toEqual({
      invitees: [{ email: 'a@x.org', firstName: 'A', lastName: 'B' }],
    });
  });

  it('splits a single name column; a row without an address is kept, to be reported', () => {
    expect(
      inviteesFromCsvRows([
        ['Name', 'Email'],
        ['Ada Lovelace', 'ada@x.org'],
        ['Grace Hopper', ''],
      ]),
    ).toEqual({
      invitees: [
        { email: 'ada@x.org', firstName: 'Ada', lastName: 'Lovelace' },
        { email: '', firstName: 'Grace', lastName: 'Hopper' },
      ],
    });
  });

  it('needs a header row with an email column', () => {
    expect(inviteesFromCsvRows([])).toEqual({ error: CSV_EMPTY });
    expect(inviteesFromCsvRows([['', ' ']])).toEqual({ error: CSV_EMPTY });
    expect(inviteesFromCsvRows([['ada@x.org', 'Ada', 'Lovelace']])).toEqual({ error: CSV_HEADER_MISSING });
    expect(inviteesFromCsvRows([['email']])).toEqual({ invitees: [] });
  });
});

describe('screenInvitees', () => {
  it('lower-cases valid addresses, tidies names, and flags bad addresses, long names and repeats in order', () => {
    const long = 'x'.repeat(51);
    expect(
      screenInvitees([
        { email: ' Ada@X.org ', firstName: '  Ada\n ', lastName: ' Love   lace ' },
        { email: 'not-an-email', firstName: 'Bad' },
        { email: 'ADA@x.org', firstName: 'Again' },
        { email: 'long@x.org', firstName: long },
        { email: 'long@x.org', lastName: 'y'.repeat(50) },
        { email: '', firstName: ' ' },
      ]),
    ).toEqual([
      { email: 'ada@x.org', firstName: 'Ada', lastName: 'Love lace', skip: null },
      { email: 'not-an-email', firstName: 'Bad', lastName: null, skip: 'invalid-email' },
      { email: 'ada@x.org', firstName: 'Again', lastName: null, skip: 'duplicate' },
      { email: 'long@x.org', firstName: long, lastName: null, skip: 'name-too-long' },
      // The row with the long name was not counted, so this one is the address's first.
      { email: 'long@x.org', firstName: null, lastName: 'y'.repeat(50), skip: null },
      { email: '', firstName: null, lastName: null, skip: 'invalid-email' },
    ]);
  });
});

describe('ZBulkInviteBodySchema', () => {
  const row = { email: 'a@x.org' };
  it(`takes 1 to ${BULK_INVITE_MAX} rows of strings; bad addresses pass, to be reported per row`, () => {
    expect(
      ZBulkInviteBodySchema.safeParse({ groupId: GROUP, invitees: [row, { email: 'nope', firstName: 'N', lastName: 'O' }] }).success,
    ).toBe(true);
    expect(ZBulkInviteBodySchema.safeParse({ groupId: GROUP, invitees: Array(BULK_INVITE_MAX).fill(row) }).success).toBe(true);
    for (const bad of [
      { groupId: GROUP, invitees: Array(BULK_INVITE_MAX + 1).fill(row) },
      { groupId: GROUP, invitees: [] },
      { groupId: GROUP, invitees: 'a@x.org' },
      { groupId: GROUP, invitees: { email: 'a@x.org' } },
      { groupId: GROUP, invitees: [{ email: 3 }] },
      { groupId: GROUP, invitees: [{ firstName: 'No address' }] },
      { groupId: GROUP, invitees: [{ ...row, roles: ['manager'] }] },
      { groupId: GROUP, invitees: [{ email: 'x'.repeat(501) }] },
      { groupId: 'not-an-id', invitees: [row] },
      { invitees: [row] },
      { groupId: GROUP, invitees: [row], extra: true },
    ]) {
      expect(ZBulkInviteBodySchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 80)).toBe(false);
    }
  });
});

describe('the words', () => {
  it('names the seats needed and free, in the vocabulary', () => {
    expect(bulkInviteSeatMessage(12, 5, 'other')).toBe('These 12 invites need 12 speaker seats; 5 are free. No invites were sent.');
    expect(bulkInviteSeatMessage(1, 0, 'edu')).toBe('This invite needs 1 student seat; none are free. No invites were sent.');
    expect(bulkInviteSeatMessage(3, 1, 'edu')).toBe('These 3 invites need 3 student seats; 1 is free. No invites were sent.');
  });

  it('reasons follow the vocabulary; the summary counts', () => {
    expect(bulkInviteReasonText('member', 'other')).toBe('Already a member of this group');
    expect(bulkInviteReasonText('coach', 'other')).toBe('Is a coach of this group');
    expect(bulkInviteReasonText('coach', 'edu')).toBe('Is an instructor of this class');
    expect(bulkInviteReasonText('name-too-long', 'edu')).toBe('First and last name can have at most 50 characters each');
    expect(bulkInviteSummary({ invited: 2, skipped: 1 })).toBe('2 invites sent, 1 skipped.');
    expect(bulkInviteSummary({ invited: 1, skipped: 0 })).toBe('1 invite sent, 0 skipped.');
  });
});
