import { describe, expect, it } from 'vitest';
import {
  canonicalOrgRoles,
  compareByLastFirst,
  inviteDetails,
  inviteNeedsManagerWarning,
  matchesUserSearch,
  speakerRoleGrantable,
  allowAddGroupsLabel,
} from './admin-users.js';

describe('admin users rules', () => {
  it('org-level roles are [], [manager] or [admin, manager]', () => {
    expect(canonicalOrgRoles([])).toEqual([]);
    expect(canonicalOrgRoles(['manager'])).toEqual(['manager']);
    expect(canonicalOrgRoles(['manager', 'admin'])).toEqual(['admin', 'manager']);
    expect(canonicalOrgRoles(['admin'])).toBeNull();
    expect(canonicalOrgRoles(['manager', 'manager'])).toBeNull();
    expect(canonicalOrgRoles(['speaker'])).toBeNull();
  });

  it('the speaker role needs a free duration, and no expired roles under billing model 0', () => {
    const org0 = { freeDuration: null, billingModel: 0 };
    expect(speakerRoleGrantable({ freeDuration: null, expiredRoles: [] }, org0)).toBe(false);
    expect(speakerRoleGrantable({ freeDuration: { years: 1 }, expiredRoles: [] }, org0)).toBe(true);
    expect(speakerRoleGrantable({ freeDuration: null, expiredRoles: [] }, { freeDuration: { years: 15 }, billingModel: 0 })).toBe(true);
    expect(speakerRoleGrantable({ freeDuration: { years: 1 }, expiredRoles: ['speaker'] }, org0)).toBe(false);
    expect(speakerRoleGrantable({ freeDuration: { years: 1 }, expiredRoles: ['speaker'] }, { freeDuration: null, billingModel: 1 })).toBe(
      true,
    );
    // The group's own duration wins over the organisation's, as when joining by code.
    expect(speakerRoleGrantable({ freeDuration: { years: 0 }, expiredRoles: [] }, { freeDuration: { years: 2 }, billingModel: 0 })).toBe(
      false,
    );
  });

  it('searches name or email case-insensitively and sorts by last then first name', () => {
    const u = { name: 'Casey Coach', email: 'coach@northwind.example' };
    expect(matchesUserSearch(u, 'SEY co')).toBe(true);
    expect(matchesUserSearch(u, 'NORTHWIND')).toBe(true);
    expect(matchesUserSearch(u, '  ')).toBe(true);
    expect(matchesUserSearch(u, 'sam')).toBe(false);
    const people = [
      { firstName: 'b', lastName: 'Smith' },
      { firstName: 'A', lastName: 'smith' },
      { firstName: 'Z', lastName: 'Adams' },
    ];
    expect([...people].sort(compareByLastFirst).map((p) => p.firstName)).toEqual(['Z', 'A', 'b']);
  });

  it("words the invite details and the form texts in the organisation's vocabulary", () => {
    const roles = [
      { groupId: 'g1', groupName: 'COMM 101', roles: ['manager'] },
      { groupId: null, groupName: null, roles: ['admin', 'manager'] },
      { groupId: 'g2', groupName: 'COMM 102', roles: [] },
    ];
    expect(inviteDetails(roles, 'edu')).toEqual(['Full admin access', 'Instructor: COMM 101']);
    expect(inviteDetails([{ groupId: null, groupName: null, roles: ['manager'] }], 'other')).toEqual(['Can add new groups']);
    expect(inviteNeedsManagerWarning('other')).toBe(
      'Grant Coach access to one or more groups or select the option to allow the user to create new groups.',
    );
    expect(inviteNeedsManagerWarning('edu')).toBe(
      'Grant Instructor access to one or more classes or select the option to allow the user to create new classes.',
    );
    expect(allowAddGroupsLabel('edu')).toBe('Allow this user to add new classes?');
  });
});
