// The coding session of test/wire/coding-session.ts for worker processes, built from the package's
// own build (`dist/`), as a host's worker imports it. Kept in step with coding-session.ts by the
// process-per-turn tests: any difference shows as a request that is not byte-identical.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../../dist/', import.meta.url));

/** The package's entries, from the build. */
export const agentContext = await import(`${dist}index.js`);
export const conversations = await import(`${dist}conversations.js`);

/** The session of coding-session.ts's `createCodingSession`, without a snapshot to continue from. */
export function createCodingSession(root) {
  return agentContext.createContextSession({
    workspace: agentContext.localWorkspace(root),
    capabilities: [
      agentContext.projectInstructions(),
      agentContext.filesystemContext({
        include: ['README.md'],
        listing: { directory: 'packages' },
        offload: { overChars: 4_000 },
      }),
      agentContext.fileTools(),
      agentContext.nestedInstructions(),
    ],
  });
}

export const hostInstructions = 'You are a careful coding agent.';
export const searchDescription = 'Search the repository for a word.';

/** The host's `search` tool output of coding-session.ts. */
export function searchOutput(query) {
  return Array.from(
    { length: 600 },
    (_, line) => `packages/x/src/file-${line}.ts:${line + 1}: ${query} found here`,
  ).join('\n');
}

/** The worker's task, from the JSON file named by its only argument. */
export async function readTask() {
  return JSON.parse(await readFile(process.argv[2], 'utf8'));
}

/** The host's message store: a JSON file holding the conversation's messages. */
export const messageStore = {
  async load(file) {
    try {
      return JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      if (error.code === 'ENOENT') return [];
      throw error;
    }
  },
  async save(file, messages) {
    await writeFile(file, JSON.stringify(messages));
  },
};
