import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createContextSession,
  filesystemContext,
  fileTools,
  inventory,
  nestedInstructions,
  projectInstructions,
  skills,
  type Workspace,
} from '../../src/index.js';
import type { RepositoryShape } from '../repository-shapes/repository-shapes.js';

/**
 * Everything an agent gets from one workspace over a shape: the run's instructions (rules included),
 * every touch of every file below the working directory with its nested deliveries and events, the
 * inventory tool's answer, every skill through `load_skill`, and an offloaded result with its file.
 */
export async function readingOf(workspace: Workspace, shape: RepositoryShape, root: string) {
  const session = createContextSession({
    workspace,
    capabilities: [
      projectInstructions(),
      nestedInstructions(),
      skills(),
      inventory(),
      fileTools(),
      filesystemContext({ offload: { overChars: 40 } }),
    ],
  });
  const events: string[] = [];
  session.on((event) =>
    events.push(`${event.type} ${event.reason ?? ''} ${event.path ?? ''} ${event.message ?? ''}`),
  );
  const run = await session.startRun();
  const touches: unknown[] = [];
  const below = Object.keys(shape.files)
    .filter((file) => file.startsWith(`${shape.cwd}/`) || shape.cwd === '.')
    .map((file) => (shape.cwd === '.' ? file : path.posix.relative(shape.cwd, file)))
    .sort();
  for (const [index, file] of below.entries()) {
    const read = await run.executeTool({ id: `call_${index}`, toolName: 'read_file', input: { path: file } });
    touches.push([file, read.output, read.isError]);
  }
  const listed = await run.executeTool({ id: 'call_list', toolName: 'list_directory', input: { path: '.' } });
  const scanned = await run.executeTool({
    id: 'call_inventory',
    toolName: 'inventory_agent_context',
    input: {},
  });
  const skillNames = [...run.instructions.matchAll(/<name>([^<]+)<\/name>/g)].map((match) => match[1]!);
  const loaded: unknown[] = [];
  for (const name of skillNames) {
    loaded.push(await run.executeTool({ id: `call_skill_${name}`, toolName: 'load_skill', input: { name } }));
  }
  const offloaded = await run.executeTool({ id: 'call_big', toolName: 'search', input: {} }, async () =>
    'line of a long search result\n'.repeat(20),
  );
  const file = String(offloaded.output).match(/\.context\/[^\s)"]+/)?.[0];
  const written = file === undefined ? undefined : await readFile(path.join(root, shape.cwd, file), 'utf8');
  return {
    instructions: run.instructions,
    tools: run.tools.map((tool) => tool.name),
    touches,
    listed: listed.output,
    inventory: scanned.output,
    loaded,
    offloaded: offloaded.output,
    written,
    events,
    prompt: session.describe(),
  };
}
