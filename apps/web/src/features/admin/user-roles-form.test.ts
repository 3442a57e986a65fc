import { describe, expect, it } from 'vitest';
import { PSEUDO_GROUP_ID, type TAdminUserGroup } from '@rostrum/contract';
import { userRolesBody, userRolesDefaults, userRolesFormSchema } from './user-roles-form';

// The roles page's form (000 sections 5 and 7): its values make the PUT users/{userId} body,
// checked by the API's own rule for it (ZUpdateUserRolesBodySchema).

const SALES = '11111111-1111-4111-8111-111111111111';
const LAPSED = '22222222-2222-4222-8222-222222222222';
const group = (groupId: string, over: Partial<TAdminUserGroup> = {}) =>
  ({ groupId, expiredRoles: [], granted: { manager: false, speaker: false }, ...over }) as TAdminUserGroup;
const groups = [group(SALES, { granted: { manager: false, speaker: true } }), group(LAPSED, { expiredRoles: ['speaker'] })];
const user = { orgAccess: { manager: false, admin: false } } as Parameters<typeof userRolesDefaults>[0]['user'];

describe('the user roles form', () => {
  it("starts as the server reads the user's roles", () => {
    expect(userRolesDefaults({ user, groups })).toEqual({
      orgAccess: { manager: false, admin: false },
      groups: [
        { groupId: SALES, manager: false, speaker: true },
        { groupId: LAPSED, manager: false, speaker: false },
      ],
    });
  });

  it('sends the pseudo-group entry and each group; an expired group left without roles is not sent', () => {
    const v = userRolesDefaults({ user, groups });
    const parsed = userRolesFormSchema(groups).safeParse({ ...v, orgAccess: { manager: false, admin: true } });
    expect(parsed.data).toEqual({
      roles: [
        { groupId: PSEUDO_GROUP_ID, roles: ['admin', 'manager'] },
        { groupId: SALES, roles: ['speaker'] },
      ],
    });
    const regranted = { ...v, groups: [v.groups[0]!, { groupId: LAPSED, manager: true, speaker: false }] };
    expect(userRolesBody(regranted, groups).roles).toContainEqual({ groupId: LAPSED, roles: ['manager'] });
  });

  it("refuses a group twice with the API rule's message", () => {
    const twice = {
      orgAccess: { manager: false, admin: false },
      groups: [group(SALES), group(SALES)].map((g) => ({ groupId: g.groupId, manager: true, speaker: false })),
    };
    const parsed = userRolesFormSchema([group(SALES)]).safeParse(twice);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['roles', 2, 'groupId'], message: 'a group may appear only once' }),
    ]);
  });
});
