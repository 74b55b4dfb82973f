/**
 * A tool output as text for a framework that wants a string: a string as it is, anything else as
 * JSON (`''` for `undefined`, which has no JSON).
 */
export function outputText(output: unknown): string {
  return typeof output === 'string' ? output : (JSON.stringify(output) ?? '');
}
