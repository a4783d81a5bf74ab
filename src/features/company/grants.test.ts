import { describe, expect, it } from 'vitest';
import type { CompanyRoleRow, CompanyUserRow } from './answer.ts';
import { grantableRoles, mayChangeUser, mayGrant } from './grants.ts';

const role = (uid: string, allowed: string[]): CompanyRoleRow => ({ uid, name: uid, usersCount: 1, allowed });
const ROLES = [role('buyer', ['a']), role('lead', ['a', 'users']), role('approver', ['a', 'approve'])];
const user = (roleUid: string | null, isAdmin = false): CompanyUserRow => ({
  ...{ uid: `u-${String(roleUid)}`, name: 'N', email: 'n@example.com', jobTitle: '', active: true },
  ...{ isAdmin, roleUid, roleName: roleUid, teamUid: null },
});
const lead = { isAdmin: false, allowed: new Set(['a', 'users']) };
const admin = { isAdmin: true, allowed: new Set<string>() };

describe('the grant rules', () => {
  it('let a user hand out no more than their own role allows; the administrator anything', () => {
    expect(grantableRoles(lead, ROLES).map((each) => each.uid)).toEqual(['buyer', 'lead']);
    expect(grantableRoles(admin, ROLES)).toHaveLength(3);
    expect(mayGrant(lead, ['a', 'approve'])).toBe(false);
    expect(mayGrant(lead, undefined)).toBe(false);
  });

  it('keep the administrator and anyone who may do more out of a user’s reach', () => {
    expect(mayChangeUser(lead, user('buyer'), ROLES)).toBe(true);
    expect(mayChangeUser(lead, user('approver'), ROLES)).toBe(false);
    expect(mayChangeUser(lead, user(null, true), ROLES)).toBe(false);
    expect(mayChangeUser(admin, user('approver'), ROLES)).toBe(true);
  });
});
