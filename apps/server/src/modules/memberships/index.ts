// The memberships module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { membershipAccess, membershipIsPerpetual } from './membership-access.js';
export {
  clearMembershipRoles,
  findActiveMembership,
  findActiveSpeakerGroup,
  findGroupByInviteCode,
  findMembership,
  findOrgGroup,
  grantPaidSpeakerAccess,
  hasActiveRoleSql,
  insertManagerMembership,
  listUserGroups,
  lockMembership,
  type TGroupRow,
  type TMembershipRow,
  upsertMembership,
  upsertSpeakerMembership,
} from './memberships.repository.js';
export { assertSpeakerSeatAvailable, freeSpeakerSeats, takeSpeakerSeat } from './speaker-seats.js';
