import type { ReactNode } from 'react';
import { ADMIN_USERS_MSG, allowAddGroupsLabel, pseudoGroupName, vocabulary, type TOrgType } from '@rostrum/contract';
import { Checkbox } from '../../components/checkbox';

// The role choices shared by the roles page and the invite form (000 sections 2.11 and 5).

export interface TOrgAccess {
  /** 'Allow this user to add new groups?': the manager role of the pseudo-group. */
  manager: boolean;
  /** 'Make this user an admin with full admin access?': admin and manager there. */
  admin: boolean;
}

export interface TGroupChoice {
  manager: boolean;
  speaker: boolean;
}

/** The pseudo-group entry a save or an invite sends: [], [manager] or [admin, manager]. */
export function orgRolesOf(a: TOrgAccess): string[] {
  if (a.admin) return ['admin', 'manager'];
  return a.manager ? ['manager'] : [];
}

export function groupRolesOf(c: TGroupChoice): ('manager' | 'speaker')[] {
  return [...(c.manager ? (['manager'] as const) : []), ...(c.speaker ? (['speaker'] as const) : [])];
}

/** The two org-level choices. Full admin access includes adding groups, so that box follows it. */
export function OrgAccessChoices({
  orgType,
  value,
  onChange,
  id,
  highlighted,
}: {
  orgType: TOrgType;
  value: TOrgAccess;
  onChange: (v: TOrgAccess) => void;
  id?: string;
  highlighted?: boolean;
}) {
  return (
    <fieldset id={id} className={['role-org', highlighted && 'role-row--highlight'].filter(Boolean).join(' ')}>
      <legend className="role-org__legend">{pseudoGroupName(orgType)}</legend>
      <Checkbox
        checked={value.manager || value.admin}
        disabled={value.admin}
        onCheckedChange={(manager) => onChange({ ...value, manager })}
      >
        {allowAddGroupsLabel(orgType)}
      </Checkbox>
      <Checkbox checked={value.admin} onCheckedChange={(admin) => onChange({ admin, manager: admin || value.manager })}>
        {ADMIN_USERS_MSG.makeAdmin}
      </Checkbox>
    </fieldset>
  );
}

/**
 * One group's role boxes. A coach of a group cannot also be its speaker, so each box is
 * disabled while the other is checked; `speakerLock` explains why a speaker role cannot be granted.
 */
export function GroupRoleRow({
  groupId,
  name,
  orgType,
  value,
  onChange,
  speakerLock,
  access,
  speakerJoin,
  highlighted,
}: {
  groupId: string;
  name: string;
  orgType: TOrgType;
  value: TGroupChoice;
  onChange: (v: TGroupChoice) => void;
  speakerLock: string | null;
  access?: ReactNode;
  /** How speakers join this group, shown beside a checked Speaker box (the invite page). */
  speakerJoin?: ReactNode;
  highlighted?: boolean;
}) {
  const v = vocabulary(orgType);
  return (
    <li id={`role-group-${groupId}`} className={['role-row', highlighted && 'role-row--highlight'].filter(Boolean).join(' ')}>
      <fieldset className="role-row__fieldset">
        <legend className="role-row__name">{name}</legend>
        <div className="role-row__info">
          {access}
          {speakerLock && !value.speaker && <p className="role-row__note">{speakerLock}</p>}
        </div>
        <div className="role-row__choices">
          <Checkbox checked={value.manager} disabled={value.speaker} onCheckedChange={(manager) => onChange({ ...value, manager })}>
            {v.Word('coach')}
          </Checkbox>
          <Checkbox
            checked={value.speaker}
            disabled={value.manager || (!!speakerLock && !value.speaker)}
            onCheckedChange={(speaker) => onChange({ ...value, speaker })}
          >
            {v.Word('speaker')}
          </Checkbox>
        </div>
        {speakerJoin && value.speaker && <div className="role-row__join">{speakerJoin}</div>}
      </fieldset>
    </li>
  );
}

/** Why the speaker box is locked (000 section 5), or null when a speaker role may be granted. */
export function speakerLockText(orgType: TOrgType, grantable: boolean, expired: boolean): string | null {
  if (grantable) return null;
  const v = vocabulary(orgType);
  return expired
    ? `${v.Word('speaker')} access has expired and is renewed through a subscription.`
    : `${v.Word('speaker')} access needs a free duration for this ${v.word('group')}.`;
}
