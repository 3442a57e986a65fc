import { describe, expect, it } from 'vitest';
import { alreadyCoachMessage, coachNotSpeakerMessage, indefiniteArticle, withArticle } from './index.js';

describe('indefinite article (issue 12 item 18)', () => {
  it('picks a or an from the word', () => {
    expect(indefiniteArticle('coach')).toBe('a');
    expect(indefiniteArticle('instructor')).toBe('an');
    expect(withArticle('student')).toBe('a student');
    expect(withArticle('instructor', { capital: true })).toBe('An instructor');
    expect(withArticle('coach', { capital: true })).toBe('A coach');
  });

  it('role messages read right in both vocabularies', () => {
    expect(coachNotSpeakerMessage('edu')).toBe('An instructor of a class cannot also be a student in that class.');
    expect(coachNotSpeakerMessage('other')).toBe('A coach of a group cannot also be a speaker in that group.');
    expect(alreadyCoachMessage('edu').title).toBe('You are already an Instructor in this Class');
    expect(alreadyCoachMessage('edu').text).toBe('When you are an instructor for a class, you cannot also be a student in that class.');
  });
});
