import type { AssistantName } from './assistant.js';
import type { ToolRole } from './tool-role.js';

/** One tool name an assistant uses in its agent, command and hook files, and what the tool does. */
export interface AssistantToolName {
  assistant: AssistantName;
  /** The name as the assistant writes it (`Read`, `editFiles`, `run_shell_command`). */
  name: string;
  /** What it does; a tool set (Copilot's `search`) has several roles. */
  roles: readonly ToolRole[];
  /** The page that names it. */
  source: string;
}

const claudeTools = 'https://code.claude.com/docs/en/tools-reference';
const claudePermissions = 'https://code.claude.com/docs/en/iam';
const copilotAliases = 'https://docs.github.com/copilot/reference/custom-agents-configuration';
const vsCodeTools = 'https://code.visualstudio.com/docs/agents/reference/tools-reference';
const vsCodeChatModes = 'https://code.visualstudio.com/docs/copilot/customization/custom-chat-modes';
const geminiFiles = 'https://geminicli.com/docs/tools/file-system/';
const geminiTools = 'https://geminicli.com/docs/reference/tools/';
const codexHooks = 'https://developers.openai.com/codex/hooks';
const cursorPermissions = 'https://cursor.com/docs/cli/reference/permissions';
const opencodeTools = 'https://opencode.ai/docs/tools/';
const opencodePermissions = 'https://opencode.ai/docs/permissions/';

type Row = readonly [name: string, roles: readonly ToolRole[], source: string];

/** Each assistant's tool names, in the order a look-up without `assistant` tries them. */
const rowsByAssistant: Partial<Record<AssistantName, readonly Row[]>> = {
  'claude-code': [
    ['Read', ['read'], claudeTools],
    ['Write', ['write'], claudeTools],
    ['Edit', ['edit'], claudeTools],
    ['MultiEdit', ['edit'], claudePermissions],
    ['NotebookEdit', ['notebook'], claudeTools],
    ['NotebookRead', ['read'], claudePermissions],
    ['Glob', ['find'], claudeTools],
    ['Grep', ['search'], claudeTools],
    ['LS', ['list'], claudePermissions],
    ['Bash', ['shell'], claudeTools],
    ['PowerShell', ['shell'], claudeTools],
    ['WebFetch', ['web-fetch'], claudeTools],
    ['WebSearch', ['web-search'], claudeTools],
    ['Agent', ['delegate'], claudeTools],
    ['Task', ['delegate'], claudePermissions],
    ['TodoWrite', ['todo'], claudeTools],
    ['Skill', ['skill'], claudeTools],
  ],
  'github-copilot': [
    // GitHub's aliases (cloud agent, Copilot CLI), case-insensitive, including Claude Code's names.
    ['read', ['read'], copilotAliases],
    ['edit', ['write', 'edit'], copilotAliases],
    ['search', ['find', 'search', 'list'], copilotAliases],
    ['execute', ['shell'], copilotAliases],
    ['shell', ['shell'], copilotAliases],
    ['Bash', ['shell'], copilotAliases],
    ['powershell', ['shell'], copilotAliases],
    ['Read', ['read'], copilotAliases],
    ['NotebookRead', ['read'], copilotAliases],
    ['Edit', ['edit'], copilotAliases],
    ['MultiEdit', ['edit'], copilotAliases],
    ['Write', ['write'], copilotAliases],
    ['NotebookEdit', ['notebook'], copilotAliases],
    ['Grep', ['search'], copilotAliases],
    ['Glob', ['find'], copilotAliases],
    ['web', ['web-fetch', 'web-search'], copilotAliases],
    ['WebSearch', ['web-search'], copilotAliases],
    ['WebFetch', ['web-fetch'], copilotAliases],
    ['agent', ['delegate'], copilotAliases],
    ['custom-agent', ['delegate'], copilotAliases],
    ['Task', ['delegate'], copilotAliases],
    ['todo', ['todo'], copilotAliases],
    ['TodoWrite', ['todo'], copilotAliases],
    // VS Code's tools, by their tool-set path and by the bare names older agent files use.
    ['read/readFile', ['read'], vsCodeTools],
    ['readFile', ['read'], vsCodeTools],
    ['search/codebase', ['search'], vsCodeTools],
    ['codebase', ['search'], vsCodeChatModes],
    ['search/textSearch', ['search'], vsCodeTools],
    ['textSearch', ['search'], vsCodeTools],
    ['search/fileSearch', ['find'], vsCodeTools],
    ['fileSearch', ['find'], vsCodeTools],
    ['search/listDirectory', ['list'], vsCodeTools],
    ['listDirectory', ['list'], vsCodeTools],
    ['edit/editFiles', ['write', 'edit'], vsCodeTools],
    ['editFiles', ['write', 'edit'], vsCodeTools],
    ['edit/createFile', ['write'], vsCodeTools],
    ['createFile', ['write'], vsCodeTools],
    ['execute/runInTerminal', ['shell'], vsCodeTools],
    ['runInTerminal', ['shell'], vsCodeTools],
    ['runCommands', ['shell'], vsCodeChatModes],
    ['web/fetch', ['web-fetch'], vsCodeTools],
    ['fetch', ['web-fetch'], vsCodeChatModes],
    ['agent/runSubagent', ['delegate'], vsCodeTools],
    ['runSubagent', ['delegate'], vsCodeTools],
    ['todos', ['todo'], vsCodeTools],
  ],
  'gemini-cli': [
    ['read_file', ['read'], geminiFiles],
    ['read_many_files', ['read'], geminiTools],
    ['write_file', ['write'], geminiFiles],
    ['replace', ['edit'], geminiFiles],
    ['list_directory', ['list'], geminiFiles],
    ['glob', ['find'], geminiFiles],
    ['grep_search', ['search'], geminiFiles],
    ['search_file_content', ['search'], geminiFiles],
    ['run_shell_command', ['shell'], geminiTools],
    ['web_fetch', ['web-fetch'], geminiTools],
    ['google_web_search', ['web-search'], geminiTools],
    ['write_todos', ['todo'], geminiTools],
    ['activate_skill', ['skill'], geminiTools],
  ],
  codex: [
    // Codex agents name no tools; its hooks match these names.
    ['Bash', ['shell'], codexHooks],
    ['apply_patch', ['write', 'edit'], codexHooks],
  ],
  cursor: [
    // The permission tokens of Cursor's CLI; Cursor agents have `readonly`, not a tool list.
    ['Read', ['read', 'list'], cursorPermissions],
    ['Write', ['write', 'edit'], cursorPermissions],
    ['Shell', ['shell'], cursorPermissions],
    ['WebFetch', ['web-fetch'], cursorPermissions],
  ],
  opencode: [
    ['read', ['read', 'list'], opencodeTools],
    ['list', ['list'], opencodePermissions],
    ['write', ['write'], opencodeTools],
    ['edit', ['edit'], opencodeTools],
    ['patch', ['write', 'edit'], opencodePermissions],
    ['apply_patch', ['write', 'edit'], opencodeTools],
    ['glob', ['find'], opencodeTools],
    ['grep', ['search'], opencodeTools],
    ['bash', ['shell'], opencodeTools],
    ['shell', ['shell'], opencodeTools],
    ['webfetch', ['web-fetch'], opencodeTools],
    ['websearch', ['web-search'], opencodeTools],
    ['task', ['delegate'], opencodeTools],
    ['todowrite', ['todo'], opencodeTools],
    ['skill', ['skill'], opencodeTools],
  ],
};

/** Assistants whose names are matched without regard to case (GitHub documents its aliases so). */
export const caseInsensitiveAssistants: ReadonlySet<AssistantName> = new Set<AssistantName>([
  'github-copilot',
]);

/**
 * Every tool name the vocabulary knows, per assistant, with the page it comes from. Names an
 * assistant has that no other tool here does (Claude Code's `AskUserQuestion`, VS Code's `problems`)
 * are not listed: they map to nothing unless a host maps its own tool to them.
 */
export const assistantToolNames: readonly AssistantToolName[] = Object.entries(rowsByAssistant).flatMap(
  ([assistant, rows]) =>
    (rows ?? []).map(([name, roles, source]) => ({
      assistant: assistant as AssistantName,
      name,
      roles,
      source,
    })),
);

/** The assistants whose tool names are known, in the order a look-up without `assistant` tries them. */
export const toolNameAssistants = Object.keys(rowsByAssistant) as readonly AssistantName[];
