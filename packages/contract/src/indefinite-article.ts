/** 'a' or 'an' for the word that follows: the edu vocabulary changes it ('an instructor', 'a coach'). */
export function indefiniteArticle(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word.trim()) ? 'an' : 'a';
}

/** The word with its indefinite article: 'a coach', 'an instructor'; 'An instructor' at a sentence start. */
export function withArticle(word: string, opts: { capital?: boolean } = {}): string {
  const a = indefiniteArticle(word);
  return `${opts.capital ? (a === 'an' ? 'An' : 'A') : a} ${word}`;
}
