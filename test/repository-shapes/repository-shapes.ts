import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

/**
 * One repository shape met in public repositories, rebuilt small with its own text: files, symbolic
 * links (link -> target as written) and the working directory an agent would have.
 */
export interface RepositoryShape {
  name: string;
  files: Record<string, string>;
  links?: Record<string, string>;
  /** The agent's working directory, relative to the repository. */
  cwd: string;
}

const skill = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n\nSteps for ${name}.\n`;

// A sub-agent description the way plugin authors write them: colons, quotes and example blocks across
// lines, which strict YAML rejects and the assistants read anyway.
const exampleAgent = `---
name: changelog-writer
description: Use this agent when a pull request is ready and the changelog needs an entry. Examples:

<example>
Context: the user finished a feature branch
user: "Write the changelog line for this"
assistant: "I will ask the changelog-writer agent for an entry."
<commentary>
A finished change: the agent writes the entry.
</commentary>
</example>
model: inherit
color: green
---

You write one changelog line per change, in the project's voice.
`;

/** The shapes, each with its own fixture tree. */
export const repositoryShapes: RepositoryShape[] = [
  {
    name: 'root AGENTS.md linked to .agents/AGENTS.md, CLAUDE.md -> AGENTS.md in every instruction directory',
    files: {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.agents/AGENTS.md': 'Run the whole test suite before pushing.\n',
      'packages/web/AGENTS.md': 'The web package renders with server components.\n',
      'packages/web/src/page.ts': 'export {};\n',
    },
    links: {
      'AGENTS.md': '.agents/AGENTS.md',
      'CLAUDE.md': 'AGENTS.md',
      'packages/web/CLAUDE.md': 'AGENTS.md',
    },
    cwd: 'packages/web',
  },
  {
    name: 'skills at the root and in a package, one name in both',
    files: {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.agents/skills/release/SKILL.md': skill('release', 'Cut a release of the whole repository.'),
      '.agents/skills/lint/SKILL.md': skill('lint', 'Lint every package.'),
      'web/.claude/skills/lint/SKILL.md': skill('lint', 'Lint the web package with its stricter rules.'),
      'web/.claude/skills/preview/SKILL.md': skill(
        'preview',
        'Start a preview deployment of the web package.',
      ),
      'web/src/features/evals/v2/index.ts': 'export {};\n',
    },
    cwd: 'web/src/features/evals/v2',
  },
  {
    name: 'one skills folder shared by two assistants through linked roots',
    files: {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'skills/deploy/SKILL.md': skill('deploy', 'Deploy the service.'),
      'skills/rollback/SKILL.md': skill('rollback', 'Roll the service back.'),
    },
    links: { '.claude/skills': '../skills', '.agents/skills': '../skills' },
    cwd: '.',
  },
  {
    name: 'a plugin marketplace whose agents hold <example> blocks in their descriptions',
    files: {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.claude-plugin/marketplace.json': JSON.stringify({
        name: 'house-plugins',
        plugins: [{ name: 'release-notes', source: './plugins/release-notes' }],
      }),
      'plugins/release-notes/.claude-plugin/plugin.json': JSON.stringify({ name: 'release-notes' }),
      'plugins/release-notes/agents/changelog-writer.md': exampleAgent,
      'plugins/release-notes/commands/notes.md':
        '---\ndescription: Draft the release notes.\n---\nDraft them.\n',
      'plugins/release-notes/hooks/hooks.json': JSON.stringify({
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] },
      }),
    },
    cwd: '.',
  },
  {
    name: 'an 80 KB AGENTS.md inside a skill folder',
    files: {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'AGENTS.md': 'Keep commits small.\n',
      '.claude/skills/style-guide/SKILL.md': skill('style-guide', 'Apply the house style guide.'),
      '.claude/skills/style-guide/AGENTS.md': `# Style guide\n\n${'Prefer plain words over jargon. '.repeat(2600)}\n`,
    },
    cwd: '.',
  },
  {
    name: 'commands, sub-agents and context files in every assistant folder, with shell lines and TOML',
    files: {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'AGENTS.md': 'Ask before adding a dependency.\n',
      '.claude/commands/review.md':
        '---\ndescription: Review a package.\nargument-hint: <package>\n---\nStatus: !`git status --short`\nReview $ARGUMENTS.\n',
      '.claude/commands/frontend/build.md': '---\ndescription: Build the frontend.\n---\nBuild it.\n',
      '.claude/agents/api-reviewer.md':
        '---\nname: api-reviewer\ndescription: Reviews API changes.\ntools: Read, Grep, Glob\n---\nReview the API.\n',
      '.claude/output-styles/terse.md': '---\nname: Terse\ndescription: Short answers.\n---\nBe brief.\n',
      '.gemini/commands/git/commit.toml':
        'description = "Write a commit message."\nprompt = """\nStaged: !{git diff --staged}\nWrite the message for {{args}}.\n"""\n',
      '.gemini/commands/broken.toml': 'description = "No prompt here."\n',
      '.github/prompts/triage.prompt.md': `---\ndescription: Triage an issue.\nmode: agent\n---\nTriage \${input:issue}.\n`,
      '.github/agents/docs-writer.agent.md':
        '---\nname: docs-writer\ndescription: Writes the docs.\ntools: ["codebase", "editFiles"]\n---\nWrite docs.\n',
      '.opencode/command/release.md': '---\ndescription: Cut a release.\n---\nRelease $1.\n',
      '.opencode/agent/planner.md': '---\ndescription: Plans the work.\nmode: subagent\n---\nPlan.\n',
      '.cursor/commands/fix.md': 'Fix the failing test.\n',
      '.gemini/extensions/docs/gemini-extension.json': JSON.stringify({
        name: 'docs',
        contextFileName: 'DOCS.md',
      }),
      '.gemini/extensions/docs/DOCS.md': 'Write docs in the second person.\n',
      'src/index.ts': 'export {};\n',
    },
    cwd: '.',
  },
  {
    name: 'Codex hooks in .codex/hooks.json',
    files: {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.codex/hooks.json': JSON.stringify({
        hooks: {
          SessionStart: [{ hooks: [{ type: 'command', command: 'npm ci' }] }],
          Stop: [{ hooks: [{ type: 'command', command: 'npm test' }] }],
        },
      }),
    },
    cwd: '.',
  },
];

/**
 * Every assistant's per-directory file linked to one `AGENTS.md` (the way teams share one text), a
 * personal `CLAUDE.local.md`, and a package whose `AGENTS.override.md` holds a temporary rule.
 */
export const assistantFilesShape: RepositoryShape = {
  name: 'CLAUDE.md and GEMINI.md linked to AGENTS.md, a CLAUDE.local.md, a package with AGENTS.override.md',
  files: {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'AGENTS.md': 'Format with the project formatter before committing.\n',
    'CLAUDE.local.md': 'My local API key lives in .env.local.\n',
    'services/billing/AGENTS.md': 'Billing amounts are integers in cents.\n',
    'services/billing/AGENTS.override.md': 'Until the audit ends, billing changes need two reviewers.\n',
    'services/billing/src/invoice.ts': 'export {};\n',
  },
  links: { 'CLAUDE.md': 'AGENTS.md', 'GEMINI.md': 'AGENTS.md' },
  cwd: 'services/billing',
};

/** Write a shape into a fresh temporary directory (removed after the test); returns its real root. */
export async function buildShape(shape: RepositoryShape): Promise<string> {
  const root = path.join(await realpath(await useTemporaryDirectory('agent-context-shape-')), 'repo');
  for (const [name, text] of Object.entries(shape.files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  for (const [name, target] of Object.entries(shape.links ?? {})) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await symlink(target, path.join(root, name));
  }
  return root;
}
