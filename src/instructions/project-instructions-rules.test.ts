import { mkdir, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../test/support/cli.js';
import { makeRulesRepository } from '../rules/rules-fixture.test-support.js';
import type { ContextEvent } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { projectInstructions } from './project-instructions.js';

async function startRun(options: Parameters<typeof projectInstructions>[0] = {}) {
  const { workspace, base } = await makeRulesRepository();
  const events: ContextEvent[] = [];
  const capability = projectInstructions(options);
  const session = createContextSession({ workspace, capabilities: [capability] });
  session.on((event) => events.push(event));
  const run = await session.startRun();
  return { run, events, session, capability, base };
}

const blockPaths = (text: string) =>
  [...text.matchAll(/<context-file path="([^"]+)">/g)].map((match) => match[1]);

describe('project instructions with rules', () => {
  it('adds the always rules after the instruction files of their directory, rendered the same way', async () => {
    const { run } = await startRun();
    expect(blockPaths(run.instructions)).toEqual([
      'AGENTS.md',
      '.claude/rules/testing.md',
      '.cursor/rules/style.mdc',
      '.cursorrules',
      '.github/copilot-instructions.md',
      '.github/instructions/everywhere.instructions.md',
      '.kiro/steering/product.md',
    ]);
    expect(run.instructions).toContain(
      '<context-file path=".cursor/rules/style.mdc">\nPrefer early returns over nested branches.\n</context-file>',
    );
    for (const inlinedNever of [
      'zod before any work',
      'the 2019 contracts',
      'Bump the version',
      'Page the on-call',
    ])
      expect(run.instructions).not.toContain(inlinedNever);
  });

  it('names the described rules in one catalog block after the instructions', async () => {
    const { run } = await startRun();
    expect(
      run.instructions.endsWith(
        [
          '<rules>',
          'Rules that apply only in some situations (file: when it applies). When one is relevant to your task, read its file before you go on.',
          '- .cursor/rules/release.mdc: How to cut a release: tags, changelog, npm',
          '- .kiro/steering/incidents.md: What to do during a production incident',
          '</rules>',
        ].join('\n'),
      ),
    ).toBe(true);
  });

  it('reports loaded, surfaced and skipped rules as events with reason rule', async () => {
    const { events } = await startRun();
    const ofRules = events.filter((event) => event.reason === 'rule');
    expect(ofRules.filter((event) => event.type === 'loaded').map((event) => event.path)).toEqual([
      '.claude/rules/testing.md',
      '.cursor/rules/style.mdc',
      '.cursorrules',
      '.github/copilot-instructions.md',
      '.github/instructions/everywhere.instructions.md',
      '.kiro/steering/product.md',
    ]);
    expect(ofRules.filter((event) => event.type === 'surfaced').map((event) => event.path)).toEqual([
      '.cursor/rules/release.mdc',
      '.kiro/steering/incidents.md',
    ]);
    expect(
      ofRules
        .filter((event) => event.type === 'skipped')
        .map((event) => [event.path, event.diagnostic?.code]),
    ).toEqual([
      ['.windsurf/rules/api-copy.md', 'duplicate'],
      ['.windsurf/rules/odd.md', 'unknown-rule-mode'],
      ['.continue/rules/broken-glob.md', 'invalid-glob'],
      ['.continue/rules/empty.md', 'empty-rule'],
    ]);
  });

  it('keeps the always rules inside the same budget, cut with the same marker', async () => {
    const { run, capability } = await startRun({ maxChars: 400 });
    expect(run.instructions.length).toBeLessThanOrEqual(400 + capability.latest!.catalog.length + 2);
    expect(capability.latest!.rendered.files.some((file) => file.status !== 'whole')).toBe(true);
    expect(run.instructions).toMatch(
      /\[truncated: \d+ characters of [^\]]+ omitted\]|\[not loaded, over the budget/,
    );
  });

  it('gives byte-identical text at every run of an unchanged tree', async () => {
    const { run, session } = await startRun();
    const next = await session.startRun();
    expect(next.instructions).toBe(run.instructions);
  });

  it('reads no rule with formats: [], and user-level rules first with userDirectory', async () => {
    const { run } = await startRun({ formats: [] });
    expect(blockPaths(run.instructions)).toEqual(['AGENTS.md']);
    const { workspace, base } = await makeRulesRepository();
    await mkdir(`${base}/home/.gemini`, { recursive: true });
    await writeFile(`${base}/home/.gemini/GEMINI.md`, 'I read diffs before summaries.\n');
    const session = createContextSession({
      workspace,
      capabilities: [projectInstructions({ userDirectory: `${base}/home`, formats: ['gemini-cli', 'kiro'] })],
    });
    const withUser = await session.startRun();
    expect(blockPaths(withUser.instructions)).toEqual([
      '~/.gemini/GEMINI.md',
      'AGENTS.md',
      '.kiro/steering/product.md',
    ]);
  });
});

describe('agent-context inspect with rules', () => {
  it('shows the always rules in load order and counts the others', async () => {
    const { root } = await makeRulesRepository();
    const { stdout } = await runCliInProcess(root, ['inspect']);
    expect(stdout).toContain('Load order (7 files):');
    expect(stdout).toMatch(/2\. \.claude\/rules\/testing\.md {2}\(always rule, claude-code, /);
    expect(stdout).toContain(
      'Other rules: 5 delivered on touch (files), 2 in the rules catalog (described), 1 on @name (manual); 4 skipped. Details: agent-context rules.',
    );
  });
});
