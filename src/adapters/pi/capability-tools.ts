import type { ExtensionAPI, ToolDefinition as PiToolDefinition } from '@mariozechner/pi-coding-agent';
import { z } from 'zod';
import type { Run, ToolDefinition } from '../../session/capability.js';
import { offeredCapabilityTools, unwrapToolResult } from '../kit/index.js';
import { outputContent } from './tool-result-content.js';

/** The tools the extension registered in pi, and the run their calls execute in. */
export interface CapabilityToolState {
  /** Every name the extension ever registered (pi cannot unregister a tool, only deactivate it). */
  readonly registered: Set<string>;
  /** The names offered in the current run: the run's tools minus the ones pi already has. */
  offered: ReadonlySet<string>;
}

/**
 * Register the run's capability tools in pi, at run start, and make exactly them active among the
 * extension's tools:
 * - each tool is (re-)registered with `pi.registerTool`, in the run's order; its parameters are the
 *   tool's JSON Schema (a zod schema is converted with `z.toJSONSchema`, input side, so defaulted
 *   fields stay optional), which pi validates before the call;
 * - `execute` goes through `run.executeTool` of the run current at call time: `beforeToolCall`
 *   hooks, zod validation, the tool, `afterToolCall` hooks (touches, offload, notes); a failed or
 *   blocked call throws, so pi marks the result as an error and the model sees the message;
 * - a tool the extension registered for an earlier run and that this run lacks (a capability that
 *   was disabled) is deactivated with `pi.setActiveTools`; pi's other active tools stay as they are.
 *
 * A capability tool whose name pi already has (a built-in such as `read` or `bash`, an SDK custom
 * tool, another extension's tool) is left out, the host's tool wins, and a `diagnostic` event with
 * code `tool-name-taken` is emitted. Tools get no `promptSnippet`, so pi's system prompt is unchanged.
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
      const result = await currentRun().executeTool(call, undefined, signal ? { signal } : {});
      return { content: outputContent(unwrapToolResult(result)), details: undefined };
    },
  };
}
