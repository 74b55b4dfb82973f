import { AgentContextError } from '../errors.js';
import type { Capability, ToolDefinition } from '../session/capability.js';
import type { Workspace } from '../workspace/workspace.js';
import { capabilityCreationDefaults } from './capability-creation-defaults.js';
import type { CapabilityHost, HostModule } from './capability-host.js';
import type { CapabilityDescription, SandboxMember } from './sandbox-protocol.js';

/** Time limits of calls into authored code. */
export interface CallLimits {
  /** Milliseconds a tool's `execute` may take in the capability host. Default 30,000. */
  executeTimeoutMs?: number;
  /** Milliseconds a hook (`beforeToolCall`, `afterToolCall`, `onTouch`, ...) may take. Default 5,000. */
  hookTimeoutMs?: number;
}

/**
 * The agent's-process side of an authored capability: its instructions and tool definitions are the
 * data validation sent back, and its tools' `execute` and its hooks are calls into the capability
 * host, each with a time limit. A failed or timed-out call is a tool error (hooks: a thrown error,
 * which the session reports and ignores).
 */
export function authoredCapabilityProxy(
  description: CapabilityDescription,
  module: HostModule,
  host: CapabilityHost,
  limits: CallLimits = {},
): Capability {
  const executeTimeoutMs = limits.executeTimeoutMs ?? capabilityCreationDefaults.executeTimeoutMs;
  const hookTimeoutMs = limits.hookTimeoutMs ?? capabilityCreationDefaults.hookTimeoutMs;
  const call = async (
    member: SandboxMember,
    tool: string | undefined,
    args: unknown[],
    workspace: Workspace,
    timeoutMs: number,
  ) => {
    const outcome = await host.call(module, member, tool, args, { timeoutMs, workspace });
    if (outcome.ok) return outcome;
    throw new AgentContextError(outcome.error, {
      code: outcome.code === 'capability-timeout' ? 'capability-timeout' : 'capability-failed',
      path: module.file,
    });
  };
  const instructions = [...description.instructions];
  const tools: ToolDefinition[] = description.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    async execute(input, context) {
      const outcome = await call(
        'execute',
        tool.name,
        [input, context.callId],
        context.run.workspace,
        executeTimeoutMs,
      );
      for (const touched of outcome.touched ?? []) context.touch?.(touched.path, touched.kind);
      return outcome.value;
    },
  }));
  const capability: Capability = { name: description.name };
  if (instructions.length > 0)
    capability.instructions = () => (instructions.length === 1 ? instructions[0] : [...instructions]);
  if (tools.length > 0) capability.tools = () => tools;
  const hooks = new Set(description.hooks);
  const hook = async (member: SandboxMember, args: unknown[], workspace: Workspace) =>
    (await call(member, undefined, args, workspace, hookTimeoutMs)).value as never;
  if (hooks.has('onRunStart')) capability.onRunStart = (run) => hook('onRunStart', [], run.workspace);
  if (hooks.has('beforeToolCall'))
    capability.beforeToolCall = (toolCall, run) => hook('beforeToolCall', [toolCall], run.workspace);
  if (hooks.has('afterToolCall'))
    capability.afterToolCall = (toolCall, result, run) =>
      hook('afterToolCall', [toolCall, result], run.workspace);
  if (hooks.has('onTouch'))
    capability.onTouch = (touch, session) => hook('onTouch', [touch], session.workspace);
  if (hooks.has('onCompaction'))
    capability.onCompaction = (session) => hook('onCompaction', [], session.workspace);
  return capability;
}
