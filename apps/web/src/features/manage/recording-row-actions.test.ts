import { describe, expect, it } from 'vitest';
import { libraryRow } from '../speaker-dashboard/dashboard-fixtures';
import { sharingOffers } from './recording-row-actions';

// 002 section 2.5: the manage page's "Submit to coach is offered when managerPrivacyLevel is above
// 1"; 002 section 2.4: My Library flags for coach review wherever flagging is allowed. The server
// says both (canSubmitToCoach, canFlag); at coach level 1 it allows flagging but not the manage offer.
const atCoachLevel1 = (over = {}) =>
  libraryRow({ abilities: { ...libraryRow().abilities, canFlag: true, canSubmitToCoach: false }, ...over });

describe('sharingOffers', () => {
  it('offers Submit to coach on Manage only where the server says canSubmitToCoach', () => {
    expect(sharingOffers(atCoachLevel1(), 'manage').submit).toBe(false);
    expect(sharingOffers(libraryRow(), 'manage').submit).toBe(true);
  });

  it('offers Flag for coach review in My Library wherever flagging is allowed', () => {
    expect(sharingOffers(atCoachLevel1(), 'library').submit).toBe(true);
  });

  it('offers neither once the recording is submitted, and the way back instead', () => {
    const offers = sharingOffers(libraryRow({ submitted: true }), 'manage');
    expect(offers.submit).toBe(false);
    expect(offers.withdraw).toBe(true);
  });
});
