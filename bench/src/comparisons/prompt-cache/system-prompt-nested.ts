import type { LanguageModelMiddleware } from 'ai';
import type { Capability, TouchedPath } from '../../../../src/session/capability.js';
import type { AgentContext } from '../../library.js';

/** A nested instruction file found by the baseline, as it goes into the system prompt. */
interface FoundFile {
  label: string;
  text: string;
}

/** The baseline of configuration (c): a capability that finds files, a middleware that shows them. */
export interface SystemPromptNested {
  capability: Capability;
  middleware: LanguageModelMiddleware;
}

const filenames = ['AGENTS.md', 'CLAUDE.md'];

/**
 * Configuration (c) of the prompt-cache comparison, the approach several agents use: nested
 * instruction files found on touch are re-rendered into the system prompt, one system block after
 * the instructions holding every file found so far, rewritten whenever a new file is found. This is
 * the bench's own baseline, not part of agent-context: the capability finds the files exactly as
 * `nestedInstructions()` does (chain below the cwd, AGENTS.md then CLAUDE.md, each directory once,
 * through the workspace), and the middleware (inside the adapter's, next to the provider) appends
 * the block to the leading system messages of every call.
 */
export function systemPromptNested(library: AgentContext): SystemPromptNested {
  const found: FoundFile[] = [];
  const checked = new Set<string>();
  const capability: Capability = {
    name: 'system-prompt-nested-baseline',
    async afterToolCall(_call, result, run) {
      if (result.isError) return;
      const { workspace } = run;
      for (const touched of result.touched ?? []) {
        for (const directory of await chainOf(workspace, touched)) {
          if (checked.has(directory)) continue;
          checked.add(directory);
          for (const name of filenames) {
            const path = `${directory}/${name}`;
            if ((await workspace.stat(path))?.kind !== 'file') continue;
            const text = await library.readTextFile(workspace, path);
            found.push({
              label: path.slice(workspace.cwd.length + 1) /* below the cwd: its label is the rest */,
              text: text.text.replace(/[\r\n]+$/, ''),
            });
          }
        }
      }
    },
  };
  const middleware: LanguageModelMiddleware = {
    transformParams: async ({ params }) => {
      if (found.length === 0) return params;
      const block = [
        '# Instructions of the directories you worked in',
        ...found.map((file) => `<context-file path="${file.label}">\n${file.text}\n</context-file>`),
      ].join('\n\n');
      const prompt = [...params.prompt];
      let leading = 0;
      while (prompt[leading]?.role === 'system') leading += 1;
      prompt.splice(leading, 0, { role: 'system', content: block });
      return { ...params, prompt };
    },
  };
  return { capability, middleware };
}

/** Directories from the cwd (exclusive) down to the touched directory, outermost first. */
async function chainOf(
  workspace: {
    cwd: string;
    resolve(path: string): string;
    stat(path: string): Promise<{ kind: string } | undefined>;
  },
  touched: TouchedPath,
): Promise<string[]> {
  const absolute = workspace.resolve(touched.path);
  const kind = touched.kind ?? (await workspace.stat(absolute))?.kind;
  const directory = kind === 'directory' ? absolute : absolute.slice(0, absolute.lastIndexOf('/'));
  if (directory !== workspace.cwd && !directory.startsWith(`${workspace.cwd}/`)) return [];
  const chain: string[] = [];
  let current = workspace.cwd;
  for (const segment of directory.slice(workspace.cwd.length).split('/').filter(Boolean)) {
    current = `${current}/${segment}`;
    chain.push(current);
  }
  return chain;
}
