import { capDiagnostics, capPerFile } from '../cap-diagnostics.js';
import type { RuleFormatName } from '../rules/rule.js';
import type { Capability, ContextEvent, JsonSchema, Run, ToolDefinition } from '../session/capability.js';
import { declareRunStartRequests, runStartWorkspace } from '../session/run-start-listing.js';
import { plural } from '../text/plural.js';
import type { AssistantName } from '../tool-vocabulary/assistant.js';
import type { Workspace } from '../workspace/workspace.js';
import { capInventoryReport } from './cap-inventory-report.js';
import { inventoryDefaults } from './inventory-defaults.js';
import { inventoryListRequests } from './inventory-list-requests.js';
import { type InventoryResult, listInventoryDiagnostics } from './inventory-result.js';
import {
  type CatalogExclusion,
  inventoryCatalogSkills,
  renderSkillsCatalog,
  type SkillsCatalogOptions,
} from './render-skills-catalog.js';
import { inventoryPluginRequests, scanInventory } from './scan-inventory.js';
import type { ScanInventoryOptions } from './scan-inventory-options.js';

/** Options of {@link inventory}. */
export interface InventoryOptions {
  /** Asset root names, looked for in the working directory and its ancestors, in order. Default `['.claude', '.agents', '.codex', '.grok', '.gemini', '.github', '.cursor', '.opencode']`. */
  roots?: readonly string[];
  /** The highest directory searched (absolute, or relative to the working directory). Default: the project root (`.git`). */
  stopAt?: string;
  /** Names that mark the project root when there is no `stopAt`. Default `['.git']`. */
  rootMarkers?: readonly string[];
  /** Scan the plugin folders named by `.claude-plugin/marketplace.json` in the project root. Default `true`. */
  plugins?: boolean;
  /** Expose the inventory tool. Default `true`. */
  tool?: boolean;
  /** Name of the tool. Default `'inventory_agent_context'`. */
  toolName?: string;
  /** Add a one-line hint naming the tool to the instructions (only when the tool is exposed). Default `true`. */
  hint?: boolean;
  /**
   * Add a compact skills catalog (name, description, path per skill) to the instructions, read once
   * per run. `true` uses the default budget of 8,000 characters. Default `false`.
   */
  catalog?: boolean | Pick<SkillsCatalogOptions, 'maxChars'>;
  /** Depth bound of the skills and commands walks. Default 8. */
  maxDepth?: number;
  /** The assistants' rule formats the tool lists in `rules` (as `scanInventory`). Default: every format; `[]` for none. */
  formats?: readonly RuleFormatName[];
  /** List what one assistant reads: its asset roots and rule formats (as `scanInventory`). Default: none. */
  assistant?: AssistantName;
  /** The user's home directory, to list user-level rules too (as `scanInventory`). Default: none (never read). */
  userDirectory?: string;
}

/** The instruction line that points the model at the tool. */
export function inventoryHint(toolName: string): string {
  return (
    `Call \`${toolName}\` to see where this repository keeps its coding-assistant setup ` +
    '(instruction folders, skills, sub-agents and hooks), so you can read that setup and carry it over to your own work.'
  );
}

// No parameters: an empty object schema every provider accepts.
const noParameters: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };

/**
 * A capability that maps the repository's coding-assistant setup (see `scanInventory`).
 *
 * - Tool (default on, name `inventory_agent_context`, no parameters): scans the asset roots of the
 *   run's workspace when called and returns the {@link InventoryResult} as JSON data, with the rules
 *   of the selected `formats` (listed without their bodies). Each call scans afresh, so edits made
 *   during the run show up.
 * - Instructions: a one-line hint naming the tool (default on, when the tool is exposed; added
 *   whether or not any root exists, so the instructions do not depend on the disk); and, when
 *   `catalog` is set, a compact skills catalog under a character budget, fixed for the run.
 * - Events (reason `inventory`): one `loaded` event per scan, one `diagnostic` event per problem
 *   found, a `cut` event when the catalog was shortened.
 *
 * @example
 * createContextSession({ workspace, capabilities: [inventory({ catalog: { maxChars: 4000 } })] });
 */
export function inventory(options: InventoryOptions = {}): Capability {
  const roots = options.assistant === undefined ? (options.roots ?? inventoryDefaults.roots) : undefined;
  const exposeTool = options.tool ?? true;
  const toolName = options.toolName ?? inventoryDefaults.toolName;
  const hint = exposeTool && (options.hint ?? true);
  const catalogOptions = options.catalog === true ? {} : options.catalog || undefined;
  const name = 'inventory';

  // The catalog needs only the skills: its scan at run start reads no rule file.
  const scanOptions = (workspace: Workspace, listRules: boolean): ScanInventoryOptions => ({
    workspace,
    ...(roots === undefined ? {} : { roots }),
    ...(options.assistant === undefined ? {} : { assistant: options.assistant }),
    ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
    ...(options.stopAt === undefined ? {} : { stopAt: options.stopAt }),
    ...(options.rootMarkers === undefined ? {} : { rootMarkers: options.rootMarkers }),
    ...(options.plugins === undefined ? {} : { plugins: options.plugins }),
    ...(listRules || options.assistant !== undefined
      ? options.formats === undefined
        ? {}
        : { formats: options.formats }
      : { formats: [] }),
    ...(options.userDirectory === undefined ? {} : { userDirectory: options.userDirectory }),
  });
  const scan = async (run: Run, trigger: string, listRules = true): Promise<InventoryResult> => {
    const result = await scanInventory(scanOptions(await runStartWorkspace(run), listRules));
    const emit = (event: Omit<ContextEvent, 'capability' | 'reason' | 'trigger'>) =>
      run.emit({ ...event, capability: name, reason: 'inventory', trigger });
    emit({ type: 'loaded', message: summarize(result) });
    for (const diagnostic of capDiagnostics(listInventoryDiagnostics(result))) {
      emit({ type: 'diagnostic', message: diagnostic.message, diagnostic, ...pathOf(diagnostic.path) });
    }
    return result;
  };

  const capability: Capability = { name };
  if (hint || catalogOptions) {
    capability.instructions = async (run) => {
      const blocks: string[] = [];
      if (hint) blocks.push(inventoryHint(toolName));
      if (catalogOptions) {
        const excluded: CatalogExclusion[] = [];
        const listed = inventoryCatalogSkills(await scan(run, 'run-start', false), excluded);
        const reported = capPerFile(excluded, (exclusion) => exclusion.path);
        for (const exclusion of reported.kept) {
          run.emit({ type: 'skipped', reason: 'inventory', capability: name, ...exclusion });
        }
        for (const diagnostic of reported.leftOut) {
          run.emit({
            type: 'diagnostic',
            reason: 'inventory',
            capability: name,
            message: diagnostic.message,
            diagnostic,
          });
        }
        const catalog = renderSkillsCatalog(listed, {
          ...catalogOptions,
          ...(exposeTool ? { toolName } : {}),
        });
        if (catalog.shortened > 0 || catalog.omitted > 0) {
          run.emit({
            type: 'cut',
            reason: 'inventory',
            capability: name,
            message: `Skills catalog over budget: ${plural(catalog.shortened, 'description')} shortened, ${plural(catalog.omitted, 'skill')} left out.`,
          });
        }
        if (catalog.text !== '') blocks.push(catalog.text);
      }
      return blocks;
    };
  }
  if (exposeTool) {
    const tool: ToolDefinition<Record<string, never>, InventoryResult> = {
      name: toolName,
      description:
        'Map where this repository keeps its coding-assistant setup: for each asset root (such as .claude and .agents) of the working ' +
        'directory and its parents up to the project root, and each plugin folder, its skills with name and description, sub-agents, ' +
        'slash commands, and hook events; the rules of every assistant format (Claude Code, Cursor, Copilot, Windsurf...) with their ' +
        'scope (always, files, described, manual) and globs, without their text (read a rule file to see it); plus any problem found ' +
        'in those files. Takes no arguments; returns JSON. Paths are relative to the working directory.',
      inputSchema: noParameters,
      // The model gets the entries' diagnostics capped, as the events are; the count of the rest says so.
      execute: async (_input, context) => capInventoryReport(await scan(context.run, context.callId)),
    };
    capability.tools = () => [tool];
  }
  if (!catalogOptions) return capability;
  // The catalog's scan at run start comes from the run start's one listing, its plugin folders
  // from the one after it.
  return declareRunStartRequests(
    capability,
    (run) => inventoryListRequests(scanOptions(run.workspace, false)),
    (_run, listed) => inventoryPluginRequests(scanOptions(listed, false)),
  );
}

function summarize(result: InventoryResult): string {
  const existing = result.roots.filter((root) => root.exists);
  const skills = existing.reduce((total, root) => total + root.skills.length, 0);
  const agents = existing.reduce((total, root) => total + root.agents.length, 0);
  const commands = existing.reduce((total, root) => total + root.commands.length, 0);
  const names = existing.map((root) => root.root).join(', ') || 'none';
  const rules = result.rules === undefined ? '' : `, ${result.rules.length} rules`;
  return `Inventory scanned: roots found ${names}; ${skills} skills, ${agents} agents, ${commands} commands${rules}.`;
}

function pathOf(path: string | undefined): { path?: string } {
  return path === undefined ? {} : { path };
}
