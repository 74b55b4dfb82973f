// A word: a double-quoted or single-quoted run (quotes dropped), or a run without whitespace.
const wordPattern = /"([^"]*)"|'([^']*)'|(\S+)/g;

/**
 * Split command arguments the way a shell reads words, as Claude Code does for `$0`, `$1`...:
 * whitespace separates, a quoted run (`"my widget"`, `'a b'`) is one word without its quotes.
 * `'"my widget" React Vue'` gives `['my widget', 'React', 'Vue']`. Linear in the input.
 */
export function splitArguments(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(wordPattern)) words.push(match[1] ?? match[2] ?? match[3] ?? '');
  return words;
}
