import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { contextMcpServers } from '../../src/adapters/mcp/context-mcp-server.js';
import { renderPathInstructions } from '../../src/adapters/mcp/instructions-for-path-tool.js';
import { createContextSession, localWorkspace, projectInstructions, scanInventory } from '../../src/index.js';
import { inspectInstructions, inspectRules, instructionsForPath } from '../../src/inspect.js';
import { everyKindOfFile, writeRepository } from '../../src/presets/path-fixture.test-support.js';
import { repositoryRoot, runCliInProcess } from '../support/cli.js';
import { assistantFilesShape, buildShape, repositoryShapes } from './repository-shapes.js';

/** One fixture: where it is built, the agent's directory in it, and a file the agent touches. */
interface Fixture {
  name: string;
  build: () => Promise<{ root: string; stopAt?: string }>;
  cwd: string;
  touched: string;
}

const demo = path.join(repositoryRoot, 'examples/demo-repo');

const fixtures: Fixture[] = [
  ...[...repositoryShapes, assistantFilesShape].map((shape) => ({
    name: shape.name,
    build: async () => ({ root: await buildShape(shape) }),
    cwd: shape.cwd,
    touched: 'src/index.ts',
  })),
  {
    name: 'every kind of file an agent gets for one path',
    build: async () => ({ root: await writeRepository(everyKindOfFile) }),
    cwd: '.',
    touched: 'apps/web/src/page.tsx',
  },
  {
    name: 'an empty repository',
    build: async () => ({ root: await writeRepository({ '.git/HEAD': 'ref: refs/heads/main\n' }) }),
    cwd: '.',
    touched: 'a.ts',
  },
  ...['.', 'packages/app', 'packages/app/src/components', 'packages/api'].map((cwd) => ({
    name: `the demo repository, from ${cwd}`,
    build: async () => ({ root: demo, stopAt: demo }),
    cwd,
    touched: 'src/index.ts',
  })),
];

describe.each(fixtures)('the CLI and the library agree: $name', ({ build, cwd, touched }) => {
  it('render prints the instructions of a projectInstructions run, byte for byte', async () => {
    const { root, stopAt } = await build();
    const directory = path.join(root, cwd);
    const ceiling = stopAt === undefined ? [] : ['--stop-at', stopAt];
    const rendered = await runCliInProcess(root, ['render', directory, ...ceiling]);
    const workspace = localWorkspace(stopAt ?? root, { cwd: directory });
    const session = createContextSession({
      workspace,
      capabilities: [projectInstructions(stopAt === undefined ? {} : { stopAt })],
    });
    const run = await session.startRun();
    expect(rendered.stdout).toBe(run.instructions);
    if (run.instructions === '') {
      expect(rendered.code).toBe(1);
      expect(rendered.stderr).toMatch(/^agent-context render: nothing to print: /m);
    }
  });

  it('inspect, rules, inventory and path --json print the library results', async () => {
    const { root, stopAt } = await build();
    const directory = path.join(root, cwd);
    const ceiling = stopAt === undefined ? [] : ['--stop-at', stopAt];
    const json = async (args: string[]) =>
      JSON.parse((await runCliInProcess(root, [...args, '--json'])).stdout);
    const options = { directory, ...(stopAt === undefined ? {} : { stopAt }) };
    const plain = <Value>(value: Value): Value => JSON.parse(JSON.stringify(value));

    expect(await json(['inspect', directory, ...ceiling])).toEqual(plain(await inspectInstructions(options)));
    expect(await json(['rules', directory, ...ceiling])).toEqual(plain(await inspectRules(options)));
    const workspace = localWorkspace(stopAt ?? root, { cwd: directory });
    expect(await json(['inventory', directory, ...ceiling])).toEqual(
      plain(await scanInventory({ workspace, ...(stopAt === undefined ? {} : { stopAt }) })),
    );
    const file = path.join(directory, touched);
    expect(await json(['path', file, '--from', directory, ...ceiling])).toEqual(
      plain(
        await instructionsForPath({ workspace, path: file, ...(stopAt === undefined ? {} : { stopAt }) }),
      ),
    );
  });

  it('the MCP tool instructions_for_path gives the answer of instructionsForPath', async () => {
    const { root, stopAt } = await build();
    const directory = path.join(root, cwd);
    const { createServer, workspace } = await contextMcpServers({
      directory,
      ...(stopAt === undefined ? {} : { stopAt }),
    });
    const server = createServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'agreement-test', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const result = await client.callTool({ name: 'instructions_for_path', arguments: { path: touched } });
      const library = await instructionsForPath({
        workspace,
        path: touched,
        ...(stopAt === undefined ? {} : { stopAt: workspace.root }),
      });
      expect(result.content).toEqual([{ type: 'text', text: renderPathInstructions(library) }]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
