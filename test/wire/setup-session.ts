import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import type { AgentDefinition } from '../../src/agent-definitions/agent-definition.js';
import { loadAgentDefinitions } from '../../src/agent-definitions/load-agent-definitions.js';
import { commands } from '../../src/commands/commands.js';
import { filesystemContext } from '../../src/filesystem-context/filesystem-context.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import type { ContextEvent } from '../../src/session/capability.js';
import { type ContextSession, createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { type BilledInput, billedInput } from './billed-input.js';
import { cacheOrderOf, canonicalJson } from './cache-order.js';
import { createSessionRepository, expectCodingSessionOnTheWire, sessionTurn } from './coding-session.js';
import type { RecordedRequest, ScriptedTurn } from './scripted-provider-server.js';

/**
 * The coding session (see coding-session.ts) with the repository's setup in use: its second user
 * turn is the slash command `/continue e`, which the library expands from `.claude/commands`, and
 * request 18 of the host delegates to the `searcher` sub-agent (`.claude/agents`, `tools: Read, Grep,
 * Glob`), whose two model calls go to a second server.
 */
export const setupPrompts = ['Survey the packages.', '/continue e', 'Check the deep folder again.'];

/** The command file and what `/continue e` expands to (its `@README.md` read through the workspace). */
const continueCommand =
  '---\ndescription: Continue with a package.\n---\nContinue with package $ARGUMENTS.\nThe layout: @README.md\n';

/** The request of the host that calls the sub-agent (it read the root AGENTS.md in the plain session). */
const delegatingRequest = 18;

/** The task the host gives the sub-agent, and the sub-agent's answer. */
export const subAgentTask = 'Find what package c exports.';
export const subAgentAnswer = 'Package c exports c.';

/** Write the session's repository, with the command and the sub-agent definition. */
export async function createSetupRepository(): Promise<string> {
  const root = await createSessionRepository();
  const files: Record<string, string> = {
    '.claude/commands/continue.md': continueCommand,
    '.claude/agents/searcher.md':
      '---\nname: searcher\ndescription: Find code in the packages.\ntools: Read, Grep, Glob\n---\nYou find code and answer in one line.\n',
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

/** The host session (the coding session's capabilities and `commands()`), its events, the definitions. */
export async function createSetupSession(
  root: string,
): Promise<{ session: ContextSession; events: ContextEvent[]; definitions: AgentDefinition[] }> {
  const workspace = localWorkspace(root);
  const session = createContextSession({
    workspace,
    capabilities: [
      projectInstructions(),
      filesystemContext({
        include: ['README.md'],
        listing: { directory: 'packages' },
        offload: { overChars: 4_000 },
      }),
      fileTools(),
      nestedInstructions(),
      commands(),
    ],
  });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  const { items } = await loadAgentDefinitions(workspace);
  return { session, events, definitions: items };
}

/** The host model's answer to request `index`: the coding session's, but request 18 delegates. */
export function setupTurn(index: number): ScriptedTurn {
  if (index !== delegatingRequest) return sessionTurn(index);
  return { toolCalls: [{ id: `call_${index}`, name: 'searcher', input: { task: subAgentTask } }] };
}

/** The sub-agent model's answers: it reads package c's index, then answers. */
export function subAgentTurn(index: number): ScriptedTurn {
  if (index === 0)
    return { toolCalls: [{ id: 'sub_0', name: 'read_file', input: { path: 'packages/c/src/index.ts' } }] };
  return { text: index === 1 ? subAgentAnswer : 'Out of script.' };
}

/**
 * What the setup session must show on the wire, besides the coding session's checks (30 host
 * requests, append-only, 0 re-billed bytes): the command expanded by the library in every request
 * after it was typed, the same bytes each time, and never the typed `/continue e`; the sub-agent's
 * answer as the host's tool result; the sub-agent's two requests offering exactly `read_file`,
 * `find_files` and `search_files`, the second repeating the first (0 re-billed bytes there too).
 * Returns the host session and the sub-agent's requests priced.
 */
export function expectSetupSessionOnTheWire(
  host: { requests: readonly RecordedRequest[]; errors: readonly string[] },
  sub: { requests: readonly RecordedRequest[]; errors: readonly string[] },
  events: readonly ContextEvent[],
): { host: BilledInput; sub: BilledInput } {
  const billed = expectCodingSessionOnTheWire(host, events);
  const expanded = 'Continue with package e.\\nThe layout:';
  for (const [index, request] of host.requests.entries()) {
    const text = canonicalJson(cacheOrderOf(request).messages);
    expect(text.includes('/continue e'), `request ${index}`).toBe(false);
    expect(text.split(expanded).length - 1, `request ${index}`).toBe(index < 10 ? 0 : 1);
  }
  expect(JSON.stringify(cacheOrderOf(host.requests.at(-1)!).messages)).toContain(subAgentAnswer);

  expect(sub.errors).toEqual([]);
  expect(sub.requests).toHaveLength(2);
  for (const request of sub.requests)
    expect(toolNames(request)).toEqual(['read_file', 'find_files', 'search_files']);
  expect(JSON.stringify(cacheOrderOf(sub.requests[0]!).messages)).toContain(subAgentTask);
  const subBilled = billedInput(sub.requests);
  expect(subBilled.brokenPrefixes).toBe(0);
  expect(subBilled.rebilledBytes).toBe(0);
  return { host: billed, sub: subBilled };
}

/** The names of the tools a request offers, in any of the three protocols. */
export function toolNames(request: RecordedRequest): string[] {
  return cacheOrderOf(request).tools.map((tool) => {
    const value = tool as { name?: string; function?: { name?: string } };
    return value.name ?? value.function?.name ?? '';
  });
}
