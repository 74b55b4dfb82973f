import { readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LocalFilesystem, Workspace as MastraWorkspace } from '@mastra/core/workspace';
import { FilesystemBackend } from 'deepagents';
import { describe, expect, it } from 'vitest';
import { deepagentsWorkspace } from '../../src/adapters/langchain/index.js';
import { mastraWorkspace } from '../../src/adapters/mastra/index.js';
import {
  createContextSession,
  filesystemContext,
  fileTools,
  inventory,
  localWorkspace,
  nestedInstructions,
  projectInstructions,
  scanInventory,
  skills,
  type Workspace,
} from '../../src/index.js';
import {
  assistantFilesShape,
  buildShape,
  type RepositoryShape,
  repositoryShapes,
} from '../repository-shapes/repository-shapes.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

/** What an agent gets from one workspace: the run's instructions and tools, a touch's events, the inventory. */
async function readingOf(workspace: Workspace, touched: string) {
  const session = createContextSession({
    workspace,
    capabilities: [projectInstructions(), nestedInstructions(), skills(), inventory(), fileTools()],
  });
  const events: string[] = [];
  session.on((event) => events.push(`${event.type} ${event.reason ?? ''} ${event.message ?? ''}`));
  const run = await session.startRun();
  const read = await run.executeTool({ id: 'call_1', toolName: 'read_file', input: { path: touched } });
  const scanned = await scanInventory({ workspace });
  return {
    instructions: run.instructions,
    tools: run.tools.map((tool) => tool.name),
    read: read.output,
    events,
    inventory: JSON.stringify(scanned),
  };
}

/** A file of the shape below its working directory, the deepest one: the touch that surfaces nested files. */
function touchedFileOf(shape: RepositoryShape): string {
  const below = Object.keys(shape.files).filter(
    (file) => file.startsWith(`${shape.cwd}/`) && !file.includes('/.'),
  );
  const deepest = below.sort((left, right) => right.split('/').length - left.split('/').length)[0];
  return deepest === undefined ? 'AGENTS.md' : path.posix.relative(shape.cwd, deepest);
}

const shapes = [...repositoryShapes, assistantFilesShape];
const hasLinks = (shape: RepositoryShape) => Object.keys(shape.links ?? {}).length > 0;

describe('mastraWorkspace over a Mastra LocalFilesystem', () => {
  for (const shape of shapes) {
    it(`gives what localWorkspace gives: ${shape.name}`, async () => {
      const root = await buildShape(shape);
      const touched = touchedFileOf(shape);
      const local = await readingOf(localWorkspace(root, { cwd: shape.cwd }), touched);
      const filesystem = new LocalFilesystem({ basePath: root });
      const mastra = await readingOf(mastraWorkspace(filesystem, { cwd: shape.cwd }), touched);
      expect(mastra).toEqual(local);
    });
  }

  it('takes a Mastra Workspace as well as its filesystem', async () => {
    const root = await useTemporaryDirectory();
    await writeFile(path.join(root, 'AGENTS.md'), 'Use pnpm.\n');
    const workspace = mastraWorkspace(
      new MastraWorkspace({ filesystem: new LocalFilesystem({ basePath: root }) }),
    );
    const run = await createContextSession({ workspace, capabilities: [projectInstructions()] }).startRun();
    expect(run.instructions).toContain('Use pnpm.');
  });

  it('refuses a link whose real path leaves the root, and lexical escapes, without reading them', async () => {
    const root = await useTemporaryDirectory();
    const outside = await useTemporaryDirectory();
    await writeFile(path.join(outside, 'secret.txt'), 'do not read\n');
    await symlink(outside, path.join(root, 'out'));
    const workspace = mastraWorkspace(new LocalFilesystem({ basePath: root }));
    await expect(workspace.readFile('out/secret.txt')).rejects.toMatchObject({
      code: 'path-outside-workspace',
    });
    await expect(workspace.stat('out/secret.txt')).rejects.toMatchObject({ code: 'path-outside-workspace' });
    await expect(workspace.readFile('../secret.txt')).rejects.toMatchObject({
      code: 'path-outside-workspace',
    });
    // Paths are the filesystem's own: `/etc/passwd` names `etc/passwd` under its base path.
    await expect(workspace.readFile('/etc/passwd')).rejects.toMatchObject({ code: 'not-found' });
    expect(await workspace.stat('missing.md')).toBeUndefined();
    await expect(workspace.readFile('missing.md')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('writes offloaded results into the filesystem, and is read-only over a read-only one', async () => {
    const root = await useTemporaryDirectory();
    const workspace = mastraWorkspace(new LocalFilesystem({ basePath: root }));
    const session = createContextSession({
      workspace,
      capabilities: [filesystemContext({ offload: { overChars: 10 } })],
    });
    const run = await session.startRun();
    const result = await run.executeTool({ id: 'call_1', toolName: 'search', input: {} }, async () =>
      'x'.repeat(50),
    );
    const written = String(result.output).match(/\.context\/[^\s`'"]+/)?.[0];
    expect(written).toBeDefined();
    expect(await readFile(path.join(root, written!), 'utf8')).toBe('x'.repeat(50));

    const readOnly = mastraWorkspace(new LocalFilesystem({ basePath: root, readOnly: true }));
    expect(readOnly.writeFile).toBeUndefined();
  });
});

describe('deepagentsWorkspace over a deepagents FilesystemBackend in virtual mode', () => {
  for (const shape of shapes.filter((candidate) => !hasLinks(candidate))) {
    it(`gives what localWorkspace gives: ${shape.name}`, async () => {
      const root = await buildShape(shape);
      const touched = touchedFileOf(shape);
      const local = await readingOf(localWorkspace(root, { cwd: shape.cwd }), touched);
      const backend = new FilesystemBackend({ rootDir: root, virtualMode: true });
      const deep = await readingOf(deepagentsWorkspace(backend, { cwd: shape.cwd }), touched);
      expect(deep).toEqual(local);
    });
  }

  it('reports a linked file the backend will not follow as a read failure, never its content from outside', async () => {
    const root = await useTemporaryDirectory();
    const outside = await useTemporaryDirectory();
    await writeFile(path.join(outside, 'AGENTS.md'), 'outside text\n');
    await symlink(path.join(outside, 'AGENTS.md'), path.join(root, 'AGENTS.md'));
    const workspace = deepagentsWorkspace(new FilesystemBackend({ rootDir: root, virtualMode: true }));
    await expect(workspace.readFile('AGENTS.md')).rejects.toMatchObject({ code: 'read-failed' });
    const session = createContextSession({ workspace, capabilities: [projectInstructions()] });
    const diagnostics: string[] = [];
    session.on((event) => {
      if (event.diagnostic !== undefined)
        diagnostics.push(`${event.diagnostic.code} ${event.diagnostic.message}`);
    });
    const run = await session.startRun();
    expect(run.instructions).not.toContain('outside text');
    expect(diagnostics.join('\n')).toMatch(/^read-failed .*AGENTS\.md.*resolves outside root/);
    await expect(workspace.readFile('../x')).rejects.toMatchObject({ code: 'path-outside-workspace' });
  });

  it('writes offloaded results through the backend', async () => {
    const root = await useTemporaryDirectory();
    const workspace = deepagentsWorkspace(new FilesystemBackend({ rootDir: root, virtualMode: true }));
    const session = createContextSession({
      workspace,
      capabilities: [filesystemContext({ offload: { overChars: 10 } })],
    });
    const run = await session.startRun();
    const result = await run.executeTool({ id: 'call_1', toolName: 'search', input: {} }, async () =>
      'y'.repeat(50),
    );
    const written = String(result.output).match(/\.context\/[^\s`'"]+/)?.[0];
    expect(await readFile(path.join(root, written!), 'utf8')).toBe('y'.repeat(50));
    expect(
      deepagentsWorkspace(new FilesystemBackend({ rootDir: root }), { writable: false }).writeFile,
    ).toBeUndefined();
  });
});
