/**
 * The repositories the assistants' reading is recorded on and held to: small trees with the shapes
 * public repositories have (instruction files through the tree, imports, rule folders, skills), in
 * the project's own words. Every instruction file carries a marker line naming the file, so what an
 * assistant sends its model can be reduced to *which files, in which order* without keeping any of
 * its prompt text.
 */

/** One fixture repository. */
export interface ReadingFixture {
  /** Short name, also the directory name when recorded. */
  name: string;
  /** What the fixture tells apart, in one line. */
  checks: string;
  /** Files by path; `{marker}` becomes the file's marker, `{end}` its end marker (after an import). */
  files: Record<string, string>;
  /** The agent's working directory, relative to the repository root. Default: the root. */
  workingDirectory?: string;
  /** What the user types. Default: the request to read {@link readTarget}. */
  prompt?: string;
}

/** The file every scripted model reads, relative to the repository root. */
export const readTarget = 'packages/api/src/routes.ts';

const base: Record<string, string> = {
  'package.json': '{ "name": "shop", "private": true, "workspaces": ["packages/*"] }\n',
  [readTarget]: "export const routes = ['/products', '/orders'];\n",
  'packages/web/src/page.ts': "export const page = 'home';\n",
};

const instructions = (topic: string) =>
  `# ${topic}\n\n{marker}\n\nKeep changes small and run the tests of the package you touch.\n`;
const rule = (frontmatter: string, topic: string) => `---\n${frontmatter}---\n\n{marker}\n\n${topic}\n`;
const skill = (name: string, summary: string) =>
  `---\nname: ${name}\ndescription: ${summary} {marker}\n---\n\nSteps for ${name}: read the package, make the change, run its tests.\n`;

/** The fixtures, in recording order. */
export const readingFixtures: readonly ReadingFixture[] = [
  {
    name: 'agents-nested',
    checks: 'AGENTS.md at the root and in two nested directories on the read path',
    files: {
      'AGENTS.md': instructions('Shop monorepo'),
      'packages/api/AGENTS.md': instructions('API package'),
      'packages/api/src/AGENTS.md': instructions('API sources'),
      'packages/web/AGENTS.md': instructions('Web package'),
    },
  },
  {
    name: 'claude-root-agents-nested',
    checks: 'a root CLAUDE.md beside AGENTS.md; nested AGENTS.md only below',
    files: {
      'CLAUDE.md': instructions('Shop, for Claude'),
      'AGENTS.md': instructions('Shop monorepo'),
      'packages/api/AGENTS.md': instructions('API package'),
    },
  },
  {
    name: 'agents-root-claude-nested',
    checks: 'AGENTS.md at the root, CLAUDE.md in the API package, AGENTS.md in its sources',
    files: {
      'AGENTS.md': instructions('Shop monorepo'),
      'packages/api/CLAUDE.md': instructions('API package, for Claude'),
      'packages/api/src/AGENTS.md': instructions('API sources'),
    },
  },
  {
    name: 'claude-variants',
    checks: 'CLAUDE.md, .claude/CLAUDE.md and CLAUDE.local.md at the root and nested',
    files: {
      'CLAUDE.md': instructions('Shop, for Claude'),
      '.claude/CLAUDE.md': instructions('Shop, Claude folder'),
      'CLAUDE.local.md': instructions('Shop, local notes'),
      'packages/api/CLAUDE.md': instructions('API package, for Claude'),
      'packages/api/CLAUDE.local.md': instructions('API package, local notes'),
    },
  },
  {
    name: 'dot-claude-agents',
    checks: '.claude/AGENTS.md beside a root AGENTS.md, no CLAUDE.md anywhere',
    files: {
      'AGENTS.md': instructions('Shop monorepo'),
      '.claude/AGENTS.md': instructions('Shop, Claude folder agents file'),
      'packages/api/AGENTS.md': instructions('API package'),
    },
  },
  {
    name: 'gemini-files',
    checks: 'GEMINI.md at the root and nested, beside AGENTS.md',
    files: {
      'GEMINI.md': instructions('Shop, for Gemini'),
      'AGENTS.md': instructions('Shop monorepo'),
      'packages/api/GEMINI.md': instructions('API package, for Gemini'),
      'packages/api/AGENTS.md': instructions('API package'),
    },
  },
  {
    name: 'gemini-context-file-name',
    checks: '.gemini/settings.json context.fileName naming AGENTS.md and CONTEXT.md',
    files: {
      '.gemini/settings.json': '{ "context": { "fileName": ["AGENTS.md", "CONTEXT.md"] } }\n',
      'AGENTS.md': instructions('Shop monorepo'),
      'CONTEXT.md': instructions('Shop context'),
      'packages/api/CONTEXT.md': instructions('API package context'),
      'packages/api/GEMINI.md': instructions('API package, for Gemini'),
    },
  },
  {
    name: 'every-root-file',
    checks: 'copilot-instructions.md, AGENTS.md, CLAUDE.md and GEMINI.md at the root and in the API package',
    files: {
      '.github/copilot-instructions.md': instructions('Shop, for Copilot'),
      'AGENTS.md': instructions('Shop monorepo'),
      'CLAUDE.md': instructions('Shop, for Claude'),
      'GEMINI.md': instructions('Shop, for Gemini'),
      'packages/api/AGENTS.md': instructions('API package'),
      'packages/api/CLAUDE.md': instructions('API package, for Claude'),
      'packages/api/GEMINI.md': instructions('API package, for Gemini'),
    },
  },
  {
    name: 'imports',
    checks: '@imports in AGENTS.md, CLAUDE.md and GEMINI.md: followed or not, inline or appended',
    files: {
      'AGENTS.md': '# Shop monorepo\n\n{marker}\n\nStyle: @docs/style.md\n\n{end}\n',
      'CLAUDE.md': '# Shop, for Claude\n\n{marker}\n\nTesting: @docs/testing.md\n\n{end}\n',
      'GEMINI.md': '# Shop, for Gemini\n\n{marker}\n\nReleases: @docs/releases.md\n\n{end}\n',
      'docs/style.md': instructions('Style guide'),
      'docs/testing.md': instructions('Testing guide'),
      'docs/releases.md': instructions('Release guide'),
      'packages/api/AGENTS.md': '# API package\n\n{marker}\n\nEndpoints: @endpoints.md\n\n{end}\n',
      'packages/api/endpoints.md': instructions('Endpoint conventions'),
    },
  },
  {
    name: 'context-and-claude-names',
    checks: 'CONTEXT.md at the root and in the API package, CLAUDE.md only in its sources',
    files: {
      'CONTEXT.md': instructions('Shop context'),
      'packages/api/CONTEXT.md': instructions('API package context'),
      'packages/api/src/CLAUDE.md': instructions('API sources, for Claude'),
    },
  },
  {
    name: 'claude-rules',
    checks: '.claude/rules with and without paths',
    files: {
      'CLAUDE.md': instructions('Shop, for Claude'),
      '.claude/rules/always.md': rule('', 'Write commit messages in the imperative.'),
      '.claude/rules/api.md': rule('paths:\n  - "packages/api/**"\n', 'Validate every request body.'),
      '.claude/rules/web.md': rule('paths:\n  - "packages/web/**"\n', 'Keep components small.'),
    },
  },
  {
    name: 'copilot-instruction-files',
    checks: '.github/copilot-instructions.md and .github/instructions with applyTo',
    files: {
      '.github/copilot-instructions.md': instructions('Shop, for Copilot'),
      '.github/instructions/api.instructions.md': rule(
        'applyTo: "packages/api/**"\n',
        'Validate every request body.',
      ),
      '.github/instructions/everything.instructions.md': rule('applyTo: "**"\n', 'Prefer named exports.'),
      '.github/instructions/web.instructions.md': rule(
        'applyTo: "packages/web/**"\n',
        'Keep components small.',
      ),
    },
  },
  {
    name: 'skills',
    checks: 'a skill in each assistant folder and in the shared .agents folder',
    files: {
      'AGENTS.md': instructions('Shop monorepo'),
      '.claude/skills/release-notes/SKILL.md': skill(
        'release-notes',
        'Write release notes from merged changes.',
      ),
      '.agents/skills/api-review/SKILL.md': skill('api-review', 'Review an API change for breaking changes.'),
      '.gemini/skills/changelog/SKILL.md': skill('changelog', 'Update the changelog.'),
      '.github/skills/triage/SKILL.md': skill('triage', 'Triage a bug report.'),
      '.opencode/skills/migrate/SKILL.md': skill('migrate', 'Write a database migration.'),
      '.codex/skills/bump/SKILL.md': skill('bump', 'Bump a package version.'),
      '.qwen/skills/profile/SKILL.md': skill('profile', 'Profile a slow endpoint.'),
      // A project command: some assistants list it to the model with the skills.
      '.claude/commands/deploy-notes.md':
        '---\ndescription: Write the deployment notes of a release {marker}\n---\n\nWrite the notes for $ARGUMENTS.\n',
      // No description: some assistants list it by its first body line (the marker is there).
      '.claude/skills/tidy-imports/SKILL.md':
        '---\nname: tidy-imports\n---\n\nSort and group the imports of a file {marker}.\n\nThen run the linter.\n',
    },
  },
  {
    name: 'codex-overrides',
    checks: 'AGENTS.override.md beside AGENTS.md at the root and in the API package',
    files: {
      'AGENTS.md': instructions('Shop monorepo'),
      'AGENTS.override.md': instructions('Shop, override'),
      'packages/api/AGENTS.md': instructions('API package'),
      'packages/api/AGENTS.override.md': instructions('API package, override'),
    },
  },
  {
    name: 'unread-files',
    checks: '.cursor/rules, AGENTS.local.md and GEMINI.local.md beside AGENTS.md',
    files: {
      'AGENTS.md': instructions('Shop monorepo'),
      'AGENTS.local.md': instructions('Shop, local agents notes'),
      'GEMINI.local.md': instructions('Shop, local Gemini notes'),
      '.cursor/rules/style.mdc': rule(
        'description: House style\nalwaysApply: true\n',
        'Prefer named exports.',
      ),
      'packages/api/AGENTS.local.md': instructions('API package, local agents notes'),
    },
  },
  {
    name: 'qwen-files',
    checks: 'QWEN.md beside AGENTS.md at the root and in the API package',
    files: {
      'QWEN.md': instructions('Shop, for Qwen'),
      'AGENTS.md': instructions('Shop monorepo'),
      'packages/api/QWEN.md': instructions('API package, for Qwen'),
      'packages/api/AGENTS.md': instructions('API package'),
    },
  },
  {
    name: 'working-directory-below-root',
    checks: 'the agent works in packages/web and reads a file of the sibling API package',
    workingDirectory: 'packages/web',
    files: {
      'AGENTS.md': instructions('Shop monorepo'),
      'CLAUDE.md': instructions('Shop, for Claude'),
      'packages/AGENTS.md': instructions('Packages'),
      'packages/web/AGENTS.md': instructions('Web package'),
      'packages/web/CLAUDE.md': instructions('Web package, for Claude'),
      'packages/api/AGENTS.md': instructions('API package'),
    },
  },
];

/** The marker of a fixture file: the fixture and the path, readable in a diff. */
export function markerOf(fixture: string, file: string): string {
  return `MARK.${fixture}.${file}`;
}

/** The end marker of a file that imports another (placed after the `@import` line). */
export function endMarkerOf(fixture: string, file: string): string {
  return `${markerOf(fixture, file)}#end`;
}

/** The fixture's files with their markers filled in (and the base files every fixture has). */
export function fixtureFiles(fixture: ReadingFixture): Record<string, string> {
  const files: Record<string, string> = { ...base };
  for (const [file, text] of Object.entries(fixture.files)) {
    files[file] = text
      .replaceAll('{marker}', markerOf(fixture.name, file))
      .replaceAll('{end}', endMarkerOf(fixture.name, file));
  }
  return files;
}

const markerPattern =
  /MARK\.[a-z-]+\.[A-Za-z0-9._/-]+?(?:#end)?(?=[^A-Za-z0-9._/#-]|\.(?:[^A-Za-z0-9]|$)|$)/g;

/**
 * The markers in a text, each once, in order of first appearance: the files a request (or one of our
 * answers) holds, in the order the model reads them. JSON-escaped text works as is (markers use no
 * characters JSON escapes).
 */
export function markersIn(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(markerPattern)) seen.add(match[0]);
  return [...seen];
}

/** A marker back to `path` or `path#end`, for the recorded table (fixture name dropped). */
export function fileOfMarker(marker: string): string {
  return marker.replace(/^MARK\.[a-z-]+\./, '');
}

/**
 * A hook script every format runs (`node .hooks/block.mjs FORMAT`): it refuses any tool call whose
 * payload names `routes.ts`, in its format's own way, with a marker as its reason, so the recorded
 * request shows which format's hook blocked the read, and whether the file still reached the model.
 */
const blockScript = `let text = '';
const format = process.argv[2];
process.stdin.on('data', (chunk) => (text += chunk));
process.stdin.on('end', () => {
  if (!text.includes('routes.ts')) return;
  const reason = 'Blocked: MARK.hooks-block-read.reason-' + format + ' ';
  if (format === 'gemini') process.stdout.write(JSON.stringify({ decision: 'deny', reason }));
  else if (format === 'copilot') process.stdout.write(JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: reason }));
  else { process.stderr.write(reason); process.exit(2); }
});
`;

const group = (command: string) => [{ matcher: '', hooks: [{ type: 'command', command }] }];

/** The fixtures of the hooks recording: each assistant's hook files side by side, each blocking the read. */
export const hookFixtures: readonly ReadingFixture[] = [
  {
    name: 'hooks-block-read',
    checks:
      'a hook in each format (Claude Code, Codex, Gemini CLI, Copilot CLI) refusing the read of routes.ts',
    files: {
      'AGENTS.md': instructions('Shop monorepo'),
      '.hooks/block.mjs': blockScript,
      '.claude/settings.json': JSON.stringify({
        hooks: { PreToolUse: group('node .hooks/block.mjs claude') },
      }),
      '.codex/hooks.json': JSON.stringify({ hooks: { PreToolUse: group('node .hooks/block.mjs codex') } }),
      '.gemini/settings.json': JSON.stringify({
        hooks: { BeforeTool: group('node .hooks/block.mjs gemini') },
      }),
      '.github/hooks/block.json': JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: 'node .hooks/block.mjs copilot' }] },
      }),
    },
  },
];

/**
 * Slash commands with shell lines, for the commands recording: Claude Code's `.claude/commands` and
 * Gemini CLI's `.gemini/commands`, one that writes a file (`written.txt`) and one that only prints.
 * The marker a line prints is computed by the shell (`$((6*7))` becomes `42`), so only its output,
 * never the template's text (which some assistants list to the model), spells it. Each fixture types
 * one of the commands.
 */
const commandFiles: Record<string, string> = {
  'AGENTS.md': instructions('Shop monorepo'),
  '.claude/commands/mark.md': 'Marked: !`touch written.txt && echo MARK.command.shell-touch-$((6*7))`\n',
  '.claude/commands/hello.md': 'Said: !`echo MARK.command.shell-echo-$((6*7))`\n',
  '.gemini/commands/mark.toml':
    "prompt = 'Marked: !{touch written.txt && echo MARK.command.shell-touch-$((6*7))}'\n",
  '.gemini/commands/hello.toml': "prompt = 'Said: !{echo MARK.command.shell-echo-$((6*7))}'\n",
};

/** The fixtures of the commands recording. */
export const commandFixtures: readonly ReadingFixture[] = [
  {
    name: 'command-writes',
    checks: 'a command whose shell line writes a file, with no permission for it',
    files: commandFiles,
    prompt: '/mark',
  },
  {
    name: 'command-echoes',
    checks: 'a command whose shell line only prints',
    files: commandFiles,
    prompt: '/hello',
  },
];
