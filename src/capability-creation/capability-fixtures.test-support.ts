import { validationRun } from './inspect-capability.js';

/** A valid authored module: one instruction and one echo tool named `<name>_echo`. */
export const valid = (name: string, text = 'Be brief.') => `
export default {
  name: '${name}',
  instructions: () => ${JSON.stringify(text)},
  tools: () => [{
    name: '${name}_echo',
    description: 'Echo the text back.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: ({ text }) => text,
  }],
};`;

/** The instructions of a capability, read against the validation stub run. */
export async function instructionsOf(capability: {
  instructions?: (run: never) => unknown;
}): Promise<unknown> {
  return capability.instructions?.(validationRun() as never);
}
