import type { ExtensionAPI, ToolDefinition as PiToolDefinition } from '@mariozechner/pi-coding-agent';
import { z } from 'zod';
import type { Run, ToolDefinition } from '../../session/capability.js';
import { offeredCapabilityTools, unwrapToolResult } from '../kit/index.js';
import { replaceContentText } from './tool-result-content.js';

/** The tools the extension registered in pi, and the run their calls execute in. */
export interface CapabilityToolState {
  /** Every name the extension ever registered (pi cannot unregister a tool, only deactivate it). */
  readonly registered: Set<string>;
  /** The names offered in the current run: the run's tools minus the ones pi already has. */
  offered: ReadonlySet<string>;
}

/**
 * Register the run's capability tools in pi (`pi.registerTool`, in the run's order, a zod schema
 * converted to JSON Schema input side) and make exactly them active among the extension's tools (pi
 * cannot unregister a tool); pi's other active tools stay. A name pi already has is left out and
 * reported (the kit's `offeredCapabilityTools`). `execute` goes through `run.executeTool` of the run
 * current at call time; a failed or blocked call throws, so pi shows the model an error.
 */
export function registerCapabilityTools(
  pi: ExtensionAPI,
  run: Run,
  state: CapabilityToolState,
  currentRun: () => Run,
): void {
  const taken = new Set(
    pi
      .getAllTools()
      .map((tool) => tool.name)
      .filter((name) => !state.registered.has(name)),
  );
  const offered = new Set<string>();
  for (const definition of offeredCapabilityTools(run, (name) => taken.has(name), 'pi')) {
    pi.registerTool(toPiTool(definition, currentRun));
    state.registered.add(definition.name);
    offered.add(definition.name);
  }
  state.offered = offered;
  const active = pi.getActiveTools().filter((name) => !state.registered.has(name));
  pi.setActiveTools([...active, ...offered]);
}

function toPiTool(definition: ToolDefinition, currentRun: () => Run): PiToolDefinition {
  const schema = definition.inputSchema;
  const parameters = '_zod' in schema ? z.toJSONSchema(schema as z.ZodType, { io: 'input' }) : schema;
  return {
    name: definition.name,
    label: definition.name,
    description: definition.description,
    parameters: parameters as PiToolDefinition['parameters'],
    execute: async (toolCallId, input, signal) => {
      const call = { id: toolCallId, toolName: definition.name, input };
      const result = await currentRun().executeTool(call, undefined, { signal });
      return { content: replaceContentText([], unwrapToolResult(result)), details: undefined };
    },
  };
}
