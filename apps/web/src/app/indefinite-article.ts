/** 'a coach' / 'an instructor': the edu vocabulary changes the article too. */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
