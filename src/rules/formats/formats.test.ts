import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../../test/support/cli.js';
import { makeTestRepository } from '../../../test/support/test-repository.js';
import { discoverInstructions } from '../../instructions/discover-instructions.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import type { inspectRules } from '../inspect-rules.js';
import { loadRules } from '../load-rules.js';
import type { RuleFormatName } from '../rule.js';

/** One fixture per format, in the shapes real repositories use: subfolders, lists, modes, configs. */
const fixtures: Array<{
  format: RuleFormatName;
  files: Record<string, string>;
  /** `[path, scope, globs or description]` of each rule loaded, in load order. */
  rules: Array<[string, string, string?]>;
  /** `[path, code]` of each file skipped. */
  skipped?: Array<[string, string]>;
}> = [
  {
    format: 'zed',
    files: { '.rules': 'Zed: keep answers short.\n' },
    rules: [['.rules', 'always']],
  },
  {
    format: 'junie',
    files: { '.junie/guidelines.md': '# Guidelines\nUse Gradle, never Maven.\n' },
    rules: [['.junie/guidelines.md', 'always']],
  },
  {
    format: 'augment',
    files: {
      '.augment/rules/style.md': '---\ntype: always_apply\n---\nTabs, not spaces.\n',
      '.augment/rules/db/migrations.md':
        '---\ntype: agent_requested\ndescription: Writing a database migration\n---\nMigrations are reversible.\n',
      '.augment/rules/release.md': '---\ntype: manual\n---\nRelease on Tuesdays.\n',
      '.augment/rules/plain.md': 'No type: manual.\n',
      '.augment/rules/odd.md': '---\ntype: sometimes\n---\nUnknown type.\n',
      '.augment-guidelines': 'Legacy guidelines: no globals.\n',
    },
    rules: [
      ['.augment/rules/db/migrations.md', 'described', 'Writing a database migration'],
      ['.augment/rules/plain.md', 'manual'],
      ['.augment/rules/release.md', 'manual'],
      ['.augment/rules/style.md', 'always'],
      ['.augment-guidelines', 'always'],
    ],
    skipped: [['.augment/rules/odd.md', 'unknown-rule-mode']],
  },
  {
    format: 'trae',
    files: {
      '.trae/rules/project_rules.md': 'Trae: every endpoint has a test.\n',
      '.trae/rules/frontend/react.md': '---\nglobs: web/**/*.tsx\n---\nHooks only.\n',
      '.trae/rules/ops.md': '---\ndescription: Deploying\nalwaysApply: false\n---\nDeploy with the script.\n',
    },
    rules: [
      ['.trae/rules/frontend/react.md', 'files', 'web/**/*.tsx'],
      ['.trae/rules/ops.md', 'described', 'Deploying'],
      ['.trae/rules/project_rules.md', 'always'],
    ],
  },
  {
    format: 'roo-code',
    files: {
      '.roo/rules/01-general.md': 'Roo: small commits.\n',
      '.roo/rules/sub/02-style.txt': 'Roo: two-space indents.\n',
      '.roo/rules-code/js.md': 'Roo code mode: prefer const.\n',
      '.roo/rules-architect/plan.md': 'Roo architect mode: write the plan first.\n',
      '.roorules': 'Roo fallback file.\n',
    },
    rules: [
      ['.roo/rules/01-general.md', 'always'],
      ['.roo/rules/sub/02-style.txt', 'always'],
      ['.roo/rules-architect/plan.md', 'manual', 'Roo Code rules for its "architect" mode'],
      ['.roo/rules-code/js.md', 'manual', 'Roo Code rules for its "code" mode'],
      ['.roorules', 'always'],
    ],
  },
  {
    format: 'kilo-code',
    files: {
      '.kilocode/rules/general.md': 'Kilo: explain each change.\n',
      '.kilocode/rules-debug/logs.md': 'Kilo debug mode: read the logs first.\n',
      '.kilo/rules/new.md': 'Kilo (new layout): run the linter.\n',
    },
    rules: [
      ['.kilocode/rules/general.md', 'always'],
      ['.kilocode/rules-debug/logs.md', 'manual', 'Kilo Code rules for its "debug" mode'],
      ['.kilo/rules/new.md', 'always'],
    ],
  },
  {
    format: 'opencode',
    files: {
      'opencode.json': JSON.stringify({
        $schema: 'https://opencode.ai/config.json',
        instructions: [
          'CONTRIBUTING.md',
          'docs/guidelines/*.md',
          'https://example.com/rules.md',
          'missing.md',
        ],
      }),
      'CONTRIBUTING.md': 'Open an issue before a large change.\n',
      'docs/guidelines/naming.md': 'Full-word names.\n',
      'docs/guidelines/errors.md': 'Errors carry a code.\n',
      'docs/guidelines/deep/ignored.md': 'Not matched by a single star.\n',
    },
    rules: [
      ['CONTRIBUTING.md', 'always'],
      ['docs/guidelines/errors.md', 'always'],
      ['docs/guidelines/naming.md', 'always'],
    ],
  },
  {
    format: 'kiro',
    files: {
      '.kiro/steering/api.md':
        '---\ninclusion: fileMatch\nfileMatchPattern:\n  - "src/api/**/*.ts"\n  - "src/routes/**"\n---\nSee #[[file:docs/api.md]] and #[[file:docs/none.md]].\n',
      'docs/api.md': 'Every route is versioned.\n',
    },
    rules: [['.kiro/steering/api.md', 'files', 'src/api/**/*.ts, src/routes/**']],
  },
  {
    format: 'continue',
    files: {
      '.continue/rules/todo.md':
        '---\nregex: "TODO\\\\(\\\\w+\\\\)"\nalwaysApply: false\n---\nA TODO names its owner.\n',
    },
    rules: [['.continue/rules/todo.md', 'described', 'for files whose content matches /TODO\\(\\w+\\)/']],
  },
  {
    format: 'github-copilot',
    files: {
      '.github/instructions/review.instructions.md':
        '---\napplyTo: "**/*.ts"\nexcludeAgent: coding-agent\n---\nReviewers check the changelog.\n',
      '.github/instructions/code.instructions.md':
        '---\napplyTo: "**/*.ts"\nexcludeAgent: code-review\n---\nAgents run the type check.\n',
    },
    rules: [['.github/instructions/code.instructions.md', 'files', '**/*.ts']],
    skipped: [['.github/instructions/review.instructions.md', 'excluded-agent']],
  },
  {
    format: 'cursor',
    files: {
      '.cursor/rules/api.mdc':
        '---\ndescription: API handlers\nglobs:\n  - src/api/**/*.ts\n  - src/handlers/*.ts\n---\nValidate input.\n',
      '.cursor/rules/notes.md': 'A plain Markdown file: Cursor ignores it.\n',
    },
    rules: [['.cursor/rules/api.mdc', 'files', 'src/api/**/*.ts, src/handlers/*.ts']],
    skipped: [['.cursor/rules/notes.md', 'not-read-by-assistant']],
  },
];

async function repositoryOf(files: Record<string, string>) {
  const repository = await makeTestRepository(files);
  await mkdir(path.join(repository.root, '.git'));
  return repository;
}

const summary = (rule: { path: string; scope: string; globs?: string[]; description?: string }) => {
  const detail = rule.globs?.join(', ') ?? (rule.scope === 'always' ? undefined : rule.description);
  return detail === undefined ? [rule.path, rule.scope] : [rule.path, rule.scope, detail];
};

describe('the formats of every assistant, one fixture each', () => {
  it.each(fixtures)(
    '$format: the library and `agent-context rules --json` load the same rules',
    async (fixture) => {
      const { root } = await repositoryOf(fixture.files);
      const loaded = await loadRules({ workspace: localWorkspace(root), formats: [fixture.format] });
      expect(loaded.items.map(summary)).toEqual(fixture.rules);
      expect(loaded.skipped.map((diagnostic) => [diagnostic.path, diagnostic.code])).toEqual(
        fixture.skipped ?? [],
      );
      const cli = await runCliInProcess(root, ['rules', '--json', '--formats', fixture.format]);
      const report = JSON.parse(cli.stdout) as Awaited<ReturnType<typeof inspectRules>>;
      expect(report.rules.map(summary)).toEqual(fixture.rules);
      expect(report.rules.map((rule) => rule.body)).toEqual(loaded.items.map((rule) => rule.body));
    },
  );

  it('kiro: a #[[file:...]] reference is replaced by the file, a missing one by a visible marker', async () => {
    const { root } = await repositoryOf(fixtures.find((fixture) => fixture.format === 'kiro')!.files);
    const loaded = await loadRules({ workspace: localWorkspace(root), formats: ['kiro'] });
    expect(loaded.items[0]?.body).toBe(
      'See Every route is versioned. and <!-- reference failed: docs/none.md (not found) -->.\n',
    );
    expect(loaded.diagnostics.map((diagnostic) => diagnostic.code)).toContain('reference-failed');
  });

  it('opencode: a URL is not fetched and a missing path is named', async () => {
    const { root } = await repositoryOf(fixtures.find((fixture) => fixture.format === 'opencode')!.files);
    const loaded = await loadRules({ workspace: localWorkspace(root), formats: ['opencode'] });
    expect(loaded.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['not-fetched', 'not-found']);
  });
});

describe('per-directory files of Qwen Code, Amp and a renamed Gemini CLI context file', () => {
  const tree = {
    'QWEN.md': 'Qwen: root.\n',
    'AGENT.md': 'Amp (older name): root.\n',
    'app/QWEN.md': 'Qwen: app.\n',
    'app/CONVENTIONS.md': 'Conventions of the app.\n',
    'app/GEMINI.md': 'Not read once Gemini CLI is told to read CONVENTIONS.md.\n',
    '.gemini/settings.json':
      '{\n  // comments are allowed\n  "context": { "fileName": ["AGENTS.md", "CONVENTIONS.md"] }\n}\n',
  };

  it('loads QWEN.md and AGENT.md walking up, and CONVENTIONS.md in place of GEMINI.md', async () => {
    const { root } = await repositoryOf(tree);
    const result = await discoverInstructions({ workspace: localWorkspace(root, { cwd: 'app' }) });
    expect(result.items.map((item) => item.label)).toEqual([
      '../QWEN.md',
      '../AGENT.md',
      'CONVENTIONS.md',
      'QWEN.md',
    ]);
    expect(result.diagnostics).toMatchObject([
      { code: 'renamed-instruction-files', path: '../.gemini/settings.json' },
    ]);
  });

  it('a context.fileName that is one name renames too; a broken settings file renames nothing', async () => {
    const { root } = await repositoryOf({
      ...tree,
      '.gemini/settings.json': '{ "context": { "fileName": "CONVENTIONS.md" } }',
    });
    const gemini = await discoverInstructions({
      workspace: localWorkspace(root, { cwd: 'app' }),
      formats: ['gemini-cli'],
    });
    expect(gemini.items.map((item) => item.label)).toEqual(['CONVENTIONS.md']);
    const broken = await repositoryOf({ ...tree, '.gemini/settings.json': '{ "context": ' });
    const fallback = await discoverInstructions({
      workspace: localWorkspace(broken.root, { cwd: 'app' }),
      formats: ['gemini-cli'],
    });
    expect(fallback.items.map((item) => item.label)).toEqual(['GEMINI.md']);
    expect(fallback.diagnostics).toMatchObject([{ code: 'invalid-settings' }]);
  });
});

describe('per-directory files of the new formats on touch', () => {
  it('delivers a subdirectory QWEN.md and AGENT.md when the agent first touches it', async () => {
    const { createContextSession } = await import('../../session/context-session.js');
    const { nestedInstructions } = await import('../../instructions/nested/nested-instructions.js');
    const { root } = await repositoryOf({
      'pkg/QWEN.md': 'Qwen: the package.\n',
      'pkg/AGENT.md': 'Amp: the package.\n',
      'pkg/index.ts': 'export {};\n',
    });
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [nestedInstructions()],
    });
    await session.startRun();
    await session.touch('pkg/index.ts', { kind: 'file' });
    expect(session.loadedFiles().map((file) => file.path)).toEqual(['pkg/QWEN.md', 'pkg/AGENT.md']);
  });
});
