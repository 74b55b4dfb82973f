import { capDiagnostics } from '../cap-diagnostics.js';
import { diagnosticCodeOf } from '../diagnostic-code-of-error.js';
import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { Diagnostic, LoadResult } from '../diagnostics.js';
import { parseFrontmatter } from '../frontmatter/parse-frontmatter.js';
import { isCodexAgentFileName } from '../inventory/read-codex-agent-file.js';
import { readTomlFile } from '../inventory/read-toml-file.js';
import { scanInventory } from '../inventory/scan-inventory.js';
import { checkToolNames, parseToolList } from '../tool-vocabulary/check-tool-names.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import type { AgentDefinition } from './agent-definition.js';
import { agentDefinitionDefaults } from './agent-definition-defaults.js';

/** Bytes of an agent file read at most; a longer prompt is cut with a diagnostic. */
export const maxAgentFileBytes = 256 * 1024;

/** Options of {@link loadAgentDefinitions}. */
export interface LoadAgentDefinitionsOptions {
  /** Asset roots whose `agents/` folders hold definitions. Default `['.claude', '.agents', '.codex', '.grok', '.gemini', '.github', '.cursor', '.opencode']`. */
  roots?: readonly string[];
}

/**
 * The repository's sub-agent definitions: every agent file the inventory finds under the asset roots'
 * `agents/` folders (`.claude/agents/*.md`, `.codex/agents/*.md` and `*.toml`, `.github/agents/*.agent.md`,
 * ...), read whole (frontmatter parsed leniently, the body as the prompt; a Codex TOML agent's
 * `developer_instructions` as the prompt), in scan order.
 *
 * Never throws for a file: an unreadable or binary file is left out with its diagnostic; a file
 * whose frontmatter is missing or broken still gives a definition (named after the file) with its
 * diagnostics. A name an earlier file already has is left out (the earlier, nearer one wins) with an
 * `info` diagnostic. `diagnostics` holds every problem found, the items' own included, at most 20 per
 * file and 1,000 in all, with a count of the rest (see `capDiagnostics`); each item keeps all of its own.
 *
 * @example
 * const { items } = await loadAgentDefinitions(localWorkspace('/repo'));
 * // items[0] -> { name: 'api-reviewer', description: '...', prompt: '...', tools: ['Read', 'Grep'], source: '.claude/agents/api-reviewer.md', diagnostics: [] }
 */
export async function loadAgentDefinitions(
  workspace: Workspace,
  options: LoadAgentDefinitionsOptions = {},
): Promise<LoadResult<AgentDefinition>> {
  const inventory = await scanInventory({ workspace, roots: options.roots ?? agentDefinitionDefaults.roots });
  const items: AgentDefinition[] = [];
  const diagnostics: Diagnostic[] = [];
  const names = new Map<string, string>();
  for (const root of inventory.roots) {
    for (const agent of root.agents) {
      const read = await readAgentFile(workspace, agent.path);
      if (!read.ok) {
        diagnostics.push(read.failure);
        continue;
      }
      const definition = read.definition;
      const earlier = names.get(definition.name);
      if (earlier !== undefined) {
        diagnostics.push({
          severity: 'info',
          code: 'duplicate-agent-name',
          message: `The agent "${definition.name}" of ${definition.source} is left out: ${earlier} defines it first.`,
          path: definition.source,
        });
        continue;
      }
      names.set(definition.name, definition.source);
      items.push(definition);
      diagnostics.push(...definition.diagnostics);
    }
  }
  return { items, diagnostics: capDiagnostics(diagnostics) };
}

type AgentFile = { ok: true; definition: AgentDefinition } | { ok: false; failure: Diagnostic };

async function readAgentFile(workspace: Workspace, label: string): Promise<AgentFile> {
  if (isCodexAgentFileName(label)) return readCodexAgent(workspace, label);
  const fail = (code: DiagnosticCode, message: string): AgentFile => ({
    ok: false,
    failure: { severity: 'error', code, message, path: label },
  });
  let file: Awaited<ReturnType<typeof readTextFile>>;
  try {
    file = await readTextFile(workspace, label, { maxBytes: maxAgentFileBytes });
  } catch (error) {
    return fail(
      diagnosticCodeOf(error),
      `${label} could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (file.binary) return fail('binary-file', `${label} is a binary file, not Markdown; skipped.`);
  const diagnostics: Diagnostic[] = [];
  const parsed = parseFrontmatter(file.text, label);
  diagnostics.push(...parsed.diagnostics);
  if (parsed.status === 'none') {
    diagnostics.push({
      severity: 'warning',
      code: 'missing-frontmatter',
      message: `${label} has no frontmatter: the whole file is the prompt, and the agent is named after the file.`,
      path: label,
    });
  }
  if (parsed.status === 'unclosed') {
    return fail('unclosed-frontmatter', `The frontmatter of ${label} has no closing \`---\` line.`);
  }
  if (file.truncated) {
    diagnostics.push({
      severity: 'warning',
      code: 'truncated',
      message: `${label} has ${file.size} bytes; its prompt is the first ${maxAgentFileBytes}.`,
      path: label,
    });
  }
  const data = parsed.data;
  const definition = definitionOf(data, parsed.body, label, diagnostics);
  const tools = parseToolList(data.tools);
  if (tools !== undefined) {
    definition.tools = tools;
    diagnostics.push(...checkToolNames(tools, label, `The agent ${definition.name}`));
  }
  return { ok: true, definition };
}

/**
 * A Codex custom agent (`.codex/agents/NAME.toml`): `developer_instructions` is the prompt. Codex
 * agents name no tool list (their `sandbox_mode` and `mcp_servers` have no counterpart here), so the
 * definition allows every host tool.
 */
async function readCodexAgent(workspace: Workspace, label: string): Promise<AgentFile> {
  const read = await readTomlFile(workspace, label, maxAgentFileBytes);
  if (!read.ok) return { ok: false, failure: read.failure };
  const diagnostics: Diagnostic[] = [...read.warnings];
  const instructions = read.data.developer_instructions;
  if (typeof instructions !== 'string' || instructions.trim() === '') {
    diagnostics.push({
      severity: 'warning',
      code: 'missing-instructions',
      message: `${label} has no \`developer_instructions\` string: the agent has an empty prompt.`,
      path: label,
    });
  }
  const prompt = typeof instructions === 'string' ? instructions : '';
  return { ok: true, definition: definitionOf(read.data, prompt, label, diagnostics) };
}

/** The fields every agent file gives the same way: name (else the file name), description, prompt, model. */
function definitionOf(
  data: Record<string, unknown>,
  prompt: string,
  label: string,
  diagnostics: Diagnostic[],
): AgentDefinition {
  const fileName = label.slice(label.lastIndexOf('/') + 1).replace(/(?:\.agent)?\.(?:md|toml)$/i, '');
  const name = typeof data.name === 'string' && data.name.trim() !== '' ? data.name.trim() : fileName;
  const description =
    typeof data.description === 'string' ? data.description.replace(/\s+/g, ' ').trim() : '';
  if (description === '') {
    diagnostics.push({
      severity: 'warning',
      code: 'missing-description',
      message: `The agent ${name} has no \`description\`: a host cannot tell when to delegate to it.`,
      path: label,
    });
  }
  const definition: AgentDefinition = {
    name,
    description,
    prompt: prompt.trim(),
    source: label,
    diagnostics,
  };
  if (typeof data.model === 'string' && data.model.trim() !== '') definition.model = data.model.trim();
  return definition;
}
