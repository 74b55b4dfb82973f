/**
 * The default instructions of `capabilityCreation()`: what a capability looks like, a short example,
 * and when an authored capability becomes live. Pass `guidance: ''` to leave it out, or a string to
 * replace it.
 */
export const capabilityCreationGuidance = `## Authoring capabilities

You can give your future runs behaviour this host does not have yet (an instruction, a tool, a guardrail) by writing a capability with author_capability(name, code).

- code is one TypeScript module that exports exactly one capability: an object, or a class constructible with no arguments. It has a string \`name\` and optionally \`instructions(run)\` (returns a string, a list of strings, or nothing) and \`tools(run)\` (returns tool definitions: \`name\`, \`description\`, \`inputSchema\` as a zod schema or a JSON Schema with type "object", and \`execute(input)\`). Hooks such as \`beforeToolCall(call, run)\` are allowed. \`import type\` from 'agent-context' works; 'zod' and 'agent-context' can be imported when the host has them.
- name is the file name: lowercase letters, digits and underscores, starting with a letter. Authoring an existing name replaces it.
- The code is validated at once, but the capability is live only from the next run, not in this one. If validation fails, the error says what to fix: fix it and call author_capability again with the same name.
- list_authored_capabilities shows what exists and any errors; disable_authored_capability and enable_authored_capability switch one off or on.

Example:

\`\`\`ts
export default {
  name: 'word_count',
  instructions: () => 'Use count_words to check length limits before you answer.',
  tools: () => [{
    name: 'count_words',
    description: 'Count the words in a text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: ({ text }: { text: string }) => String(text.split(/\\s+/).filter(Boolean).length),
  }],
};
\`\`\``;
