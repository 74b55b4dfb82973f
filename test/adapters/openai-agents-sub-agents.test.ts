import { Agent, setTracingDisabled } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { runWithContext, subAgentTools } from '../../src/adapters/openai-agents/index.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import type { ContextEvent } from '../../src/session/capability.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { subAgentRepository } from './sub-agent-repository.js';

beforeAll(() => setTracingDisabled(true));

const repository = () => subAgentRepository('agent-context-openai-agents-sub-agents-');

const toolNamesOf = (model: ScriptedModel, index: number) =>
  model.calls[index]!.request.tools.map((definition) => definition.name);

/** The text of the function_call_result of `callId` in a model call's input. */
function resultOf(model: ScriptedModel, index: number, callId: string): string {
  const input = model.calls[index]!.request.input;
  const item = (Array.isArray(input) ? input : []).find(
    (entry) => entry.type === 'function_call_result' && entry.callId === callId,
  ) as { output: { text?: string } | string } | undefined;
  if (item === undefined) return '';
  return typeof item.output === 'string'
    ? item.output
    : String(item.output.text ?? JSON.stringify(item.output));
}

describe('subAgentTools (openai-agents)', () => {
  it('runs a nested Agent per definition with exactly the mapped tools, and returns its final output', async () => {
    const { workspace, items } = await repository();
    const session = createContextSession({
      workspace,
      capabilities: [projectInstructions(), fileTools({ write: true }), nestedInstructions()],
    });
    const events: ContextEvent[] = [];
    session.on((event) => events.push(event));
    const searcher = new ScriptedModel([
      [functionCall('read_file', { path: 'packages/x/src/index.ts' }, { callId: 'sub_1' })],
      [assistantMessage('found x')],
    ]);
    const editor = new ScriptedModel([[assistantMessage('edited x')]]);
    const host = new ScriptedModel([
      [
        functionCall('searcher', { task: 'Find x.' }, { callId: 'call_1' }),
        functionCall('editor', { task: 'Edit x.' }, { callId: 'call_2' }),
      ],
      [assistantMessage('Done.')],
    ]);
    const agent = new Agent({
      name: 'host',
      model: host,
      tools: subAgentTools(items, {
        model: (definition) => (definition.name === 'searcher' ? searcher : editor),
        session,
      }),
    });
    await runWithContext(session, agent, 'Delegate.');

    expect(resultOf(host, 1, 'call_1')).toBe('found x');
    expect(resultOf(host, 1, 'call_2')).toBe('edited x');
    expect(toolNamesOf(searcher, 0)).toEqual(['read_file', 'find_files', 'search_files']);
    expect(toolNamesOf(searcher, 1)).toEqual(['read_file', 'find_files', 'search_files']);
    expect(toolNamesOf(editor, 0)).toEqual(['write_file', 'search_files']);
    expect(searcher.calls[0]!.request.systemInstructions).toContain('You find code.');
    expect(searcher.calls[0]!.request.systemInstructions).toContain('Use pnpm.');
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'loaded',
        reason: 'nested',
        path: 'packages/x/AGENTS.md',
        trigger: expect.stringMatching(/^searcher sub-agent: /),
      }),
    );
  });

  it('refuses a definition that delegates to itself with a tool error', async () => {
    const { workspace, items } = await repository();
    const session = createContextSession({ workspace, capabilities: [fileTools()] });
    const helper = items.filter((item) => item.name === 'helper');
    const sub = new ScriptedModel([
      [functionCall('helper', { task: 'Again.' }, { callId: 'again' })],
      [assistantMessage('gave up')],
    ]);
    const host = new ScriptedModel([
      [functionCall('helper', { task: 'Help.' }, { callId: 'call_1' })],
      [assistantMessage('Done.')],
    ]);
    const agent = new Agent({
      name: 'host',
      model: host,
      tools: subAgentTools(helper, { model: sub, session }),
    });
    await runWithContext(session, agent, 'Help.');
    expect(toolNamesOf(sub, 0)).toContain('helper');
    expect(resultOf(sub, 1, 'again')).toContain('already running on this delegation path (helper -> helper)');
    expect(resultOf(host, 1, 'call_1')).toBe('gave up');
  });
});
