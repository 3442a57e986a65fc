// The edu vocabulary switch (000 section 1): in 'edu' organisations groups are classes,
// coaches are instructors and speakers are students. One function, not scattered conditionals.

import { indefiniteArticle, withArticle } from './indefinite-article.js';

export type TOrgType = 'edu' | 'other';

const WORDS = {
  group: ['group', 'class'],
  groups: ['groups', 'classes'],
  coach: ['coach', 'instructor'],
  coaches: ['coaches', 'instructors'],
  speaker: ['speaker', 'student'],
  speakers: ['speakers', 'students'],
} as const;

export type TVocabWord = keyof typeof WORDS;

export interface TVocabulary {
  /** Lower-case word: vocab.word('group') -> 'group' | 'class'. */
  word: (w: TVocabWord) => string;
  /** Capitalised word: vocab.Word('coach') -> 'Coach' | 'Instructor'. */
  Word: (w: TVocabWord) => string;
}

export function vocabulary(orgType: TOrgType | string | undefined | null): TVocabulary {
  const i = orgType === 'edu' ? 1 : 0;
  const word = (w: TVocabWord) => WORDS[w][i];
  return { word, Word: (w) => capitalise(word(w)) };
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Name of the coaches-and-admins pseudo-group. */
export function pseudoGroupName(orgType: TOrgType | string | undefined | null): string {
  return orgType === 'edu' ? 'Instructors and Admins' : 'Coaches and Admins';
}

/** 'You are already a Coach in this Group' / 'Instructor in this Class', with its explanation. */
export function alreadyCoachMessage(orgType: TOrgType | string | undefined | null): { title: string; text: string } {
  const v = vocabulary(orgType);
  return {
    title: `You are already ${indefiniteArticle(v.word('coach'))} ${v.Word('coach')} in this ${v.Word('group')}`,
    text: `When you are ${withArticle(v.word('coach'))} for a ${v.word('group')}, you cannot also be ${withArticle(v.word('speaker'))} in that ${v.word('group')}.`,
  };
}
