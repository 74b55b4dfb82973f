import type { Run, ToolDefinition } from '../../session/capability.js';
import { adapterWarning, createReportOnce } from './report-once.js';

/** The names reported as taken, per run, so each is reported once however often the list is built. */
const firstReport = createReportOnce<Run>();

/**
 * The run's capability tools that the host has not taken, in the run's order. A capability tool whose
 * name `isTaken` (a host tool of that name exists: the host's tool wins) is left out and reported once
 * per run: a `diagnostic` event with code `tool-name-taken`, severity `warning`, reason `run-start`,
 * and `adapter` (e.g. `ai-sdk`, `langchain`, `pi`) as the event's capability.
 */
export function offeredCapabilityTools(
  run: Run,
  isTaken: (name: string) => boolean,
  adapter: string,
): ToolDefinition[] {
  const offered: ToolDefinition[] = [];
  for (const definition of run.tools) {
    if (isTaken(definition.name)) reportTakenOnce(run, definition.name, adapter);
    else offered.push(definition);
  }
  return offered;
}

/** How an adapter's framework shapes a tool, for {@link composeToolList}. */
export interface ToolListShape<Tool> {
  /** A host tool running between the run's tool hooks (its own tool when it cannot run there). */
  wrapHostTool(name: string, tool: Tool, run: Run): Tool;
  /** A capability tool in the framework's shape, executing through `run.executeTool`. */
  toTool(definition: ToolDefinition, run: Run): Tool;
}

/**
 * The tools of one run, as `[name, tool]` pairs: the host's first, in the host's order (wrapped by
 * `shape.wrapHostTool` unless `hostToolHooks` is false; default `true`), then the run's capability tools in the run's
 * order (see {@link offeredCapabilityTools}: a name the host already has is left out and reported).
 * The order only changes when the run's set of tools does, so the tool definitions a provider caches
 * stay byte-identical within a run. The host's tools are never modified.
 */
export function composeToolList<Tool>(
  host: Iterable<readonly [string, Tool]>,
  run: Run,
  options: { adapter: string; hostToolHooks?: boolean | undefined },
  shape: ToolListShape<Tool>,
): Array<[string, Tool]> {
  const tools: Array<[string, Tool]> = [];
  const names = new Set<string>();
  for (const [name, tool] of host) {
    tools.push([name, options.hostToolHooks !== false ? shape.wrapHostTool(name, tool, run) : tool]);
    names.add(name);
  }
  for (const definition of offeredCapabilityTools(run, (name) => names.has(name), options.adapter)) {
    tools.push([definition.name, shape.toTool(definition, run)]);
  }
  return tools;
}

/**
 * {@link composeToolList} for a framework that keeps its tools in an object by name (the AI SDK's
 * `ToolSet`, Mastra's `tools`): the host's object is read in key order and never modified.
 */
export function composeToolRecord<Tool>(
  host: Readonly<Record<string, Tool>> | undefined,
  run: Run,
  options: { adapter: string; hostToolHooks?: boolean | undefined },
  shape: ToolListShape<Tool>,
): Record<string, Tool> {
  return Object.fromEntries(composeToolList(Object.entries(host ?? {}), run, options, shape));
}

/**
 * The host's active tool names with the run's capability tools added after them: the host limited
 * the tools it activates, but it cannot know the capability tools' names in advance.
 * `capabilityNames` are the names {@link composeToolList} added (not the taken ones).
 */
export function withCapabilityTools(active: readonly string[], capabilityNames: Iterable<string>): string[] {
  const names = [...active];
  for (const name of capabilityNames) if (!names.includes(name)) names.push(name);
  return names;
}

function reportTakenOnce(run: Run, toolName: string, adapter: string): void {
  if (!firstReport(run, toolName)) return;
  const message = `The tool "${toolName}" is defined by the host and by a capability; the host's tool is used.`;
  run.emit(adapterWarning(adapter, 'tool-name-taken', message));
}
