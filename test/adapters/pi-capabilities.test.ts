import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contextExtension } from '../../src/adapters/pi/index.js';
import { capabilityCreation } from '../../src/capability-creation/capability-creation.js';
import { filesystemContext } from '../../src/filesystem-context/filesystem-context.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import { createContextSession } from '../../src/session/context-session.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { createAdapterRepository } from './adapter-repository.js';
import { shoutCapabilityCode } from './note-taker.js';
import {
  describeMessages,
  hostPrompt,
  resultText,
  startFauxPiAgent,
  textStep,
  toolCallStep,
} from './pi-faux-agent.js';

// pi's file tools, for nestedInstructions: `ls` names a directory, the others a file.
const piTraversal = { traversalToolNames: ['read', 'ls', 'write', 'edit'], directoryToolNames: ['ls'] };

let root: string;
let disposers: Array<() => Promise<void>>;
beforeEach(async () => {
  disposers = [];
  root = await createAdapterRepository('agent-context-pi-');
});
afterEach(async () => {
  for (const dispose of disposers) await dispose();
});

async function start(...parameters: Parameters<typeof startFauxPiAgent>) {
  const agent = await startFauxPiAgent(...parameters);
  disposers.push(agent.dispose);
  return agent;
}

describe('pi contextExtension with the capabilities', () => {
  it("appends the run's instructions after pi's system prompt, the same bytes on every call", async () => {
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [projectInstructions(), filesystemContext({ include: ['README.md'], listing: true })],
    });
    const agent = await start(root, contextExtension(session), [
      toolCallStep('read', { path: 'README.md' }, 'call_1'),
      toolCallStep('ls', { path: '.' }, 'call_2'),
      textStep('Done.'),
    ]);
    await agent.session.prompt('Look around.');

    expect(agent.requests).toHaveLength(3);
    const [first, ...rest] = agent.requests.map((request) => request.systemPrompt);
    for (const other of rest) expect(other).toBe(first);
    const instructions = session.currentRun!.instructions;
    expect(agent.basePrompts[0]!.startsWith(hostPrompt)).toBe(true);
    expect(first).toBe(`${agent.basePrompts[0]}\n\n${instructions}`);
    expect(instructions).toContain(
      '<context-file path="AGENTS.md">\n# Root rules\nUse pnpm.\n</context-file>',
    );
    expect(instructions.indexOf('Use pnpm.')).toBeLessThan(instructions.indexOf('# Demo'));
  });

  it('surfaces packages/x/AGENTS.md once, right after the first read under packages/x', async () => {
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [nestedInstructions(piTraversal)],
    });
    const agent = await start(root, contextExtension(session), [
      toolCallStep('read', { path: 'packages/x/src/index.ts' }, 'call_1'),
      toolCallStep('read', { path: 'packages/x/src/util.ts' }, 'call_2'),
      textStep('Done.'),
    ]);
    await agent.session.prompt('Read package x.');

    const seen = describeMessages(agent.requests[2]!);
    const nested = seen.filter((line) => line.includes('Run the x tests after a change.'));
    expect(nested).toHaveLength(1);
    expect(nested[0]!.startsWith('user: ')).toBe(true);
    expect(seen[seen.indexOf(nested[0]!) - 1]).toBe('toolResult[call_1]: export const x = 1;\n');
    expect(describeMessages(agent.requests[0]!).join('\n')).not.toContain('Run the x tests');
    for (let index = 1; index < agent.requests.length; index += 1) {
      const previous = agent.requests[index - 1]!.messages;
      expect(agent.requests[index]!.messages.slice(0, previous.length)).toEqual(previous);
    }
    expect(session.describe()).toContain('packages/x/AGENTS.md');
  });

  it('offloads a large bash result to a file the agent reads back with read', async () => {
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [
        filesystemContext({ offload: { overChars: 2_000, previewChars: 400, readToolName: 'read' } }),
      ],
    });
    const command = 'for i in $(seq 1 300); do echo "match $i: packages/x/src/file-$i.ts"; done';
    const agent = await start(root, contextExtension(session), [
      toolCallStep('bash', { command }, 'call_1'),
      (requests) => {
        const path = /saved whole to (\S+) \(/.exec(resultText(requests.at(-1)!, 'call_1') ?? '')?.[1];
        return toolCallStep('read', { path: path ?? 'missing' }, 'call_2');
      },
      textStep('Done.'),
    ]);
    await agent.session.prompt('Search.');

    const preview = resultText(agent.requests[1]!, 'call_1')!;
    expect(preview.length).toBeLessThan(1_000);
    expect(preview).toContain('call read with path ".context/bash-call_1.txt", offset 6');
    const saved = await readFile(join(root, '.context/bash-call_1.txt'), 'utf8');
    expect(saved).toContain('match 1: packages/x/src/file-1.ts\n');
    expect(saved).toContain('match 300: packages/x/src/file-300.ts');
    expect(resultText(agent.requests[2]!, 'call_2')).toBe(saved);
    expect(resultText(agent.requests[2]!, 'call_1')).toBe(preview);
  });

  it('offers in run 2 a capability the agent authored in run 1', async () => {
    const creation = capabilityCreation({ directory: join(root, '.agent-capabilities') });
    const session = createContextSession({ workspace: localWorkspace(root), capabilities: [creation] });
    const code = shoutCapabilityCode;
    const agent = await start(root, contextExtension(session), [
      toolCallStep('author_capability', { name: 'shout', code }, 'call_1'),
      textStep('Authored.'),
    ]);
    await agent.session.prompt('Write a shout capability.');
    expect(resultText(agent.requests[1]!, 'call_1')).toContain('shout');
    expect(agent.requests[1]!.tools).not.toContain('shout');

    agent.append([toolCallStep('shout', { word: 'hello' }, 'call_2'), textStep('Done.')]);
    await agent.session.prompt('Shout hello.');
    expect(agent.requests[2]!.tools).toContain('shout');
    expect(agent.requests[2]!.systemPrompt).toContain('Shout when asked.');
    expect(agent.requests[0]!.systemPrompt).not.toContain('Shout when asked.');
    expect(resultText(agent.requests[3]!, 'call_2')).toBe('HELLO');
  });
});
