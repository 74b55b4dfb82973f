import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { Diagnostic } from '../diagnostics.js';
import type { AssistantName } from './assistant.js';
import { assistantToolNames, caseInsensitiveAssistants, toolNameAssistants } from './assistant-tool-names.js';
import { parseToolPattern } from './parse-tool-pattern.js';
import type { ToolRole } from './tool-role.js';
import { toolVocabularyDefaults } from './tool-vocabulary-defaults.js';

/** Options of {@link toolVocabulary}. */
export interface ToolVocabularyOptions {
  /**
   * The host's own tools and what each does, e.g. `{ bash: 'shell', fetch_page: 'web-fetch' }`: then
   * `Bash`, `run_shell_command` and `runCommands` select `bash`. A host tool not listed here is
   * selected only by its exact name. Default none.
   */
  hostTools?: Readonly<Record<string, ToolRole | readonly ToolRole[]>>;
}

/** Options of {@link ToolVocabulary.select} and the other look-ups. */
export interface ToolLookupOptions {
  /**
   * Whose names these are (see `assistantOfFile`). Default: every assistant, first match wins in the
   * order Claude Code, GitHub Copilot, Gemini CLI, Codex, Cursor, OpenCode. Windsurf, Zed, Copilot
   * CLI and Qwen Code have no tool names here: with them, only the session's and the host's own
   * names select.
   */
  assistant?: AssistantName;
}

/** Options of {@link ToolVocabulary.select}. */
export interface SelectToolsOptions extends ToolLookupOptions {
  /** Who names the tools, for the diagnostics (`the agent reviewer`). Default `the definition`. */
  owner?: string;
  /** The file they come from, as a label: the diagnostics' `path`. Default: none (no `path`). */
  path?: string;
}

/** Result of {@link ToolVocabulary.select}. */
export interface ToolSelection {
  /** The selected tools, in the order of `available`. */
  tools: string[];
  /** One warning per name that selected nothing, or was left out (a specifier that cannot be enforced). */
  diagnostics: Diagnostic[];
}

/** The tool vocabulary: each assistant's tool names, and the session's and host's tools they stand for. */
export interface ToolVocabulary {
  /** What a session or host tool does; `[]` for a tool the vocabulary does not know. */
  rolesOfTool(toolName: string): readonly ToolRole[];
  /** What an assistant's tool name stands for; `undefined` when the vocabulary does not know it. */
  rolesOfName(name: string, options?: ToolLookupOptions): readonly ToolRole[] | undefined;
  /**
   * The tools of `available` that `names` select (a definition's `tools`, a command's
   * `allowed-tools`): a name equal to a tool's name selects it; `*` selects every tool; any other
   * name selects the tools whose roles meet its roles (`Read` -> `read_file`; `Bash` -> the host's
   * shell tool). A name that selects nothing, or carries a specifier (`Bash(git:*)`, which cannot be
   * enforced, so the tool is left out), gives a warning.
   */
  select(names: readonly string[], available: readonly string[], options?: SelectToolsOptions): ToolSelection;
  /**
   * The names an assistant may use for a session or host tool, the tool's own name first: what a hook
   * matcher like `Edit|Write` is tested against. `write_file` for Claude Code ->
   * `['write_file', 'Write', 'Edit', 'MultiEdit']`.
   */
  namesOf(toolName: string, options?: ToolLookupOptions): string[];
  /** The same vocabulary with more host tools mapped (`{ reviewer: 'delegate' }`), those given here winning. */
  withTools(hostTools: Readonly<Record<string, ToolRole | readonly ToolRole[]>>): ToolVocabulary;
}

/**
 * The tool vocabulary of this library: every assistant's tool names (see `assistantToolNames` and
 * docs/tool-vocabulary.md for the table and its sources), the session's tools
 * (`toolVocabularyDefaults.sessionTools`) and the host's own, given in `hostTools`.
 *
 * @example
 * const vocabulary = toolVocabulary({ hostTools: { bash: 'shell' } });
 * vocabulary.select(['Read', 'Grep', 'Bash'], ['read_file', 'search_files', 'bash']).tools
 * // ['read_file', 'search_files', 'bash']
 */
export function toolVocabulary(options: ToolVocabularyOptions = {}): ToolVocabulary {
  const toolRoles = new Map<string, readonly ToolRole[]>(Object.entries(toolVocabularyDefaults.sessionTools));
  for (const [name, roles] of Object.entries(options.hostTools ?? {})) {
    toolRoles.set(name, typeof roles === 'string' ? [roles] : [...roles]);
  }
  const rolesOfTool = (toolName: string): readonly ToolRole[] => toolRoles.get(toolName) ?? [];

  const rolesOfName = (name: string, lookup: ToolLookupOptions = {}): readonly ToolRole[] | undefined => {
    const order = lookup.assistant === undefined ? toolNameAssistants : [lookup.assistant];
    for (const assistant of order) {
      const row = assistantToolNames.find((entry) => entry.assistant === assistant && entry.name === name);
      if (row) return row.roles;
    }
    const lower = name.toLowerCase();
    for (const assistant of order) {
      if (!caseInsensitiveAssistants.has(assistant)) continue;
      const row = assistantToolNames.find(
        (entry) => entry.assistant === assistant && entry.name.toLowerCase() === lower,
      );
      if (row) return row.roles;
    }
    return toolRoles.get(name);
  };

  const select = (
    names: readonly string[],
    available: readonly string[],
    selectOptions: SelectToolsOptions = {},
  ): ToolSelection => {
    const owner = selectOptions.owner ?? 'the definition';
    const chosen = new Set<string>();
    const diagnostics: Diagnostic[] = [];
    const warn = (code: DiagnosticCode, message: string) => {
      const diagnostic: Diagnostic = { severity: 'warning', code, message };
      if (selectOptions.path !== undefined) diagnostic.path = selectOptions.path;
      diagnostics.push(diagnostic);
    };
    for (const written of names) {
      const pattern = parseToolPattern(written);
      if (pattern.specifier !== undefined) {
        warn(
          'tool-specifier-not-enforced',
          `${owner} names \`${written}\`, which allows ${pattern.name} only for some inputs; that cannot be enforced here, so the tool is left out.`,
        );
        continue;
      }
      const name = pattern.name;
      if (name === '*') {
        for (const tool of available) chosen.add(tool);
        continue;
      }
      if (available.includes(name)) {
        chosen.add(name);
        continue;
      }
      const roles = rolesOfName(name, selectOptions);
      if (roles === undefined) {
        warn(
          'unknown-tool-name',
          `${owner} names the tool \`${name}\`, which is no tool offered here and in no assistant's vocabulary: it runs without it.`,
        );
        continue;
      }
      const matching = available.filter((tool) => rolesOfTool(tool).some((role) => roles.includes(role)));
      if (matching.length === 0) {
        warn(
          'tool-not-offered',
          `${owner} names \`${name}\` (${roles.join(', ')}), and no tool offered here does that: it runs without it. A host maps its own tool with \`hostTools\`, e.g. { my_tool: '${roles[0]}' }.`,
        );
        continue;
      }
      for (const tool of matching) chosen.add(tool);
    }
    return { tools: available.filter((tool) => chosen.has(tool)), diagnostics };
  };

  const namesOf = (toolName: string, lookup: ToolLookupOptions = {}): string[] => {
    const roles = rolesOfTool(toolName);
    const names = [toolName];
    for (const entry of assistantToolNames) {
      if (lookup.assistant !== undefined && entry.assistant !== lookup.assistant) continue;
      if (!entry.roles.some((role) => roles.includes(role))) continue;
      if (!names.includes(entry.name)) names.push(entry.name);
    }
    return names;
  };

  const withTools = (more: Readonly<Record<string, ToolRole | readonly ToolRole[]>>): ToolVocabulary =>
    toolVocabulary({ hostTools: { ...options.hostTools, ...more } });

  return { rolesOfTool, rolesOfName, select, namesOf, withTools };
}
