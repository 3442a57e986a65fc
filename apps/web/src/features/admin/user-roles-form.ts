import { z } from 'zod';
import { PSEUDO_GROUP_ID, ZUpdateUserRolesBodySchema, type TAdminUserRoles, type TUpdateUserRolesBody } from '@rostrum/contract';
import { groupRolesOf, orgRolesOf } from './admin-role-controls';

// The roles page's form (000 sections 2.11, 5 and 7): the boxes as the page holds them, and the
// PUT users/{userId} body they make, checked by the API's own rule for it.

/** The boxes: the two org-level choices and each group's, in the page's group order. */
const ZUserRolesFieldsSchema = z.object({
  orgAccess: z.object({ manager: z.boolean(), admin: z.boolean() }),
  groups: z.array(z.object({ groupId: z.string(), manager: z.boolean(), speaker: z.boolean() })),
});
export type TUserRolesInput = z.input<typeof ZUserRolesFieldsSchema>;

/** The boxes as the server reads the user's roles. */
export function userRolesDefaults({ user, groups }: Pick<TAdminUserRoles, 'user' | 'groups'>): TUserRolesInput {
  return { orgAccess: user.orgAccess, groups: groups.map((g) => ({ groupId: g.groupId, ...g.granted })) };
}

/** The body: the pseudo-group entry, then each group; groups whose roles expired and were not re-granted are left out (000 section 7). */
export function userRolesBody(v: TUserRolesInput, groups: TAdminUserRoles['groups']): TUpdateUserRolesBody {
  const expired = new Set(groups.filter((g) => g.expiredRoles.length > 0).map((g) => g.groupId));
  return {
    roles: [
      { groupId: PSEUDO_GROUP_ID, roles: orgRolesOf(v.orgAccess) as TUpdateUserRolesBody['roles'][number]['roles'] },
      ...v.groups.flatMap((g) => {
        const roles = groupRolesOf(g);
        return expired.has(g.groupId) && roles.length === 0 ? [] : [{ groupId: g.groupId, roles }];
      }),
    ],
  };
}

/** The form's values to the body, checked by ZUpdateUserRolesBodySchema (one entry per group, the pseudo-group's roles). */
export function userRolesFormSchema(groups: TAdminUserRoles['groups']) {
  return ZUserRolesFieldsSchema.transform((v) => userRolesBody(v, groups)).pipe(ZUpdateUserRolesBodySchema);
}
