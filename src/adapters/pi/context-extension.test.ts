import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeMessages,
  resultText,
  startFauxPiAgent,
  textStep,
  toolCallStep,
} from '../../../test/adapters/pi-faux-agent.js';
import { nestedInstructions } from '../../instructions/nested/nested-instructions.js';
import type { Capability, ContextEvent } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import { contextExtension } from './context-extension.js';

/** Two instruction blocks, a `lookup` tool, one named like pi's `read`, and a note after every lookup. */
function noteTaker(): Capability {
  const tool = (name: string) => ({
    name,
    description: `Look a path up (${name}).`,
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    execute: (input: { path: string }) => `found ${input.path}`,
  });
  return {
    name: 'note-taker',
    instructions: () => ['Block one.', 'Block two.'],
    tools: () => [tool('lookup'), tool('read')],
    beforeToolCall: (call) => (call.toolName === 'bash' ? { block: 'No shell in this test.' } : undefined),
    afterToolCall(call, result, run) {
      if (result.isError || call.toolName !== 'lookup') return;
      run.session.deliverHidden({
        capability: 'note-taker',
        text: `Note about ${call.id}.`,
        anchor: call.id,
      });
    },
  };
}

let root: string;
let disposers: Array<() => Promise<void>>;
beforeEach(async () => {
  disposers = [];
  root = await mkdtemp(join(tmpdir(), 'agent-context-pi-extension-'));
  for (const [path, text] of Object.entries({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'packages/x/AGENTS.md': '# Package x\nRun the x tests after a change.\n',
    'packages/x/src/index.ts': 'export const x = 1;\n',
  })) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
});
afterEach(async () => {
  for (const dispose of disposers) await dispose();
  await rm(root, { recursive: true, force: true });
});

async function start(...parameters: Parameters<typeof startFauxPiAgent>) {
  const agent = await startFauxPiAgent(...parameters);
  disposers.push(agent.dispose);
  return agent;
}

describe('pi contextExtension', () => {
  it('runs capability tools through the run and places their notes right after their results', async () => {
    const session = createContextSession({ workspace: localWorkspace(root), capabilities: [noteTaker()] });
    const events: ContextEvent[] = [];
    session.on((event) => events.push(event));
    const agent = await start(root, contextExtension(session), [
      toolCallStep('lookup', { path: 'a' }, 'call_1'),
      toolCallStep('lookup', { path: 'b' }, 'call_2'),
      textStep('Done.'),
    ]);
    await agent.session.prompt('Go.');

    expect(agent.requests[0]!.systemPrompt.endsWith('\n\nBlock one.\n\nBlock two.')).toBe(true);
    expect(agent.requests[0]!.tools.filter((name) => name === 'read')).toHaveLength(1);
    expect(agent.requests[0]!.tools).toContain('lookup');
    expect(events.some((event) => event.diagnostic?.code === 'tool-name-taken')).toBe(true);
    expect(describeMessages(agent.requests[2]!).slice(1)).toEqual([
      'assistant: [toolCall]',
      'toolResult[call_1]: found a',
      'user: Note about call_1.',
      'assistant: [toolCall]',
      'toolResult[call_2]: found b',
      'user: Note about call_2.',
    ]);
  });

  it("blocks one of pi's own tools when a beforeToolCall hook says so", async () => {
    const session = createContextSession({ workspace: localWorkspace(root), capabilities: [noteTaker()] });
    const agent = await start(root, contextExtension(session), [
      toolCallStep('bash', { command: 'touch ran.txt' }, 'call_1'),
      textStep('Done.'),
    ]);
    await agent.session.prompt('Go.');

    expect(resultText(agent.requests[1]!, 'call_1')).toContain('No shell in this test.');
    await expect(stat(join(root, 'ran.txt'))).rejects.toThrow();
  });

  it('surfaces the instructions of a file the prompt mentions right after the prompt', async () => {
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [nestedInstructions()],
    });
    const agent = await start(root, contextExtension(session), [textStep('Done.')]);
    await agent.session.prompt('What does @packages/x/src/index.ts export?');

    const seen = describeMessages(agent.requests[0]!);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe('user: What does @packages/x/src/index.ts export?');
    expect(seen[1]).toContain('Run the x tests after a change.');
  });

  it('disposes the session when pi quits, and keeps it through a reload', async () => {
    const session = createContextSession({ workspace: localWorkspace(root), capabilities: [noteTaker()] });
    const events: ContextEvent[] = [];
    session.on((event) => events.push(event));
    const agent = await start(root, contextExtension(session), [textStep('Done.')]);
    await agent.session.prompt('Go.');
    // What pi's runtime sends its extensions before it tears them down.
    await agent.session.extensionRunner.emit({ type: 'session_shutdown', reason: 'reload' });
    expect(session.signal.aborted).toBe(false);
    await agent.session.extensionRunner.emit({ type: 'session_shutdown', reason: 'quit' });
    expect(session.signal.aborted).toBe(true);
    expect(events.filter((event) => event.type === 'disposed')).toHaveLength(1);
  });
});
