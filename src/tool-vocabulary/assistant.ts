/**
 * Every coding assistant the library knows by name, in the order `--as` lists them: whose documented
 * reading of instructions and rules the `assistant` option reproduces (`assistantReadings`), and
 * whose tool names the tool vocabulary knows (`assistantToolNames`; none for Windsurf and Zed, which
 * document none, nor for Copilot CLI, whose files under `.github/` use GitHub Copilot's names, and
 * Qwen Code). `github-copilot` is the editor extension and coding agent as documented,
 * `copilot-cli` the `copilot` command as measured.
 */
export const assistantNames = [
  'claude-code',
  'codex',
  'gemini-cli',
  'github-copilot',
  'copilot-cli',
  'cursor',
  'windsurf',
  'zed',
  'opencode',
  'qwen-code',
] as const;

/** One coding assistant, as the `assistant` options and `--as` name it (see {@link assistantNames}). */
export type AssistantName = (typeof assistantNames)[number];

/** Folders whose files belong to one assistant, matched as a path segment (`.claude/agents/x.md`). */
const assistantFolders: ReadonlyArray<readonly [string, AssistantName]> = [
  ['.claude', 'claude-code'],
  ['.github', 'github-copilot'],
  ['.gemini', 'gemini-cli'],
  ['.codex', 'codex'],
  ['.cursor', 'cursor'],
  ['.opencode', 'opencode'],
  ['.qwen', 'qwen-code'],
];

/**
 * The assistant a file belongs to, from the nearest assistant folder in its label
 * (`.claude/agents/reviewer.md` -> `claude-code`, `.github/agents/x.agent.md` -> `github-copilot`);
 * `undefined` for shared folders (`.agents/`) and anything else, which every assistant's names then apply to.
 *
 * @example assistantOfFile('packages/api/.claude/agents/reviewer.md') // 'claude-code'
 */
export function assistantOfFile(label: string): AssistantName | undefined {
  const segments = label.split('/');
  for (let index = segments.length - 2; index >= 0; index -= 1) {
    const found = assistantFolders.find(([folder]) => folder === segments[index]);
    if (found) return found[1];
  }
  return undefined;
}
