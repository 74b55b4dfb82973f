import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { commands } from '../../src/commands/commands.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import type { ContextEvent } from '../../src/session/capability.js';
import { createContextSession } from '../../src/session/context-session.js';
import { skills } from '../../src/skills/skills.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

/**
 * A repository shaped like real ones: a Claude Code command with `$ARGUMENTS` and an `@file`, a
 * Gemini CLI command with `{{args}}` and a shell line, and a skill only the user may invoke.
 */
export const commandRepositoryFiles: Readonly<Record<string, string>> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'AGENTS.md': '# Root rules\nUse pnpm.\n',
  '.claude/commands/review-pr.md':
    '---\ndescription: Review a pull request.\nargument-hint: <number>\n---\n' +
    'Review pull request #$ARGUMENTS against the checklist in @docs/review.md.\n',
  '.gemini/commands/git/commit.toml':
    'description = "Write a commit message."\nprompt = """\nWrite a commit message for {{args}}.\nStaged: !{git diff --staged}\n"""\n',
  '.claude/skills/deploy/SKILL.md':
    '---\nname: deploy\ndescription: Deploy the app.\ndisable-model-invocation: true\n---\nDeploy to $ARGUMENTS, then report the URL.\n',
  '.claude/skills/notes/SKILL.md': '---\nname: notes\ndescription: Take notes.\n---\nWrite notes.\n',
  'docs/review.md': '1. Tests pass.\n2. Docs updated.\n',
  'docs/AGENTS.md': '# Docs\nWrite plain English.\n',
};

/** The three user inputs, one per turn, and the text the model must receive for each. */
export const commandTurns: ReadonlyArray<{ input: string; expanded: string }> = [
  {
    input: '/review-pr 42',
    expanded:
      'Review pull request #42 against the checklist in @docs/review.md.\n\n<file name="docs/review.md">\n1. Tests pass.\n2. Docs updated.\n</file>',
  },
  {
    input: '/git:commit the parser fix',
    expanded:
      'Write a commit message for the parser fix.\nStaged: [shell command not run: git diff --staged]\n',
  },
  {
    input: '/deploy staging',
    expanded:
      '[skill deploy from .claude/skills/deploy]\nRelative paths in this skill are relative to .claude/skills/deploy.\nBundled files: none.\n\nDeploy to staging, then report the URL.',
  },
];

/** Write {@link commandRepositoryFiles} into a fresh temporary directory, removed after the test. */
export async function createCommandRepository(): Promise<string> {
  const root = await useTemporaryDirectory('agent-context-commands-');
  for (const [path, text] of Object.entries(commandRepositoryFiles)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

/** A session over the repository with project and nested instructions, file tools, skills and commands. */
export function createCommandSession(root: string) {
  const session = createContextSession({
    workspace: localWorkspace(root),
    capabilities: [projectInstructions(), fileTools(), nestedInstructions(), skills(), commands()],
  });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  return { session, events };
}
