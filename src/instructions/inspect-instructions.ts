import { resolveLocalProject } from '../project/resolve-local-project.js';
import { assistantReading } from '../rules/assistants/index.js';
import { loadRules } from '../rules/load-rules.js';
import { renderRulesCatalog } from '../rules/render-rules-catalog.js';
import type { RuleScope } from '../rules/rule.js';
import { ruleListRequests } from '../rules/rule-list-requests.js';
import { withCheckedDirectories } from '../workspace/checked-directories.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { toPosixPath } from '../workspace/paths.js';
import { prefetchWorkspace } from '../workspace/prefetch-workspace.js';
import type { Workspace } from '../workspace/workspace.js';
import { addAlwaysRules } from './add-always-rules.js';
import {
  type AssistantReport,
  assistantInstructions,
  assistantReport,
  unlimitedCharacters,
} from './assistant-instructions.js';
import { type DiscoverInstructionsOptions, discoverInstructions } from './discover-instructions.js';
import type { InstructionDiscovery } from './instruction-file.js';
import { instructionListRequests } from './instruction-list-requests.js';
import { joinInstructionText } from './instruction-text.js';
import { type RenderedInstructions, renderInstructions } from './render-instructions.js';

/** Options of {@link inspectInstructions}: those of `discoverInstructions`, a host directory, the budget. */
export interface InspectInstructionsOptions
  extends Omit<DiscoverInstructionsOptions, 'workspace' | 'externalWorkspace'> {
  /** The agent's working directory on the local disk (absolute, or relative to `process.cwd()`). */
  directory: string;
  /**
   * Budget over the rendered text. Default `32_000`; with `assistant`, none (the assistant's own
   * budget applies: Codex's 32 KiB).
   */
  maxChars?: number;
  /** The user's home directory: user-level rules, and what `@~/` imports mean. Default: no user-level rules; `@~/` means `os.homedir()`. */
  userDirectory?: string;
}

/** How many rules of each scope were found, and how many rule files were skipped. */
export type RuleCounts = Record<RuleScope | 'skipped', number>;

/** Result of {@link inspectInstructions} (what `agent-context inspect --json` prints). */
export interface InstructionsReport {
  /** Real absolute POSIX path of the directory inspected. */
  directory: string;
  /** Real absolute POSIX path of the workspace root used as the containment boundary. */
  root: string;
  /** The instruction files, with the `always` rules among them (reason `rule`), in load order. */
  discovery: InstructionDiscovery;
  rendered: RenderedInstructions;
  /**
   * The instruction text the model gets, byte for byte (what `agent-context render` prints): the
   * rendered files, then the rules catalog, joined by a blank line; `''` when there is neither.
   */
  text: string;
  /** The rules catalog block that follows the instructions (`''` when no rule is `described`). */
  catalog: string;
  /** Rules found per scope (details: `inspectRules`). */
  rules: RuleCounts;
  /**
   * With `assistant`: which assistant was read as, its budget, and every file or rule the union of
   * every format loads that it does not, with the reason.
   */
  assistant?: AssistantReport;
}

/**
 * Discover and render the project instructions of a directory on the local disk, the way the CLI
 * does. `directory` and `stopAt` are resolved to real paths first (`resolveLocalProject`); the
 * workspace root (containment boundary) is `stopAt` when it is an ancestor of `directory`, else the
 * nearest ancestor holding a root marker (`findProjectRoot`), else `directory` itself; the
 * workspace's `cwd` is `directory`. A relative `stopAt` resolves against `directory`. With
 * `allowExternalImports`, imports outside the root are read from the host file system. The rules of
 * every assistant format found are loaded too: `always` rules join the instructions.
 *
 * Throws `not-found` when `directory` is not an existing directory.
 */
export function inspectInstructions(options: InspectInstructionsOptions): Promise<InstructionsReport> {
  // One operation: the directories on the way to every path are checked once, not once per path.
  return withCheckedDirectories(() => inspectOnce(options));
}

async function inspectOnce(options: InspectInstructionsOptions): Promise<InstructionsReport> {
  const givenStopAt = options.stopAt;
  const { directory, stopAt, root } = await resolveLocalProject({
    directory: options.directory,
    ...(givenStopAt === undefined ? {} : { stopAt: givenStopAt }),
    ...(options.rootMarkers === undefined ? {} : { rootMarkers: options.rootMarkers }),
  });
  const { directory: _directory, ...rest } = options;
  return inspectInstructionsIn(localWorkspace(root, { cwd: directory }), {
    ...rest,
    ...(stopAt === undefined ? {} : { stopAt: toPosixPath(stopAt) }),
  });
}

/**
 * {@link inspectInstructions} over a workspace already made (its `cwd` the directory inspected,
 * `stopAt` already resolved): what the rules and the walk-up read, asked as one `listDirectories`
 * request (see `instructionListRequests` and `ruleListRequests`), imports afterwards.
 */
export async function inspectInstructionsIn(
  base: Workspace,
  options: Omit<InspectInstructionsOptions, 'directory'>,
): Promise<InstructionsReport> {
  const { maxChars, formats, userDirectory, ...discoverOptions } = options;
  const { stopAt } = options;
  const reading = options.assistant === undefined ? undefined : assistantReading(options.assistant);
  const selections: Array<[typeof formats, typeof options.assistant]> = [
    [reading === undefined ? formats : reading.formats, options.assistant],
    ...(reading === undefined ? [] : [[undefined, undefined] as [typeof formats, typeof options.assistant]]),
  ];
  const workspace = await prefetchWorkspace(
    base,
    selections.flatMap(([selected, assistant]) => {
      const { assistant: _assistant, ...withoutAssistant } = discoverOptions;
      try {
        return [
          ...instructionListRequests(base, {
            ...withoutAssistant,
            ...(assistant === undefined ? {} : { assistant }),
            ...(assistant !== undefined || formats === undefined ? {} : { formats }),
          }),
          ...ruleListRequests(base, {
            ...(selected === undefined ? {} : { formats: selected }),
            ...(options.rootMarkers === undefined ? {} : { rootMarkers: options.rootMarkers }),
            ...(options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes }),
          }),
        ];
      } catch {
        // Options that cannot work fail below, in the loader's own words.
        return [];
      }
    }),
  );
  const load = async (selected: typeof formats, assistant: typeof options.assistant) => {
    const rules = await loadRules({
      workspace,
      ...(selected === undefined ? {} : { formats: selected }),
      ...(userDirectory === undefined ? {} : { userDirectory }),
      ...(options.rootMarkers === undefined ? {} : { rootMarkers: options.rootMarkers }),
      ...(stopAt === undefined ? {} : { stopAt }),
      ...(options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes }),
    });
    const { assistant: _assistant, ...rest } = discoverOptions;
    const found = await discoverInstructions({
      ...rest,
      ...(assistant === undefined ? {} : { assistant }),
      ...(assistant !== undefined || formats === undefined ? {} : { formats }),
      ...(stopAt === undefined ? {} : { stopAt }),
      ...(userDirectory === undefined ? {} : { userDirectory }),
      workspace,
      ...(options.allowExternalImports
        ? { externalWorkspace: localWorkspace('/', { contained: false }) }
        : {}),
    });
    return { rules, found };
  };
  const { rules, found } = await load(...selections[0]!);
  const withRules =
    reading === undefined
      ? addAlwaysRules(found, rules.items)
      : assistantInstructions(found, rules.items, reading);
  const discovery = { ...withRules, diagnostics: [...withRules.diagnostics, ...rules.diagnostics] };
  const budget = maxChars ?? (reading === undefined ? undefined : unlimitedCharacters);
  const rendered = renderInstructions(discovery, budget === undefined ? {} : { maxChars: budget });
  let assistant: AssistantReport | undefined;
  if (reading !== undefined) {
    // The union of every format (the default reading), to say what this assistant leaves out.
    const union = await load(...selections[1]!);
    assistant = assistantReport(
      reading,
      { discovery, rules: rules.items },
      { discovery: addAlwaysRules(union.found, union.rules.items), rules: union.rules.items },
    );
  }
  const catalog = renderRulesCatalog(rules.items);
  const count = (scope: RuleScope) => rules.items.filter((rule) => rule.scope === scope).length;
  return {
    directory: base.cwd,
    root: base.root,
    discovery,
    rendered,
    text: joinInstructionText(rendered.text, catalog),
    catalog,
    rules: {
      always: count('always'),
      files: count('files'),
      described: count('described'),
      manual: count('manual'),
      skipped: rules.skipped.length,
    },
    ...(assistant === undefined ? {} : { assistant }),
  };
}
