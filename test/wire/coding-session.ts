import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { filesystemContext } from '../../src/filesystem-context/filesystem-context.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import type { ContextEvent } from '../../src/session/capability.js';
import { type ContextSession, createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { localShellExec } from '../../src/workspace/shell/shell-exec.test-support.js';
import { shellWorkspace } from '../../src/workspace/shell/shell-workspace.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { type BilledInput, billedInput, breakpointCount, markerCount } from './billed-input.js';
import { cacheOrderOf, commonCachePrefix, midConversationSystemMessages } from './cache-order.js';
import { hiddenPlacements } from './hidden-placements.js';
import type { RecordedRequest, ScriptedTurn } from './scripted-provider-server.js';

/**
 * The 30-request coding session the adapters' wire tests replay: three user turns (three runs) of ten
 * model calls each, in a monorepo of five packages: six nested instruction files surfaced on touch,
 * three large `search` results offloaded and read back in pages, parallel reads, listings.
 */
export const sessionPrompts = [
  'Survey the packages.',
  'Continue with package e.',
  'Check the deep folder again.',
];

/** Model calls of the session. */
export const sessionRequests = 30;

/** Write the session's repository into a fresh temporary directory (removed after the test). */
export async function createSessionRepository(): Promise<string> {
  const root = await useTemporaryDirectory('agent-context-wire-');
  const files: Record<string, string> = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'AGENTS.md': `# Monorepo\nUse pnpm.\n${'Keep changes small and tested. '.repeat(150)}\n`,
    'README.md': '# Packages a to e\n',
  };
  for (const name of ['a', 'b', 'c', 'd', 'e']) {
    files[`packages/${name}/AGENTS.md`] =
      `# Package ${name}\nRun \`pnpm test --filter ${name}\` after a change.\n`;
    files[`packages/${name}/src/index.ts`] = `export const ${name} = '${name}';\n`;
  }
  files['packages/c/deep/AGENTS.md'] = '# Deep\nNever edit generated files here.\n';
  files['packages/c/deep/file.ts'] = 'export const deep = true;\n';
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

const read = (path: string, extra: object = {}) => ({ name: 'read_file', input: { path, ...extra } });
const list = (path: string) => ({ name: 'list_directory', input: { path } });
const search = (query: string) => ({ name: 'search', input: { query } });
const offloaded = (index: number) => `.context/search-call_${index}.txt`;

const plan: Array<Array<{ name: string; input: Record<string, unknown> }> | string> = [
  [read('packages/a/src/index.ts')],
  [search('export')],
  [read(offloaded(1), { offset: 1, limit: 20 })],
  [list('packages/b')],
  [read('packages/b/src/index.ts')],
  [search('const')],
  [read('packages/c/deep/file.ts')],
  [read('packages/a/src/index.ts'), read('packages/d/src/index.ts')],
  [list('packages')],
  'Run 1 done.',
  [read('packages/e/src/index.ts')],
  [search('pnpm')],
  [read(offloaded(11), { offset: 100, limit: 50 })],
  [list('packages/c')],
  [read('packages/c/src/index.ts')],
  [read('packages/b/src/index.ts')],
  [list('packages/e/src')],
  [read('packages/d/src/index.ts')],
  [read('AGENTS.md')],
  'Run 2 done.',
  [list('packages/c/deep')],
  [read('packages/c/deep/file.ts')],
  [read('packages/a/src/index.ts'), read('packages/e/src/index.ts')],
  [read(offloaded(5), { offset: 200, limit: 10 })],
  [list('packages/a/src')],
  [read('README.md')],
  [read('packages/b/src/index.ts')],
  [list('packages/d')],
  [read('packages/d/src/index.ts')],
  'All done.',
];

/** The scripted model's answer to request `index` (0-based): tool calls `call_<index>`, or text. */
export function sessionTurn(index: number): ScriptedTurn {
  const step = plan[index];
  if (step === undefined) return { text: 'Out of script.' };
  if (typeof step === 'string') return { text: step };
  return {
    toolCalls: step.map((call, position) => ({
      id: `call_${index}${position ? `_${position}` : ''}`,
      ...call,
    })),
  };
}

/** The host's system prompt in every adapter's replay. */
export const hostInstructions = 'You are a careful coding agent.';

/** The description of the host's `search` tool (see {@link searchOutput}). */
export const searchDescription = 'Search the repository for a word.';

/**
 * The context session every adapter's replay drives, over the session's repository: project
 * instructions, filesystem context (README.md, a listing of packages/, results over 4,000 characters
 * offloaded), file tools and nested instructions. `events` collects what the session emits.
 */
/**
 * The workspaces a wire test runs on: the local one, and `shellWorkspace` over a real local `sh`
 * (every file operation a script, as in a sandbox). The shell one runs the first case of each
 * adapter's test only, to keep CI time down: the adapters must not see a difference.
 */
export type CodingWorkspace = 'local' | 'shell';

/**
 * The workspaces of one case of a wire test: `local`, and `shell` too for the first case (`first`).
 */
export function codingWorkspaces(first: boolean): CodingWorkspace[] {
  return first ? ['local', 'shell'] : ['local'];
}

export function createCodingSession(
  root: string,
  workspace: CodingWorkspace = 'local',
): { session: ContextSession; events: ContextEvent[] } {
  const session = createContextSession({
    workspace:
      workspace === 'shell' ? shellWorkspace({ root, exec: localShellExec() }) : localWorkspace(root),
    capabilities: [
      projectInstructions(),
      filesystemContext({
        include: ['README.md'],
        listing: { directory: 'packages' },
        offload: { overChars: 4_000 },
      }),
      fileTools(),
      nestedInstructions(),
    ],
  });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  return { session, events };
}

/**
 * What every adapter's replay must show on the wire: all 30 requests answered, three results
 * offloaded, no system message after the conversation started, every request repeating the previous
 * one as its prefix (cache markers aside), each nested instruction file once in the last request,
 * right after a tool result, at most four Anthropic breakpoints. Returns the session priced.
 */
export function expectCodingSessionOnTheWire(
  server: { requests: readonly RecordedRequest[]; errors: readonly string[] },
  events: readonly ContextEvent[],
): BilledInput {
  expect(server.errors).toEqual([]);
  expect(server.requests).toHaveLength(sessionRequests);
  expect(events.filter((event) => event.type === 'offloaded')).toHaveLength(3);
  for (const [index, request] of server.requests.entries()) {
    expect(midConversationSystemMessages(request), `request ${index}`).toEqual([]);
    if (request.protocol === 'anthropic-messages') {
      // Every marker on a block the Messages API documents as a breakpoint, and at most four.
      expect(markerCount(request), `request ${index}`).toBe(breakpointCount(request));
      expect(breakpointCount(request), `request ${index}`).toBeLessThanOrEqual(4);
    }
    const previous = server.requests[index - 1];
    if (previous === undefined) continue;
    expect(commonCachePrefix(previous, request).firstDifference, `request ${index}`).toBeUndefined();
  }
  const last = server.requests.at(-1)!;
  const text = JSON.stringify(cacheOrderOf(last).messages);
  for (const heading of nestedHeadings) expect(text.split(heading).length - 1, heading).toBe(1);
  const placements = hiddenPlacements(last);
  expect(placements.length).toBeGreaterThan(0);
  for (const placement of placements) expect(placement.previous, placement.text).toBe('tool-result');
  const billed = billedInput(server.requests);
  expect(billed.brokenPrefixes).toBe(0);
  expect(billed.rebilledBytes).toBe(0);
  return billed;
}

/** The host's `search` tool: 600 lines, so each result is offloaded with the session's 4,000-character limit. */
export function searchOutput(query: string): string {
  return Array.from(
    { length: 600 },
    (_, line) => `packages/x/src/file-${line}.ts:${line + 1}: ${query} found here`,
  ).join('\n');
}

/** The files each nested instruction file must appear in, once, in the last request. */
export const nestedHeadings = [
  '# Package a',
  '# Package b',
  '# Package c',
  '# Package d',
  '# Package e',
  '# Deep',
];
