import { describe, expect, it } from 'vitest';
import { launchRole } from './lti-claims.js';

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/';

describe('launchRole', () => {
  it('maps Learner to speaker and Instructor (teaching assistants too) to coach, in full URIs and short names', () => {
    expect(launchRole([`${LIS}membership#Learner`], false)).toBe('speaker');
    expect(launchRole(['Learner'], false)).toBe('speaker');
    expect(launchRole([`${LIS}membership#Instructor`], false)).toBe('coach');
    expect(launchRole([`${LIS}membership/Instructor#TeachingAssistant`], false)).toBe('coach');
    expect(launchRole(['Instructor'], false)).toBe('coach');
  });

  it('makes an Administrator an org admin only when the registration allows it, a coach otherwise', () => {
    for (const role of [`${LIS}institution/person#Administrator`, `${LIS}membership#Administrator`, `${LIS}system/person#Administrator`]) {
      expect(launchRole([role], true)).toBe('admin');
      expect(launchRole([role], false)).toBe('coach');
    }
  });

  it('takes the strongest of several roles and refuses roles it does not map', () => {
    expect(launchRole([`${LIS}membership#Learner`, `${LIS}membership#Instructor`], false)).toBe('coach');
    expect(launchRole([`${LIS}membership#Mentor`], false)).toBeNull();
    expect(launchRole([`${LIS}membership#ContentDeveloper`, `${LIS}institution/person#Student`], false)).toBeNull();
    expect(launchRole([], true)).toBeNull();
  });
});
