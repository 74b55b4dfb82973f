import type { Run } from '../../session/capability.js';

/**
 * Report that a capability tool was left out because the host already has a tool of that name (the
 * host's tool wins): a `diagnostic` event with code `tool-name-taken`, severity `warning`, reason
 * `run-start`, and `adapter` (e.g. `ai-sdk`, `langchain`, `pi`) as the event's capability.
 */
export function reportToolNameTaken(run: Run, toolName: string, adapter: string): void {
  const message = `The tool "${toolName}" is defined by the host and by a capability; the host's tool is used.`;
  run.emit({
    type: 'diagnostic',
    reason: 'run-start',
    capability: adapter,
    message,
    diagnostic: { severity: 'warning', code: 'tool-name-taken', message },
  });
}
