import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemporaryTree, type TemporaryTree } from '../../../test/support/temporary-tree.js';
import { createContextSession } from '../../session/context-session.js';
import { ScriptedConversation, startsWith } from '../../session/scripted-conversation.test-support.js';
import { fileTools } from '../../tools/file-tools.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import { type NestedDelivery, nestedInstructions } from './nested-instructions.js';

const files = {
  'AGENTS.md': 'workspace rules',
  'apps/web/AGENTS.md': 'web rules',
  'apps/web/src/index.ts': 'export {};\n',
  'apps/web/src/components/AGENTS.md': 'component rules',
  'apps/web/src/components/Button.tsx': 'export const Button = 1;\n',
  'apps/api/CLAUDE.md': 'api rules',
  'apps/api/src/server.ts': 'listen();\n',
  'apps/api/src/routes/AGENTS.md': 'route rules',
  'apps/api/src/routes/users.ts': 'users();\n',
  'libs/core/AGENTS.md': 'core rules',
  'libs/core/src/math.ts': 'add();\n',
  'libs/util/src/strings.ts': 'trim();\n',
  'docs/guide.md': '# Guide\n',
  'tools/scripts/AGENTS.md': 'script rules',
  'tools/scripts/build.sh': 'make\n',
};

type Step = { read: string } | { list: string } | { user: string };

// 40 tool calls (plus two user messages), with discoveries spread over the session, repeats,
// failures and touches of directories without instruction files.
const script: Step[] = [
  { read: 'docs/guide.md' },
  { list: '.' },
  { read: 'apps/web/src/index.ts' },
  { read: 'apps/web/src/index.ts' },
  { list: 'apps/web/src' },
  { read: 'apps/web/missing.ts' },
  { read: 'libs/util/src/strings.ts' },
  { read: 'docs/guide.md' },
  { read: 'apps/web/src/components/Button.tsx' },
  { list: 'apps' },
  { read: 'apps/web/src/index.ts' },
  { list: 'libs' },
  { user: 'Now look at @apps/api/src/server.ts please.' },
  { read: 'apps/api/src/server.ts' },
  { read: 'docs/guide.md' },
  { list: 'apps/api/src' },
  { read: 'libs/util/src/strings.ts' },
  { read: 'apps/api/src/routes/users.ts' },
  { read: 'apps/api/src/routes/users.ts' },
  { read: '../escape.ts' },
  { list: 'apps/api' },
  { read: 'docs/guide.md' },
  { read: 'apps/web/src/index.ts' },
  { list: 'libs/core' },
  { read: 'libs/core/src/math.ts' },
  { read: 'docs/guide.md' },
  { user: 'Thanks. Check the build script next.' },
  { list: 'tools' },
  { read: 'apps/api/src/server.ts' },
  { read: 'docs/guide.md' },
  { list: 'tools/scripts' },
  { read: 'tools/scripts/build.sh' },
  { read: 'libs/core/src/math.ts' },
  { read: 'docs/guide.md' },
  { list: 'apps/web/src/components' },
  { read: 'apps/web/src/components/Button.tsx' },
  { read: 'docs/nothing.md' },
  { list: 'docs' },
  { read: 'libs/util/src/strings.ts' },
  { read: 'apps/api/src/routes/users.ts' },
  { read: 'docs/guide.md' },
  { read: 'tools/scripts/build.sh' },
];

let tree: TemporaryTree;
beforeAll(async () => {
  tree = await createTemporaryTree(files);
});
afterAll(async () => {
  await tree.remove();
});

/** Play the script; return every prompt and, per prompt, whether the step before it surfaced a new file. */
async function play(delivery: NestedDelivery) {
  const session = createContextSession({
    workspace: localWorkspace(tree.root),
    capabilities: [fileTools(), nestedInstructions({ delivery })],
  });
  const conversation = new ScriptedConversation(session, await session.startRun());
  const discovered: boolean[] = [];
  conversation.prompt();
  for (const step of script) {
    const before = session.loadedFiles().length;
    if ('user' in step) await conversation.user(step.user);
    else if ('read' in step) await conversation.call('read_file', { path: step.read });
    else await conversation.call('list_directory', { path: step.list });
    conversation.prompt();
    discovered.push(session.loadedFiles().length > before);
  }
  return {
    prompts: conversation.prompts,
    discovered,
    loaded: session.loadedFiles(),
    history: conversation.history,
  };
}

describe('prefix stability over a scripted 40-call session', () => {
  it('has 40 tool calls with discoveries spread over the session', async () => {
    expect(script.filter((step) => !('user' in step))).toHaveLength(40);
    const { discovered, loaded } = await play('after-tool-result');
    expect(loaded.map((file) => file.path)).toEqual([
      'apps/web/AGENTS.md',
      'apps/web/src/components/AGENTS.md',
      'apps/api/CLAUDE.md',
      'apps/api/src/routes/AGENTS.md',
      'libs/core/AGENTS.md',
      'tools/scripts/AGENTS.md',
    ]);
    expect(discovered.filter(Boolean)).toHaveLength(6);
  });

  for (const delivery of ['after-tool-result', 'in-tool-result'] as const) {
    it(`starts every call with the previous call's messages, byte for byte (${delivery})`, async () => {
      const { prompts, history } = await play(delivery);
      expect(prompts).toHaveLength(script.length + 1);
      for (let index = 1; index < prompts.length; index += 1) {
        expect(startsWith(prompts[index]!, prompts[index - 1]!), `call ${index}`).toBe(true);
      }
      const final = prompts.at(-1)!.join('\n');
      for (const rules of ['web', 'component', 'api', 'route', 'core', 'script'])
        expect(final).toContain(`${rules} rules`);
      const inResults = history.some(
        (message) => message.role === 'tool' && message.text.includes('web rules'),
      );
      expect(inResults).toBe(delivery === 'in-tool-result');
    });
  }

  it('breaks the prefix only once per new file, by moving the one consolidated message (consolidated)', async () => {
    const { prompts, discovered } = await play('consolidated');
    const breaks: number[] = [];
    for (let index = 1; index < prompts.length; index += 1) {
      const previous = prompts[index - 1]!;
      const next = prompts[index]!;
      if (startsWith(next, previous)) continue;
      breaks.push(index);
      // The documented break: the old copy is removed, the rest of the old prompt is kept as a prefix.
      expect(
        startsWith(
          next,
          previous.filter((line) => !line.startsWith('hidden: ')),
        ),
        `call ${index}`,
      ).toBe(true);
    }
    const firstDiscovery = discovered.indexOf(true);
    const expected = discovered.flatMap((found, step) =>
      found && step !== firstDiscovery ? [step + 1] : [],
    );
    expect(breaks).toEqual(expected);
    expect(breaks).toHaveLength(5);
    for (const prompt of prompts)
      expect(prompt.filter((line) => line.startsWith('hidden: ')).length).toBeLessThanOrEqual(1);
  });
});
