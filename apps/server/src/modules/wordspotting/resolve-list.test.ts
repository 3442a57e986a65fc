import { describe, expect, it } from 'vitest';
import type { TOrgSettings } from '@rostrum/contract';
import { chooseWordspottingList, type TListCandidates } from './resolve-list.js';

const ON: TOrgSettings = { Custom_Wordspotting_For_Orgs: true, Custom_Wordspotting_For_Groups: true, Custom_Wordspotting_For_Users: true };
const lists: TListCandidates['lists'] = [
  { scope: 'org', words: ['uh/um', 'org word'] },
  { scope: 'group', words: ['uh/um', 'group word'] },
  { scope: 'user', words: ['uh/um', 'user word'] },
];
const base: TListCandidates = {
  assignment: { name: 'Pitch', criteria: { wordspotting: true }, wordspotting: ['pitch word'] },
  group: { name: 'Sales' },
  orgName: 'Northwind',
  settings: ON,
  lists,
};

describe('chooseWordspottingList: assignment, then user, then group, then organisation, then default', () => {
  it('takes the first that applies, each with "uh/um" first', () => {
    expect(chooseWordspottingList(base)).toEqual({ source: 'assignment', name: 'Pitch', words: ['uh/um', 'pitch word'] });
    expect(chooseWordspottingList({ ...base, assignment: null })).toEqual({ source: 'user', name: null, words: ['uh/um', 'user word'] });
    expect(chooseWordspottingList({ ...base, assignment: null, lists: lists.slice(0, 2) })).toMatchObject({
      source: 'group',
      name: 'Sales',
    });
    expect(chooseWordspottingList({ ...base, assignment: null, lists: lists.slice(0, 1) })).toMatchObject({
      source: 'org',
      name: 'Northwind',
    });
    expect(chooseWordspottingList({ ...base, assignment: null, lists: [] })).toEqual({ source: 'default', name: null, words: ['uh/um'] });
  });

  it('an assignment counts its phrases only with the wordspotting criterion on and phrases set', () => {
    const off = { ...base, assignment: { ...base.assignment!, criteria: { wordspotting: false } } };
    expect(chooseWordspottingList(off).source).toBe('user');
    const empty = { ...base, assignment: { ...base.assignment!, wordspotting: [] } };
    expect(chooseWordspottingList(empty).source).toBe('user');
  });

  it("a stored list counts only while its scope's setting is on", () => {
    const noAssignment = { ...base, assignment: null };
    expect(chooseWordspottingList({ ...noAssignment, settings: { ...ON, Custom_Wordspotting_For_Users: false } }).source).toBe('group');
    expect(chooseWordspottingList({ ...noAssignment, settings: { Custom_Wordspotting_For_Orgs: true } }).source).toBe('org');
    expect(chooseWordspottingList({ ...noAssignment, settings: {} }).source).toBe('default');
    // A recording without a group takes no group list.
    expect(chooseWordspottingList({ ...noAssignment, group: null, settings: { Custom_Wordspotting_For_Groups: true } }).source).toBe(
      'default',
    );
  });
});
