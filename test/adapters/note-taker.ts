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

/**
 * A host-tool guard for adapter tests: blocks a call whose `path` is `secret` ("Not allowed.") and
 * appends ` (checked)` to every successful result.
 */
export function pathGuard(): Capability {
  return {
    name: 'guard',
    beforeToolCall: (call) =>
      (call.input as { path: string }).path === 'secret' ? { block: 'Not allowed.' } : undefined,
    afterToolCall: (_call, result) =>
      result.isError ? undefined : { output: `${String(result.output)} (checked)` },
  };
}

/**
 * The source of a capability an agent authors in adapter tests: instruction `Shout when asked.` and
 * a tool `shout` that upper-cases `word`. Plain JavaScript, no imports.
 */
export const shoutCapabilityCode = [
  'export default {',
  "  name: 'shout',",
  "  instructions: () => 'Shout when asked.',",
  '  tools: () => [{',
  "    name: 'shout', description: 'Upper-case a word.',",
  "    inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },",
  '    execute: (input) => input.word.toUpperCase(),',
  '  }],',
  '};',
].join('\n');
