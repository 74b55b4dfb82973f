import { ToolMessage } from '@langchain/core/messages';
import { createAgent, HumanMessage } from 'langchain';
import { describe, expect, it } from 'vitest';
import { contextMiddleware, subAgentTools } from '../../src/adapters/langchain/index.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import type { ContextEvent } from '../../src/session/capability.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { scriptedModel } from './langchain-scripted-model.js';
import { subAgentRepository } from './sub-agent-repository.js';

const repository = () => subAgentRepository('agent-context-langchain-sub-agents-');

const toolResult = (messages: readonly unknown[], id: string) =>
  String(
    (
      messages.find(
        (message) => ToolMessage.isInstance(message) && message.tool_call_id === id,
      ) as ToolMessage
    )?.content,
  );

describe('subAgentTools (langchain)', () => {
  it('runs a nested createAgent per definition with exactly the mapped tools, and returns its answer', async () => {
    const { workspace, items } = await repository();
    const session = createContextSession({
      workspace,
      capabilities: [projectInstructions(), fileTools({ write: true }), nestedInstructions()],
    });
    const events: ContextEvent[] = [];
    session.on((event) => events.push(event));
    const sub = scriptedModel((messages) => {
      const prompt = JSON.stringify(messages[0]?.content);
      if (prompt.includes('You find code.') && !messages.some((message) => ToolMessage.isInstance(message)))
        return { toolCalls: [{ id: 'sub_1', name: 'read_file', args: { path: 'packages/x/src/index.ts' } }] };
      return { text: prompt.includes('You find code.') ? 'found x' : 'edited x' };
    });
    const host = scriptedModel([
      {
        toolCalls: [
          { id: 'call_1', name: 'searcher', args: { task: 'Find x.' } },
          { id: 'call_2', name: 'editor', args: { task: 'Edit x.' } },
        ],
      },
      { text: 'Done.' },
    ]);
    const agent = createAgent({
      model: host.model,
      tools: subAgentTools(items, { model: sub.model, session, middleware: [sub.recorder] }),
      middleware: [contextMiddleware(session)],
    });
    await agent.invoke({ messages: [new HumanMessage('Delegate.')] });

    const lastHostCall = host.model.calls[host.model.calls.length - 1]!.messages;
    expect(toolResult(lastHostCall, 'call_1')).toBe('found x');
    expect(toolResult(lastHostCall, 'call_2')).toBe('edited x');
    const searcherRequests = sub.requests.filter((request) =>
      JSON.stringify(request.system).includes('You find code.'),
    );
    const editorRequests = sub.requests.filter((request) =>
      JSON.stringify(request.system).includes('You edit code.'),
    );
    expect(searcherRequests.length).toBeGreaterThan(0);
    for (const request of searcherRequests)
      expect(request.tools).toEqual(['read_file', 'find_files', 'search_files']);
    for (const request of editorRequests) expect(request.tools).toEqual(['write_file', 'search_files']);
    // The sub-agent's own run: the project instructions, and the nested file after its read.
    expect(JSON.stringify(searcherRequests[0]!.system)).toContain('Use pnpm.');
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
    const sub = scriptedModel((messages) => {
      const result = messages.find((message) => ToolMessage.isInstance(message));
      if (result) return { text: `saw: ${String(result.content)}` };
      return { toolCalls: [{ id: 'again', name: 'helper', args: { task: 'Again.' } }] };
    });
    const host = scriptedModel([
      { toolCalls: [{ id: 'call_1', name: 'helper', args: { task: 'Help.' } }] },
      { text: 'Done.' },
    ]);
    const agent = createAgent({
      model: host.model,
      tools: subAgentTools(helper, { model: sub.model, session, middleware: [sub.recorder] }),
      middleware: [contextMiddleware(session)],
    });
    await agent.invoke({ messages: [new HumanMessage('Help.')] });
    expect(sub.requests[0]?.tools).toContain('helper');
    const answer = toolResult(host.model.calls[1]!.messages, 'call_1');
    expect(answer).toContain('saw: ');
    expect(answer).toContain('already running on this delegation path (helper -> helper)');
    expect(sub.model.calls).toHaveLength(2);
  });
});
