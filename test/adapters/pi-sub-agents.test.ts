import type { ExtensionFactory } from '@mariozechner/pi-coding-agent';
import { afterEach, describe, expect, it } from 'vitest';
import { contextExtension, subAgentTools } from '../../src/adapters/pi/index.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import type { ContextEvent } from '../../src/session/capability.js';
import type { ContextSession } from '../../src/session/context-session.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import {
  type PiRequest,
  type PiStep,
  resultText,
  startFauxPiAgent,
  textStep,
  toolCallStep,
} from './pi-faux-agent.js';
import { subAgentRepository } from './sub-agent-repository.js';

const repository = () => subAgentRepository('agent-context-pi-sub-agents-');

let disposers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const dispose of disposers) await dispose();
  disposers = [];
});

/** The host's extension: the context session and the sub-agent tools, registered as a pi host would. */
function hostExtension(session: ContextSession, tools: ReturnType<typeof subAgentTools>): ExtensionFactory {
  return (pi) => {
    contextExtension(session)(pi);
    for (const tool of tools) pi.registerTool(tool);
  };
}

/** A step answering whoever calls (host or sub-agent, one faux queue), by its system prompt. */
const dispatch =
  (answer: (request: PiRequest) => ReturnType<Extract<PiStep, (...args: never[]) => unknown>>): PiStep =>
  (requests) =>
    answer(requests[requests.length - 1]!);

const hasResult = (request: PiRequest) => request.messages.some((message) => message.role === 'toolResult');
const of = (requests: readonly PiRequest[], prompt: string) =>
  requests.filter((request) => request.systemPrompt.startsWith(prompt));

describe('subAgentTools (pi)', () => {
  it("runs a nested pi agent session per definition with exactly the mapped tools, pi's own and the session's", async () => {
    const { root, workspace, items } = await repository();
    const session = createContextSession({
      workspace,
      capabilities: [projectInstructions(), fileTools({ write: true }), nestedInstructions()],
    });
    const events: ContextEvent[] = [];
    session.on((event) => events.push(event));
    const tools = subAgentTools(items, {
      session,
      tools: ['read', 'grep', 'find', 'ls', 'edit', 'write', 'bash'],
    });
    const answer = dispatch((request) => {
      if (request.systemPrompt.startsWith('You find code.')) {
        return hasResult(request)
          ? textStep('found x')
          : toolCallStep('read_file', { path: 'packages/x/src/index.ts' }, 'sub_1');
      }
      if (request.systemPrompt.startsWith('You edit code.')) return textStep('edited x');
      if (hasResult(request)) return textStep('Done.');
      return toolCallStep('searcher', { task: 'Find x.' }, 'call_1');
    });
    const agent = await startFauxPiAgent(root, hostExtension(session, tools), Array(4).fill(answer));
    disposers.push(agent.dispose);
    await agent.session.prompt('Delegate.');

    const host = of(agent.requests, 'You are the host.');
    expect(host).toHaveLength(2);
    expect(host[0]!.tools).toEqual(expect.arrayContaining(['searcher', 'editor', 'helper', 'read_file']));
    expect(resultText(host[1]!, 'call_1')).toBe('found x');
    const searcher = of(agent.requests, 'You find code.');
    expect(searcher).toHaveLength(2);
    // Claude Code's Read, Grep, Glob: pi's read, grep, find and the session's read_file, find_files, search_files.
    for (const request of searcher)
      expect(request.tools).toEqual(['read', 'grep', 'find', 'read_file', 'find_files', 'search_files']);
    // The sub-agent's run carries the project instructions, and nested ones after its own read.
    expect(searcher[0]!.systemPrompt).toContain('Use pnpm.');
    expect(searcher[0]!.messages.map((message) => message.role)).toEqual(['user']);
    expect(JSON.stringify(searcher[0]!.messages[0]!.content)).toContain('Find x.');
    expect(JSON.stringify(searcher[1]!.messages)).toContain('Run the x tests after a change.');
    expect(host.some((request) => JSON.stringify(request.messages).includes('Run the x tests'))).toBe(false);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'loaded',
        reason: 'nested',
        path: 'packages/x/AGENTS.md',
        trigger: 'searcher sub-agent: read_file packages/x/src/index.ts (sub_1)',
      }),
    );

    // A Copilot agent's codebase and editFiles: pi's grep, edit, write and the session's write_file, search_files.
    expect(agent.requests).toHaveLength(4);
    agent.append(
      Array(3).fill(
        dispatch((request) => {
          if (request.systemPrompt.startsWith('You edit code.')) return textStep('edited x');
          if (resultText(request, 'call_2') !== undefined) return textStep('Done.');
          return toolCallStep('editor', { task: 'Edit x.' }, 'call_2');
        }),
      ),
    );
    await agent.session.prompt('Edit.');
    const editor = of(agent.requests, 'You edit code.');
    expect(editor).toHaveLength(1);
    expect(editor[0]!.tools).toEqual(['grep', 'edit', 'write', 'write_file', 'search_files']);
    expect(resultText(of(agent.requests, 'You are the host.').at(-1)!, 'call_2')).toBe('edited x');
  });

  it('refuses a definition that delegates to itself with a tool error the model reads', async () => {
    const { root, workspace, items } = await repository();
    const session = createContextSession({ workspace, capabilities: [fileTools()] });
    const tools = subAgentTools(
      items.filter((item) => item.name === 'helper'),
      { session },
    );
    const answer = dispatch((request) => {
      if (request.systemPrompt.startsWith('Help.')) {
        const refused = resultText(request, 'again');
        return refused === undefined
          ? toolCallStep('helper', { task: 'Again.' }, 'again')
          : textStep(`saw: ${refused}`);
      }
      return hasResult(request) ? textStep('Done.') : toolCallStep('helper', { task: 'Help.' }, 'call_1');
    });
    const agent = await startFauxPiAgent(root, hostExtension(session, tools), Array(4).fill(answer));
    disposers.push(agent.dispose);
    await agent.session.prompt('Help.');

    const sub = of(agent.requests, 'Help.');
    expect(sub).toHaveLength(2);
    expect(sub[0]!.tools).toEqual(['helper', 'read_file', 'list_directory', 'find_files', 'search_files']);
    const host = of(agent.requests, 'You are the host.');
    expect(resultText(host[1]!, 'call_1')).toMatch(
      /^saw: .*already running on this delegation path \(helper -> helper\)/,
    );
  });

  it('stops a sub-agent after maxSteps model calls', async () => {
    const { root, workspace, items } = await repository();
    const session = createContextSession({ workspace, capabilities: [fileTools()] });
    const tools = subAgentTools(
      items.filter((item) => item.name === 'searcher'),
      { session, maxSteps: 2 },
    );
    let reads = 0;
    const answer = dispatch((request) => {
      if (request.systemPrompt.startsWith('You find code.')) {
        reads += 1;
        return toolCallStep('read_file', { path: 'README.md' }, `read_${reads}`);
      }
      return hasResult(request) ? textStep('Done.') : toolCallStep('searcher', { task: 'Loop.' }, 'call_1');
    });
    const agent = await startFauxPiAgent(root, hostExtension(session, tools), Array(6).fill(answer));
    disposers.push(agent.dispose);
    await agent.session.prompt('Loop.');
    // The third call starts with pi's signal already aborted: a real provider sends nothing.
    const sent = of(agent.requests, 'You find code.').filter((request) => !request.aborted);
    expect(sent).toHaveLength(2);
    expect(
      of(agent.requests, 'You find code.')
        .slice(2)
        .every((request) => request.aborted),
    ).toBe(true);
    const host = of(agent.requests, 'You are the host.');
    expect(host).toHaveLength(2);
    expect(resultText(host[1]!, 'call_1')).toBe('');
  });
});
