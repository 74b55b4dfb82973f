import { Agent } from '@mastra/core/agent';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { contextProcessor, subAgentTools } from '../../src/adapters/mastra/index.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import type { ContextEvent } from '../../src/session/capability.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import {
  type MockScript,
  type ModelCallOptions,
  newestResult,
  resultText,
  scriptedBehaviour,
} from './scripted-mock-model.js';
import { subAgentRepository } from './sub-agent-repository.js';

const repository = () => subAgentRepository('agent-context-mastra-sub-agents-');

function createModel(script: MockScript) {
  const behaviour = scriptedBehaviour(script);
  return { model: new MockLanguageModelV4(behaviour as never) as never, calls: behaviour.calls };
}

const toolNames = (call: ModelCallOptions | undefined) => (call?.tools ?? []).map((tool) => tool.name);
const systemTexts = (call: ModelCallOptions) =>
  call.prompt.filter((message) => message.role === 'system').map((message) => message.content as string);

describe('subAgentTools (mastra)', () => {
  it('runs a nested Mastra Agent per definition with exactly the mapped tools, and returns its answer', async () => {
    const { workspace, items } = await repository();
    const session = createContextSession({
      workspace,
      capabilities: [projectInstructions(), fileTools({ write: true }), nestedInstructions()],
    });
    const events: ContextEvent[] = [];
    session.on((event) => events.push(event));
    const searcher = createModel([
      { toolCalls: [{ id: 'sub_1', name: 'read_file', input: { path: 'packages/x/src/index.ts' } }] },
      { text: 'found x' },
    ]);
    const editor = createModel([{ text: 'edited x' }]);
    const host = createModel([
      {
        toolCalls: [
          { id: 'call_1', name: 'searcher', input: { task: 'Find x.' } },
          { id: 'call_2', name: 'editor', input: { task: 'Edit x.' } },
        ],
      },
      { text: 'Done.' },
    ]);
    const agent = new Agent({
      id: 'host',
      name: 'host',
      instructions: 'You are the host.',
      model: host.model,
      tools: subAgentTools(items, {
        model: (definition) => (definition.name === 'searcher' ? searcher.model : editor.model),
        session,
      }) as never,
      inputProcessors: [contextProcessor(session)],
    });
    await agent.generate('Delegate.', { maxSteps: 5 });

    expect(resultText(host.calls[1]!, 'call_1')).toBe('found x');
    expect(resultText(host.calls[1]!, 'call_2')).toBe('edited x');
    expect(toolNames(host.calls[0])).toEqual(
      expect.arrayContaining(['searcher', 'editor', 'helper', 'read_file', 'write_file']),
    );
    // Claude Code's Read, Grep, Glob and Copilot's codebase, editFiles, through the vocabulary.
    expect(searcher.calls).toHaveLength(2);
    for (const call of searcher.calls)
      expect(toolNames(call)).toEqual(['read_file', 'find_files', 'search_files']);
    expect(toolNames(editor.calls[0])).toEqual(['write_file', 'search_files']);
    const system = systemTexts(searcher.calls[0]!);
    expect(system[0]).toBe('You find code.');
    expect(system.some((text) => text.includes('Use pnpm.'))).toBe(true);
    expect(JSON.stringify(searcher.calls[0]!.prompt.filter((message) => message.role === 'user'))).toContain(
      'Find x.',
    );
    // Nested instructions reached the sub-agent through its own run, never the host's prompt.
    expect(JSON.stringify(searcher.calls[1]!.prompt)).toContain('Run the x tests after a change.');
    expect(host.calls.some((call) => JSON.stringify(call.prompt).includes('Run the x tests'))).toBe(false);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'loaded',
        reason: 'nested',
        path: 'packages/x/AGENTS.md',
        trigger: 'searcher sub-agent: read_file packages/x/src/index.ts (sub_1)',
      }),
    );
  });

  it('refuses a definition that delegates to itself with a tool error the model reads', async () => {
    const { workspace, items } = await repository();
    const session = createContextSession({ workspace, capabilities: [fileTools()] });
    const helper = items.filter((item) => item.name === 'helper');
    const sub = createModel((call) => {
      if (JSON.stringify(call.prompt).includes('again'))
        return { text: `saw: ${newestResult(call, 'helper')}` };
      return { toolCalls: [{ id: 'again', name: 'helper', input: { task: 'Again.' } }] };
    });
    const host = createModel([
      { toolCalls: [{ id: 'call_1', name: 'helper', input: { task: 'Help.' } }] },
      { text: 'Done.' },
    ]);
    const agent = new Agent({
      id: 'host',
      name: 'host',
      instructions: 'Host.',
      model: host.model,
      tools: subAgentTools(helper, { model: sub.model, session }) as never,
      inputProcessors: [contextProcessor(session)],
    });
    await agent.generate('Help.', { maxSteps: 5 });
    expect(sub.calls).toHaveLength(2);
    expect(toolNames(sub.calls[0])).toEqual([
      'helper',
      'read_file',
      'list_directory',
      'find_files',
      'search_files',
    ]);
    expect(JSON.stringify(sub.calls[1]!.prompt)).toContain(
      'already running on this delegation path (helper -> helper)',
    );
    expect(resultText(host.calls[1]!, 'call_1')).toMatch(/^saw: .*already running on this delegation path/);
  });
});
