/** The coding assistants whose tool names the vocabulary knows. */
export type Assistant = 'claude-code' | 'copilot' | 'gemini-cli' | 'codex' | 'cursor' | 'opencode';

/** Every {@link Assistant}. */
export const assistants: readonly Assistant[] = [
  'claude-code',
  'copilot',
  'gemini-cli',
  'codex',
  'cursor',
  'opencode',
];

/** Folders whose files belong to one assistant, matched as a path segment (`.claude/agents/x.md`). */
const assistantFolders: ReadonlyArray<readonly [string, Assistant]> = [
  ['.claude', 'claude-code'],
  ['.github', 'copilot'],
  ['.gemini', 'gemini-cli'],
  ['.codex', 'codex'],
  ['.cursor', 'cursor'],
  ['.opencode', 'opencode'],
];

/**
 * The assistant a file belongs to, from the nearest assistant folder in its label
 * (`.claude/agents/reviewer.md` -> `claude-code`, `.github/agents/x.agent.md` -> `copilot`);
 * `undefined` for shared folders (`.agents/`) and anything else, which every assistant's names then apply to.
 *
 * @example assistantOfFile('packages/api/.claude/agents/reviewer.md') // 'claude-code'
 */
export function assistantOfFile(label: string): Assistant | undefined {
  const segments = label.split('/');
  for (let index = segments.length - 2; index >= 0; index -= 1) {
    const found = assistantFolders.find(([folder]) => folder === segments[index]);
    if (found) return found[1];
  }
  return undefined;
}
