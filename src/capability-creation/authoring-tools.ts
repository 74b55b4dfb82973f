import { isAgentContextError } from '../errors.js';
import type { Run, ToolDefinition } from '../session/capability.js';
import { capabilityNamePattern } from './capability-name.js';
import type { CapabilityOutcome, CapabilityStore } from './capability-store.js';
import { formatCapabilitySummary } from './format-capability-summary.js';
import type { CapabilitySummary } from './inspect-capability.js';

const nameProperty = {
  type: 'string',
  pattern: capabilityNamePattern.source,
  description: 'Capability name: lowercase letters, digits and underscores, starting with a letter.',
};
const nameOnly = {
  type: 'object',
  properties: { name: nameProperty },
  required: ['name'],
  additionalProperties: false,
};

/**
 * The agent's tools over a store: `author_capability(name, code)`, `list_authored_capabilities()`,
 * `disable_authored_capability(name)` and `enable_authored_capability(name)`. Success is a short text
 * result; a validation failure, a bad name or an unknown name is a tool error (thrown) whose message
 * says what to do next. Every change is reported as an `authored` event.
 */
export function authoringTools(store: CapabilityStore, capability: string): ToolDefinition[] {
  const report = (run: Run, message: string, outcome: CapabilityOutcome) => {
    run.emit({ type: 'authored', reason: 'authoring', capability, path: outcome.record.moduleFile, message });
    for (const diagnostic of outcome.diagnostics) {
      run.emit({
        type: 'diagnostic',
        reason: 'authoring',
        capability,
        message: diagnostic.message,
        diagnostic,
      });
    }
  };

  return [
    {
      name: 'author_capability',
      description:
        'Write (or replace) a capability for your next runs: a TypeScript module exporting one capability. It is validated now and live from the next run.',
      inputSchema: {
        type: 'object',
        properties: {
          name: nameProperty,
          code: { type: 'string', description: 'The whole TypeScript module.' },
        },
        required: ['name', 'code'],
        additionalProperties: false,
      },
      async execute(input: { name?: unknown; code?: unknown }, context) {
        const name = requireName(input, 'author_capability');
        if (typeof input.code !== 'string')
          throw new Error('author_capability needs "code": the module as a string.');
        const outcome = await refuseCallerMistakes(() => store.write(name, input.code as string));
        const { record } = outcome;
        if (record.lastError !== null) {
          report(
            context.run,
            `Authored capability "${name}" failed validation: ${record.lastError}`,
            outcome,
          );
          throw new Error(
            `Capability "${name}" failed validation: ${record.lastError}\nThe code is saved (${record.moduleFile}) but will not be loaded. Fix the problem and call author_capability again with the name "${name}".`,
          );
        }
        report(context.run, `Authored capability "${name}" (${describeSummary(outcome.summary)}).`, outcome);
        return `Capability "${name}" is validated and saved (${describeSummary(outcome.summary)}). It will be live from the next run, not in this one.`;
      },
    },
    {
      name: 'list_authored_capabilities',
      description:
        'List the authored capabilities: name, status (active or disabled) and the last validation error.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      async execute() {
        const { items, diagnostics } = await store.list();
        return {
          capabilities: items.map(({ name, status, lastError, updatedAt }) => ({
            name,
            status,
            lastError,
            updatedAt,
          })),
          ...(diagnostics.length > 0 ? { notes: diagnostics.map((diagnostic) => diagnostic.message) } : {}),
        };
      },
    },
    {
      name: 'disable_authored_capability',
      description:
        'Disable an authored capability from the next run on. Its code stays saved; enable it again any time.',
      inputSchema: nameOnly,
      async execute(input: { name?: unknown }, context) {
        const name = requireName(input, 'disable_authored_capability');
        const outcome = await refuseCallerMistakes(() => store.disable(name));
        report(context.run, `Disabled authored capability "${name}".`, outcome);
        return `Capability "${name}" is disabled: its code stays saved, and it will not be loaded from the next run on.`;
      },
    },
    {
      name: 'enable_authored_capability',
      description:
        'Enable a disabled authored capability again (it is validated first). Live from the next run.',
      inputSchema: nameOnly,
      async execute(input: { name?: unknown }, context) {
        const name = requireName(input, 'enable_authored_capability');
        const outcome = await refuseCallerMistakes(() => store.enable(name));
        const { record } = outcome;
        report(context.run, `Enabled authored capability "${name}".`, outcome);
        if (record.lastError !== null) {
          throw new Error(
            `Capability "${name}" is enabled, but it fails validation and will not be loaded: ${record.lastError}\nFix it by calling author_capability again with the name "${name}".`,
          );
        }
        return `Capability "${name}" is enabled and validated (${describeSummary(outcome.summary)}). It will be live from the next run.`;
      },
    },
  ];
}

function requireName(input: { name?: unknown }, tool: string): string {
  if (typeof input?.name !== 'string')
    throw new Error(`${tool} needs "name": the capability name as a string.`);
  return input.name;
}

/** Store errors (a bad or unknown name, code too large) become tool errors with the store's message. */
async function refuseCallerMistakes<Result>(action: () => Promise<Result>): Promise<Result> {
  try {
    return await action();
  } catch (error) {
    if (isAgentContextError(error)) throw new Error(error.message);
    throw error;
  }
}

function describeSummary(summary: CapabilitySummary | undefined): string {
  return summary === undefined ? 'not validated' : formatCapabilitySummary(summary);
}
