import type { Diagnostic } from '../diagnostics.js';

/**
 * A sub-agent definition read from a repository file (Claude Code `.claude/agents/NAME.md`, plugin
 * `agents/`, Copilot `.github/agents/NAME.agent.md`, `.codex/agents/NAME.md`): frontmatter, then the
 * Markdown body, which is the sub-agent's system prompt. A Codex custom agent
 * (`.codex/agents/NAME.toml`) gives the same fields, its `developer_instructions` being the prompt.
 *
 * @example { name: 'api-reviewer', description: 'Review API changes.', prompt: 'You review...', tools: ['read_file'], source: '.claude/agents/api-reviewer.md', diagnostics: [] }
 */
export interface AgentDefinition {
  /** `name` from the frontmatter (or TOML); else the file name without `.agent.md`, `.md` or `.toml`. */
  name: string;
  /** `description` from the frontmatter, collapsed to one line of text; `''` when missing. */
  description: string;
  /** The body after the frontmatter (a TOML agent's `developer_instructions`), trimmed: the sub-agent's instructions. */
  prompt: string;
  /**
   * Tool names the sub-agent may use, as written (`tools: Read, Grep` or a YAML list); absent when the
   * file names none, which means every tool the host offers. An empty list means no tools.
   */
  tools?: string[];
  /** `model` from the frontmatter as written (`sonnet`, `inherit`, a model id); absent when none. */
  model?: string;
  /** Label of the file it was read from. */
  source: string;
  /** Problems with this file (lenient frontmatter, a missing description, a shadowed name...). */
  diagnostics: Diagnostic[];
}
