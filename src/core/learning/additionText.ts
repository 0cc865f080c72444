/** The sentence suggested words are appended in. */
export const ADDITION_PREFIX = ' Related: ';

/** The text appended for `words`; empty for none. */
export function additionText(words: readonly string[]): string {
  return words.length === 0 ? '' : `${ADDITION_PREFIX}${words.join(', ')}.`;
}

/** `description` with `words` appended in the suggestion sentence. */
export function withAddition(description: string, words: readonly string[]): string {
  const added = additionText(words);
  return description.trim().length === 0 ? added.trim() : `${description.replace(/\s+$/, '')}${added}`;
}
