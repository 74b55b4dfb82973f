import type { Capability } from '../../src/session/capability.js';

/** The JSON Schema of the `lookup` tool's input. */
export const lookupSchema = {
  type: 'object' as const,
  properties: { path: { type: 'string' as const } },
  required: ['path'],
};

/**
 * A capability for adapter tests: two instruction blocks, a `lookup` tool that answers
 * `found <path>`, and a hidden note (`Note about <call id>.`) anchored after every successful call.
 */
export function noteTaker(): Capability {
  return {
    name: 'note-taker',
    instructions: () => ['Block one.', 'Block two.'],
    tools: () => [
      {
        name: 'lookup',
        description: 'Look a path up.',
        inputSchema: lookupSchema,
        execute: (input: { path: string }) => `found ${input.path}`,
      },
    ],
    afterToolCall(call, result, run) {
      if (result.isError) return;
      run.session.deliverHidden({
        capability: 'note-taker',
        text: `Note about ${call.id}.`,
        anchor: call.id,
      });
    },
  };
}
