/**
 * The instruction text `projectInstructions` gives the model for a run: the rendered
 * `<context-file>` blocks, then the rules catalog, joined by a blank line (either may be empty).
 * `inspectInstructions` and `agent-context render` use the same function, so what they print is that
 * text byte for byte.
 */
export function joinInstructionText(rendered: string, catalog: string): string {
  return [rendered, catalog].filter((part) => part !== '').join('\n\n');
}
