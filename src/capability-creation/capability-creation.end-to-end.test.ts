import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import type { ContextEvent, Run, ToolCall } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { capabilityCreation } from './capability-creation.js';

/** What a model sees of a run: its instruction prefix and the names of its tools. */
interface Prompt {
  instructions: string;
  tools: string[];
}

/** A scripted model: each turn looks at the prompt and either calls a tool or answers in text. */
type Turn = (prompt: Prompt) => { call: Omit<ToolCall, 'id'> } | { text: string };

async function play(
  run: Run,
  turns: Turn[],
): Promise<Array<{ call?: ToolCall; output: unknown; isError?: boolean }>> {
  const transcript: Array<{ call?: ToolCall; output: unknown; isError?: boolean }> = [];
  for (const [index, turn] of turns.entries()) {
    const step = turn({ instructions: run.instructions, tools: run.tools.map((tool) => tool.name) });
    if ('text' in step) {
      transcript.push({ output: step.text });
      continue;
    }
    const call = { id: `run${run.index}_call${index + 1}`, ...step.call };
    const result = await run.executeTool(call);
    transcript.push({ call, output: result.output, isError: result.isError });
  }
  return transcript;
}

const releaseNotes = `
import type { Capability } from 'agent-context';

const capability: Capability = {
  name: 'release_notes',
  instructions: () => 'Write release notes in the imperative mood.',
  tools: () => [
    {
      name: 'count_words',
      description: 'Count the words in a text.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      execute: ({ text }: { text: string }) => String(text.split(/\\s+/).filter(Boolean).length),
    },
  ],
};
export default capability;
`;

describe('capability creation with the session engine', () => {
  it('makes a capability authored in run 1 live in run 2: its instruction in the prefix, its tool callable', async () => {
    const root = await useTemporaryDirectory('capability-e2e-');
    const workspace = localWorkspace(root);
    const directory = join(root, '.agent-capabilities');
    const session = createContextSession({ workspace, capabilities: [capabilityCreation({ directory })] });
    const events: ContextEvent[] = [];
    session.on((event) => events.push(event));

    const run1 = await session.startRun();
    const first = await play(run1, [
      (prompt) =>
        prompt.tools.includes('author_capability')
          ? { call: { toolName: 'author_capability', input: { name: 'release_notes', code: releaseNotes } } }
          : { text: 'I cannot author capabilities.' },
    ]);
    expect(first[0]).toMatchObject({
      isError: false,
      output: expect.stringContaining('live from the next run'),
    });
    expect(run1.tools.map((tool) => tool.name)).not.toContain('count_words');
    expect(run1.instructions).not.toContain('imperative mood');
    expect(events.filter((event) => event.type === 'authored')).toHaveLength(1);

    const run2 = await session.startRun();
    const second = await play(run2, [
      (prompt) =>
        prompt.instructions.includes('Write release notes in the imperative mood.') &&
        prompt.tools.includes('count_words')
          ? { call: { toolName: 'count_words', input: { text: 'Add the export command' } } }
          : { text: 'No release-notes capability here.' },
    ]);
    expect(second).toEqual([
      {
        call: { id: 'run2_call1', toolName: 'count_words', input: { text: 'Add the export command' } },
        output: '4',
        isError: false,
      },
    ]);
    expect(run2.instructionBlocks.map((block) => block.capability)).toEqual([
      'capability-creation',
      'release_notes',
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'loaded', path: '.agent-capabilities/release_notes.ts' }),
    );

    // A new process on the same directory: a fresh session and store load it too.
    const later = createContextSession({
      workspace,
      capabilities: [capabilityCreation({ directory, guidance: '' })],
    });
    const run3 = await later.startRun();
    expect(run3.instructions).toBe('Write release notes in the imperative mood.');
  });

  it('keeps a broken authored capability out of the next run and tells the model how to fix it', async () => {
    const root = await useTemporaryDirectory('capability-e2e-');
    const directory = join(root, 'capabilities');
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [capabilityCreation({ directory, guidance: '' })],
    });
    const run1 = await session.startRun();
    const code = "export default { name: 'loud', instructions: () => 7 };";
    const result = await run1.executeTool({
      id: 'c1',
      toolName: 'author_capability',
      input: { name: 'loud', code },
    });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('call author_capability again with the name "loud"');
    const events: ContextEvent[] = [];
    session.on((event) => events.push(event));
    const run2 = await session.startRun();
    expect(run2.capabilities.map((capability) => capability.name)).toEqual(['capability-creation']);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'skipped',
        path: 'capabilities/loud.ts',
        capability: 'capability-creation',
      }),
    );
  });
});
