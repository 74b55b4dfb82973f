import { toLabel } from '../workspace/labels.js';
import type { Workspace } from '../workspace/workspace.js';
import { checkAssetFields } from './check-asset-fields.js';
import type { InventoryAgent } from './inventory-result.js';
import { readTomlFile } from './read-toml-file.js';

/** True for a file name that is a Codex custom agent in a `.codex/agents/` folder. */
export function isCodexAgentFileName(name: string): boolean {
  return name.endsWith('.toml');
}

/**
 * Read a Codex custom agent (`.codex/agents/NAME.toml`: `name`, `description`,
 * `developer_instructions`, and optional settings such as `model` or `sandbox_mode`) the way the
 * inventory reads a Markdown agent: `name` and `description` checked, every other key in `attributes`
 * except the instructions themselves (the prompt, like a Markdown agent's body, is not kept). Never
 * throws: an unreadable, binary, oversized or invalid file is an `error` on the entry, and missing
 * `developer_instructions` a `warning` (Codex requires them).
 */
export async function readCodexAgentFile(
  workspace: Workspace,
  path: string,
  maxBytes: number,
): Promise<InventoryAgent> {
  const label = toLabel(workspace, path);
  const read = await readTomlFile(workspace, path, maxBytes);
  if (!read.ok)
    return { path: label, name: null, description: null, attributes: {}, diagnostics: [read.failure] };
  const { developer_instructions: instructions, ...data } = read.data;
  const checked = checkAssetFields(data, { label, kind: 'agent' });
  checked.diagnostics.unshift(...read.warnings);
  if (typeof instructions !== 'string' || instructions.trim() === '') {
    checked.diagnostics.push({
      severity: 'warning',
      code: 'missing-instructions',
      message: `The agent has no \`developer_instructions\` string: Codex requires them as the agent's prompt.`,
      path: label,
    });
  }
  return {
    path: label,
    name: checked.name,
    description: checked.description,
    attributes: checked.attributes,
    diagnostics: checked.diagnostics,
  };
}
