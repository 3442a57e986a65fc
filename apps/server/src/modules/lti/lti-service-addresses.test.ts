import { describe, expect, it } from 'vitest';
import { scoresUrl } from './lti-grades.job.js';
import { nextLink } from './lti-roster.service.js';

// The two addresses the services build from what the platform gives: a line item's scores
// endpoint (AGS 2.0 3.4) and the next page of a roster (NRPS 2.0, RFC 8288 Link header).

describe('scoresUrl', () => {
  it('appends /scores to the path, keeping a query', () => {
    expect(scoresUrl('https://lms.example/api/lti/courses/1/line_items/7')).toBe(
      'https://lms.example/api/lti/courses/1/line_items/7/scores',
    );
    expect(scoresUrl('https://moodle.example/mod/lti/services.php/2/lineitems/5/lineitem?type_id=3')).toBe(
      'https://moodle.example/mod/lti/services.php/2/lineitems/5/lineitem/scores?type_id=3',
    );
    expect(scoresUrl('https://lms.example/items/7/')).toBe('https://lms.example/items/7/scores');
  });
});

describe('nextLink', () => {
  it('finds rel="next" among the links, and nothing without one', () => {
    expect(nextLink('<https://lms.example/m?page=2>; rel="next"')).toBe('https://lms.example/m?page=2');
    expect(nextLink('<https://lms.example/m?page=1>; rel="first", <https://lms.example/m?page=3>; rel=next')).toBe(
      'https://lms.example/m?page=3',
    );
    expect(nextLink('<https://lms.example/m?page=9>; rel="last"')).toBeNull();
    expect(nextLink('<https://lms.example/d>; rel="differences"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });
});
