/** `1 skill`, `2 skills`: the count and the noun, with an `s` unless the count is 1. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
