import { describe, expect, it } from 'vitest';
import { afterSignInPath } from './complete-sign-in';

describe('afterSignInPath (000 section 2.3, issue 12 item 12)', () => {
  it('next wins over a code', () => {
    expect(afterSignInPath('/profile', 'Acme-Team', '/manage')).toBe('/profile');
  });
  it('a code without next goes to confirm-code with it', () => {
    expect(afterSignInPath(null, 'Acme Team', '/manage')).toBe('/confirm-code?code=Acme%20Team');
  });
  it('neither: the landing page', () => {
    expect(afterSignInPath(null, null, '/evaluate')).toBe('/evaluate');
  });
});
