import { describe, expect, it } from 'vitest';
import { createTemporaryTree } from '../../test/support/temporary-tree.js';
import { inspectRulesIn } from '../rules/inspect-rules.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { recordingWorkspace } from '../workspace/recording-workspace.js';
import type { Workspace } from '../workspace/workspace.js';
import { inspectInstructionsIn } from './inspect-instructions.js';

const files = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'AGENTS.md': 'Use pnpm.\n',
  'CLAUDE.md': 'Claude: run the tests.\n',
  'packages/app/AGENTS.md': 'The app.\n',
  'packages/app/GEMINI.md': 'Gemini: the app.\n',
  '.cursor/rules/always.mdc': '---\nalwaysApply: true\n---\n\nStrict TypeScript.\n',
  '.cursor/rules/api.mdc': '---\ndescription: API routes\n---\n\nValidate input.\n',
  '.claude/rules/tests.md': '---\npaths: ["**/*.test.ts"]\n---\n\nOne behaviour per test.\n',
  'packages/app/src/.cursor/rules/ui.mdc': '---\nglobs: "**/*.tsx"\n---\n\nSmall components.\n',
  'packages/app/src/view.tsx': 'export {};\n',
};

/** The same workspace asked one path at a time (no batch operations), as a host's own may be. */
function singleCalls(workspace: Workspace): Workspace {
  const { statPaths: _stat, readFiles: _read, listDirectories: _list, ...single } = workspace;
  return single;
}

describe('the CLI reports ask through the batches', () => {
  it('render and inspect: the walk-up and every rule format in one request', async () => {
    const tree = await createTemporaryTree(files);
    try {
      const workspace = recordingWorkspace(localWorkspace(tree.root, { cwd: 'packages/app' }));
      const report = await inspectInstructionsIn(workspace, {});
      expect(workspace.calls.map((call) => call.method)).toEqual(['listDirectories']);
      expect(report.text).toContain('Strict TypeScript.');
      expect(report.discovery.items.map((file) => file.label)).toEqual([
        '../../AGENTS.md',
        '../../CLAUDE.md',
        '../../.cursor/rules/always.mdc',
        'AGENTS.md',
        'GEMINI.md',
      ]);
      const single = await inspectInstructionsIn(
        singleCalls(localWorkspace(tree.root, { cwd: 'packages/app' })),
        {},
      );
      expect(report).toEqual(single);
    } finally {
      await tree.remove();
    }
  });

  it('imports: every import of one level in one request, so a tree two levels deep costs two more', async () => {
    const tree = await createTemporaryTree({
      ...files,
      'AGENTS.md': 'Use pnpm. @docs/style.md @docs/testing.md @docs/missing.md\n',
      'packages/app/AGENTS.md': 'The app. @../../docs/style.md @notes/app.md\n',
      'packages/app/notes/app.md': 'App notes. @deeper/one.md\n',
      'packages/app/notes/deeper/one.md': 'One.\n',
      'docs/style.md': 'Style. @parts/naming.md @parts/naming.md\n',
      'docs/testing.md': 'Testing. @../AGENTS.md\n',
      'docs/parts/naming.md': 'Naming.\n',
    });
    try {
      const workspace = recordingWorkspace(localWorkspace(tree.root, { cwd: 'packages/app' }));
      const report = await inspectInstructionsIn(workspace, {});
      // The walk-up and rules, then per walk-up file with imports one request per level.
      expect(workspace.calls.map((call) => call.method)).toEqual([
        'listDirectories',
        'listDirectories',
        'listDirectories',
        'listDirectories',
        'listDirectories',
      ]);
      expect(report.text).toContain('Naming.');
      expect(report.text).toContain('One.');
      expect(report.text).toContain('<!-- import failed: docs/missing.md (not found) -->');
      const single = await inspectInstructionsIn(
        singleCalls(localWorkspace(tree.root, { cwd: 'packages/app' })),
        {},
      );
      expect(report).toEqual(single);
    } finally {
      await tree.remove();
    }
  });

  it('rules --file: the walk-up in one request, the rule folders on the way to the file in one more', async () => {
    const tree = await createTemporaryTree(files);
    try {
      const workspace = recordingWorkspace(localWorkspace(tree.root, { cwd: 'packages/app' }));
      const report = await inspectRulesIn(workspace, { file: 'src/view.tsx' });
      expect(workspace.calls.map((call) => call.method)).toEqual(['listDirectories', 'listDirectories']);
      expect(report.file?.matches.map((match) => match.path)).toEqual(['src/.cursor/rules/ui.mdc']);
      const single = await inspectRulesIn(singleCalls(localWorkspace(tree.root, { cwd: 'packages/app' })), {
        file: 'src/view.tsx',
      });
      expect(report).toEqual(single);
    } finally {
      await tree.remove();
    }
  });
});
