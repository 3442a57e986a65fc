import { generatePath } from 'react-router';
import { WEB_ROUTES as R } from '../../app/route-paths';

/** /customer-admin/groups/{groupId}; '0' opens the form for a new group. */
export const groupEditPath = (groupId: string) => generatePath(R.customerAdminGroup.path, { groupId });

/** /customer-admin/groups/{groupId}/users, with ?active=1 for active members only. */
export const groupMembersPath = (groupId: string, activeOnly = false) =>
  `${generatePath(R.customerAdminGroupUsers.path, { groupId })}${activeOnly ? '?active=1' : ''}`;

/** /customer-admin/users/{userId}/{groupId}: a member's roles, reached from a group. */
export const userGroupRolesPath = (userId: string, groupId: string) => generatePath(R.customerAdminUserGroup.path, { userId, groupId });
