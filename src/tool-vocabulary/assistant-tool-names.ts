import type { Assistant } from './assistant.js';
import type { ToolRole } from './tool-role.js';

/** One tool name an assistant uses in its agent, command and hook files, and what the tool does. */
export interface AssistantToolName {
  assistant: Assistant;
  /** The name as the assistant writes it (`Read`, `editFiles`, `run_shell_command`). */
  name: string;
  /** What it does; a tool set (Copilot's `search`) has several roles. */
  roles: readonly ToolRole[];
  /** The page that names it. */
  source: string;
}

const CLAUDE_TOOLS = 'https://code.claude.com/docs/en/tools-reference';
const CLAUDE_PERMISSIONS = 'https://code.claude.com/docs/en/iam';
const COPILOT_ALIASES = 'https://docs.github.com/copilot/reference/custom-agents-configuration';
const VS_CODE_TOOLS = 'https://code.visualstudio.com/docs/agents/reference/tools-reference';
const VS_CODE_CHAT_MODES = 'https://code.visualstudio.com/docs/copilot/customization/custom-chat-modes';
const GEMINI_FILES = 'https://geminicli.com/docs/tools/file-system/';
const GEMINI_TOOLS = 'https://geminicli.com/docs/reference/tools/';
const CODEX_HOOKS = 'https://developers.openai.com/codex/hooks';
const CURSOR_PERMISSIONS = 'https://cursor.com/docs/cli/reference/permissions';
const OPENCODE_TOOLS = 'https://opencode.ai/docs/tools/';
const OPENCODE_PERMISSIONS = 'https://opencode.ai/docs/permissions/';

type Row = readonly [name: string, roles: readonly ToolRole[], source: string];

const rowsByAssistant: Record<Assistant, readonly Row[]> = {
  'claude-code': [
    ['Read', ['read'], CLAUDE_TOOLS],
    ['Write', ['write'], CLAUDE_TOOLS],
    ['Edit', ['edit'], CLAUDE_TOOLS],
    ['MultiEdit', ['edit'], CLAUDE_PERMISSIONS],
    ['NotebookEdit', ['notebook'], CLAUDE_TOOLS],
    ['NotebookRead', ['read'], CLAUDE_PERMISSIONS],
    ['Glob', ['find'], CLAUDE_TOOLS],
    ['Grep', ['search'], CLAUDE_TOOLS],
    ['LS', ['list'], CLAUDE_PERMISSIONS],
    ['Bash', ['shell'], CLAUDE_TOOLS],
    ['PowerShell', ['shell'], CLAUDE_TOOLS],
    ['WebFetch', ['web-fetch'], CLAUDE_TOOLS],
    ['WebSearch', ['web-search'], CLAUDE_TOOLS],
    ['Agent', ['delegate'], CLAUDE_TOOLS],
    ['Task', ['delegate'], CLAUDE_PERMISSIONS],
    ['TodoWrite', ['todo'], CLAUDE_TOOLS],
    ['Skill', ['skill'], CLAUDE_TOOLS],
  ],
  copilot: [
    // GitHub's aliases (cloud agent, Copilot CLI), case-insensitive, including Claude Code's names.
    ['read', ['read'], COPILOT_ALIASES],
    ['edit', ['write', 'edit'], COPILOT_ALIASES],
    ['search', ['find', 'search', 'list'], COPILOT_ALIASES],
    ['execute', ['shell'], COPILOT_ALIASES],
    ['shell', ['shell'], COPILOT_ALIASES],
    ['Bash', ['shell'], COPILOT_ALIASES],
    ['powershell', ['shell'], COPILOT_ALIASES],
    ['Read', ['read'], COPILOT_ALIASES],
    ['NotebookRead', ['read'], COPILOT_ALIASES],
    ['Edit', ['edit'], COPILOT_ALIASES],
    ['MultiEdit', ['edit'], COPILOT_ALIASES],
    ['Write', ['write'], COPILOT_ALIASES],
    ['NotebookEdit', ['notebook'], COPILOT_ALIASES],
    ['Grep', ['search'], COPILOT_ALIASES],
    ['Glob', ['find'], COPILOT_ALIASES],
    ['web', ['web-fetch', 'web-search'], COPILOT_ALIASES],
    ['WebSearch', ['web-search'], COPILOT_ALIASES],
    ['WebFetch', ['web-fetch'], COPILOT_ALIASES],
    ['agent', ['delegate'], COPILOT_ALIASES],
    ['custom-agent', ['delegate'], COPILOT_ALIASES],
    ['Task', ['delegate'], COPILOT_ALIASES],
    ['todo', ['todo'], COPILOT_ALIASES],
    ['TodoWrite', ['todo'], COPILOT_ALIASES],
    // VS Code's tools, by their tool-set path and by the bare names older agent files use.
    ['read/readFile', ['read'], VS_CODE_TOOLS],
    ['readFile', ['read'], VS_CODE_TOOLS],
    ['search/codebase', ['search'], VS_CODE_TOOLS],
    ['codebase', ['search'], VS_CODE_CHAT_MODES],
    ['search/textSearch', ['search'], VS_CODE_TOOLS],
    ['textSearch', ['search'], VS_CODE_TOOLS],
    ['search/fileSearch', ['find'], VS_CODE_TOOLS],
    ['fileSearch', ['find'], VS_CODE_TOOLS],
    ['search/listDirectory', ['list'], VS_CODE_TOOLS],
    ['listDirectory', ['list'], VS_CODE_TOOLS],
    ['edit/editFiles', ['write', 'edit'], VS_CODE_TOOLS],
    ['editFiles', ['write', 'edit'], VS_CODE_TOOLS],
    ['edit/createFile', ['write'], VS_CODE_TOOLS],
    ['createFile', ['write'], VS_CODE_TOOLS],
    ['execute/runInTerminal', ['shell'], VS_CODE_TOOLS],
    ['runInTerminal', ['shell'], VS_CODE_TOOLS],
    ['runCommands', ['shell'], VS_CODE_CHAT_MODES],
    ['web/fetch', ['web-fetch'], VS_CODE_TOOLS],
    ['fetch', ['web-fetch'], VS_CODE_CHAT_MODES],
    ['agent/runSubagent', ['delegate'], VS_CODE_TOOLS],
    ['runSubagent', ['delegate'], VS_CODE_TOOLS],
    ['todos', ['todo'], VS_CODE_TOOLS],
  ],
  'gemini-cli': [
    ['read_file', ['read'], GEMINI_FILES],
    ['read_many_files', ['read'], GEMINI_TOOLS],
    ['write_file', ['write'], GEMINI_FILES],
    ['replace', ['edit'], GEMINI_FILES],
    ['list_directory', ['list'], GEMINI_FILES],
    ['glob', ['find'], GEMINI_FILES],
    ['grep_search', ['search'], GEMINI_FILES],
    ['search_file_content', ['search'], GEMINI_FILES],
    ['run_shell_command', ['shell'], GEMINI_TOOLS],
    ['web_fetch', ['web-fetch'], GEMINI_TOOLS],
    ['google_web_search', ['web-search'], GEMINI_TOOLS],
    ['write_todos', ['todo'], GEMINI_TOOLS],
    ['activate_skill', ['skill'], GEMINI_TOOLS],
  ],
  codex: [
    // Codex agents name no tools; its hooks match these names.
    ['Bash', ['shell'], CODEX_HOOKS],
    ['apply_patch', ['write', 'edit'], CODEX_HOOKS],
  ],
  cursor: [
    // The permission tokens of Cursor's CLI; Cursor agents have `readonly`, not a tool list.
    ['Read', ['read', 'list'], CURSOR_PERMISSIONS],
    ['Write', ['write', 'edit'], CURSOR_PERMISSIONS],
    ['Shell', ['shell'], CURSOR_PERMISSIONS],
    ['WebFetch', ['web-fetch'], CURSOR_PERMISSIONS],
  ],
  opencode: [
    ['read', ['read', 'list'], OPENCODE_TOOLS],
    ['list', ['list'], OPENCODE_PERMISSIONS],
    ['write', ['write'], OPENCODE_TOOLS],
    ['edit', ['edit'], OPENCODE_TOOLS],
    ['patch', ['write', 'edit'], OPENCODE_PERMISSIONS],
    ['apply_patch', ['write', 'edit'], OPENCODE_TOOLS],
    ['glob', ['find'], OPENCODE_TOOLS],
    ['grep', ['search'], OPENCODE_TOOLS],
    ['bash', ['shell'], OPENCODE_TOOLS],
    ['shell', ['shell'], OPENCODE_TOOLS],
    ['webfetch', ['web-fetch'], OPENCODE_TOOLS],
    ['websearch', ['web-search'], OPENCODE_TOOLS],
    ['task', ['delegate'], OPENCODE_TOOLS],
    ['todowrite', ['todo'], OPENCODE_TOOLS],
    ['skill', ['skill'], OPENCODE_TOOLS],
  ],
};

/** Assistants whose names are matched without regard to case (GitHub documents its aliases so). */
export const caseInsensitiveAssistants: ReadonlySet<Assistant> = new Set<Assistant>(['copilot']);

/**
 * Every tool name the vocabulary knows, per assistant, with the page it comes from. Names an
 * assistant has that no other tool here does (Claude Code's `AskUserQuestion`, VS Code's `problems`)
 * are not listed: they map to nothing unless a host maps its own tool to them.
 */
export const assistantToolNames: readonly AssistantToolName[] = Object.entries(rowsByAssistant).flatMap(
  ([assistant, rows]) =>
    rows.map(([name, roles, source]) => ({ assistant: assistant as Assistant, name, roles, source })),
);
