import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { loadAgentDefinitions } from '../../src/agent-definitions/load-agent-definitions.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { adapterRepositoryFiles } from './adapter-repository.js';

/**
 * The sub-agent definitions every adapter's sub-agent tests use, shaped like real ones: a Claude Code
 * agent naming Claude Code's tools, a Copilot agent naming VS Code's, and one naming none.
 */
export const subAgentFiles: Record<string, string> = {
  '.claude/agents/searcher.md':
    '---\nname: searcher\ndescription: Find code.\ntools: Read, Grep, Glob\n---\nYou find code.\n',
  '.github/agents/editor.agent.md':
    "---\nname: editor\ndescription: Edit code.\ntools: ['codebase', 'editFiles']\n---\nYou edit code.\n",
  '.claude/agents/helper.md': '---\nname: helper\ndescription: Does anything.\n---\nHelp.\n',
};

/** A temporary repository with the adapters' files and {@link subAgentFiles}, and its definitions loaded. */
export async function subAgentRepository(prefix: string) {
  const root = await useTemporaryDirectory(prefix);
  for (const [path, text] of Object.entries({ ...adapterRepositoryFiles, ...subAgentFiles })) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  const workspace = localWorkspace(root);
  const { items } = await loadAgentDefinitions(workspace);
  return { root, workspace, items };
}
