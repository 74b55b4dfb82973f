import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../../test/support/cli.js';
import { makeTestRepository } from '../../../test/support/test-repository.js';
import { inspectInstructions } from '../../instructions/inspect-instructions.js';
import { nestedInstructions } from '../../instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../instructions/project-instructions.js';
import { scanInventory } from '../../inventory/scan-inventory.js';
import type { ContextEvent } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { type AssistantName, assistantNames } from '../../tool-vocabulary/assistant.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import { assistantReading, assistantReadings } from './index.js';

// Sizes chosen so Codex's 32 KiB budget ends inside the working directory's file, in a character.
const packagesText = `# Packages\n${'Every package builds with its own script.\n'.repeat(760)}`;
const overrideText = `# API override\n${'é'.repeat(1500)}\n`;

/** One repository every assistant reads differently; the working directory is `packages/api`. */
const files: Record<string, string> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'AGENTS.md': '# Root agents\nUse pnpm.\n',
  'CLAUDE.md': '# Root Claude\nSee @docs/imported.md for the layout.\n',
  'GEMINI.md': '# Root Gemini\nAnswer briefly.\n',
  '.rules': 'Zed: keep answers short.\n',
  '.github/copilot-instructions.md': 'Copilot: write tests first.\n',
  '.github/instructions/api.instructions.md':
    '---\napplyTo: "packages/api/**"\n---\nAPI handlers validate input.\n',
  '.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nCursor: two-space indents.\n',
  '.windsurf/rules/always.md': '---\ntrigger: always_on\n---\nWindsurf: small commits.\n',
  '.claude/rules/testing.md': 'Claude rule: run the tests before committing.\n',
  'opencode.json': '{ "instructions": ["docs/extra.md"] }\n',
  'docs/imported.md': 'The layout: packages/ holds one folder per service.\n',
  'docs/extra.md': 'OpenCode extra: prefer small functions.\n',
  'packages/AGENTS.md': packagesText,
  'packages/api/AGENTS.md': '# API agents\nEvery handler has a test.\n',
  'packages/api/AGENTS.override.md': overrideText,
  'packages/api/src/AGENTS.md': 'src agents: no default exports.\n',
  'packages/api/src/GEMINI.md': 'src gemini: name files in kebab case.\n',
  'packages/api/src/handler.ts': 'export const handler = 1;\n',
  'packages/api/lib/AGENTS.md': 'lib agents: pure functions only.\n',
  'packages/api/lib/CLAUDE.md': 'lib claude: no classes.\n',
  'packages/api/lib/util.ts': 'export const util = 1;\n',
};

const codexCut = 32 * 1024 - Buffer.byteLength(files['AGENTS.md']!) - Buffer.byteLength(packagesText);

/**
 * What each assistant loads at run start (labels relative to `packages/api`, in load order) and on
 * touching `src/handler.ts` then `lib/util.ts`, with the documentation each row follows.
 */
const expected: Record<AssistantName, { start: string[]; touch: string[]; source: string }> = {
  // CLAUDE.md at the root: no AGENTS.md anywhere in the session, on touch included (decided at start).
  'claude-code': {
    start: ['../../CLAUDE.md', '../../docs/imported.md', '../../.claude/rules/testing.md'],
    touch: ['lib/CLAUDE.md'],
    source: 'code.claude.com/docs/en/memory (CLAUDE.md files; AGENTS.md; imports; .claude/rules)',
  },
  // One file per directory, the override in place of AGENTS.md, cut where 32 KiB end; nothing on touch.
  codex: {
    start: ['../../AGENTS.md', '../AGENTS.md', 'AGENTS.override.md'],
    touch: [],
    source: 'developers.openai.com/codex/guides/agents-md (discovery, one file per directory, 32 KiB)',
  },
  // GEMINI.md walking up, and just in time where a tool touches.
  'gemini-cli': {
    start: ['../../GEMINI.md'],
    touch: ['src/GEMINI.md'],
    source: 'geminicli.com/docs/cli/gemini-md (context hierarchy, just-in-time files)',
  },
  // The nearest AGENTS.md only, the root CLAUDE.md and GEMINI.md not (an AGENTS.md is there), the
  // repository-wide file, and the path-specific file on touch of a matching file.
  'github-copilot': {
    start: ['../../.github/copilot-instructions.md', 'AGENTS.md'],
    touch: ['../../.github/instructions/api.instructions.md', 'src/AGENTS.md', 'lib/AGENTS.md'],
    source: 'docs.github.com/en/copilot (repository instructions; AGENTS.md nearest; applyTo)',
  },
  // Copilot CLI (measured): the root's files side by side, the working directory's, then the ones
  // between; Claude Code's rules too; nested files nearest first on touch.
  'copilot-cli': {
    start: [
      '../../.github/copilot-instructions.md',
      '../../AGENTS.md',
      '../../CLAUDE.md',
      '../../GEMINI.md',
      '../../.claude/rules/testing.md',
      'AGENTS.md',
      '../AGENTS.md',
    ],
    touch: [
      '../../.github/instructions/api.instructions.md',
      'src/AGENTS.md',
      'src/GEMINI.md',
      'lib/AGENTS.md',
      'lib/CLAUDE.md',
    ],
    source: 'recorded requests of Copilot CLI 1.0.102 (test/assistant-readings)',
  },
  cursor: {
    start: ['../../AGENTS.md', '../../.cursor/rules/style.mdc', '../AGENTS.md', 'AGENTS.md'],
    touch: ['src/AGENTS.md', 'lib/AGENTS.md'],
    source: 'cursor.com/docs/rules (project rules; AGENTS.md in the root and subdirectories)',
  },
  windsurf: {
    start: ['../../AGENTS.md', '../../.windsurf/rules/always.md', '../AGENTS.md', 'AGENTS.md'],
    touch: ['src/AGENTS.md', 'lib/AGENTS.md'],
    source: 'docs.windsurf.com/windsurf/cascade/agents-md and /memories (AGENTS.md scoping; rules)',
  },
  // The first of its list at the root: `.rules`.
  zed: {
    start: ['../../.rules'],
    touch: [],
    source: 'zed.dev/docs/ai/rules (.rules files: the first match of the list)',
  },
  // Nearest first; CLAUDE.md only where no AGENTS.md is; opencode.json instructions.
  opencode: {
    start: ['AGENTS.md', '../AGENTS.md', '../../AGENTS.md', '../../docs/extra.md'],
    touch: ['src/AGENTS.md', 'lib/AGENTS.md'],
    source:
      'opencode.ai/docs/instructions and /rules (AGENTS.md up to the root, nearest first; instructions)',
  },
  // Qwen Code (measured): QWEN.md then AGENTS.md in each directory, root first; nothing on touch.
  'qwen-code': {
    start: ['../../AGENTS.md', '../AGENTS.md', 'AGENTS.md'],
    touch: [],
    source: 'recorded requests of Qwen Code 0.24.4 (test/assistant-readings)',
  },
};

async function repository() {
  const made = await makeTestRepository(files);
  const directory = path.join(made.root, 'packages/api');
  return { ...made, directory, workspace: localWorkspace(made.root, { cwd: 'packages/api' }) };
}

describe('reading as one assistant (`assistant`, `--as`)', () => {
  it('knows every assistant of the expected table, and no other', () => {
    expect([...assistantNames].sort()).toEqual(Object.keys(expected).sort());
    expect(assistantReadings.map((reading) => reading.name)).toEqual(assistantNames);
    for (const name of assistantNames) expect(assistantReading(name).sources.length).toBeGreaterThan(0);
  });

  it('loads at run start exactly what each assistant documents, in its order', async () => {
    const { directory } = await repository();
    for (const name of assistantNames) {
      const report = await inspectInstructions({ directory, assistant: name });
      expect({ name, start: report.discovery.items.map((item) => item.label) }).toEqual({
        name,
        start: expected[name].start,
      });
      expect(report.assistant?.name).toBe(name);
    }
  });

  it('keeps the union as the default', async () => {
    const { directory } = await repository();
    const report = await inspectInstructions({ directory });
    expect(report.assistant).toBeUndefined();
    const labels = report.discovery.items.map((item) => item.label);
    // The union applies Codex's override too: packages/api/AGENTS.md is replaced there.
    for (const name of assistantNames)
      for (const label of expected[name].start) if (label !== 'AGENTS.md') expect(labels).toContain(label);
    expect(labels).not.toContain('AGENTS.md');
  });

  it('spends Codex 32 KiB from the root: the override is cut inside a character, the rest said', async () => {
    const { directory } = await repository();
    const report = await inspectInstructions({ directory, assistant: 'codex' });
    const override = report.discovery.items.find((item) => item.label === 'AGENTS.override.md')!;
    const kept = new TextDecoder().decode(Buffer.from(overrideText).subarray(0, codexCut));
    expect(kept.endsWith('\uFFFD')).toBe(codexCut % 2 === 0); // '# API override\n' is 15 bytes
    expect(override.text.startsWith(kept)).toBe(true);
    expect(override.text).toMatch(/\[truncated: \d+ bytes of AGENTS\.override\.md omitted\]$/);
    expect(report.assistant?.bytes).toBeGreaterThanOrEqual(32 * 1024);
    const dropped = new Map(report.assistant?.dropped.map((file) => [file.path, file.code]));
    expect(dropped.get('AGENTS.md')).toBe('replaced');
    expect(dropped.get('../../CLAUDE.md')).toBe('not-read-by-assistant');
    expect(dropped.get('../../docs/imported.md')).toBe('not-read-by-assistant');
    expect(dropped.get('../../.cursor/rules/style.mdc')).toBe('not-read-by-assistant');
    expect(dropped.get('../../.github/instructions/api.instructions.md')).toBe('not-read-by-assistant');
    expect(report.text).not.toContain('Root Claude');
  });

  it('says why Claude Code leaves AGENTS.md out and Copilot the farther AGENTS.md', async () => {
    const { directory } = await repository();
    const claude = await inspectInstructions({ directory, assistant: 'claude-code' });
    const reasons = new Map(claude.assistant?.dropped.map((file) => [file.path, file.reason]));
    expect(reasons.get('../../AGENTS.md')).toContain('only where no CLAUDE.md');
    expect(reasons.get('../../AGENTS.md')).toContain('../../CLAUDE.md is');
    const copilot = await inspectInstructions({ directory, assistant: 'github-copilot' });
    const why = new Map(copilot.assistant?.dropped.map((file) => [file.path, file.reason]));
    expect(why.get('../AGENTS.md')).toContain('nearest AGENTS.md only, AGENTS.md');
  });

  it('gives the same instructions through projectInstructions() as through inspect', async () => {
    const { workspace, directory } = await repository();
    for (const name of assistantNames) {
      const capability = projectInstructions({ assistant: name });
      const session = createContextSession({ workspace, capabilities: [capability] });
      const run = await session.startRun();
      const text = await capability.instructions(run);
      const report = await inspectInstructions({ directory, assistant: name });
      expect({ name, text: text ?? '' }).toEqual({ name, text: report.text });
    }
  });

  it('delivers on touch what each assistant reads below the working directory', async () => {
    const { workspace } = await repository();
    for (const name of assistantNames) {
      const session = createContextSession({
        workspace,
        capabilities: [nestedInstructions({ assistant: name })],
      });
      const events: ContextEvent[] = [];
      session.on((event) => events.push(event));
      await session.startRun();
      await session.touch('src/handler.ts');
      await session.touch('lib/util.ts');
      const loaded = events.filter((event) => event.type === 'loaded').map((event) => event.path);
      expect({ name, touch: loaded }).toEqual({ name, touch: expected[name].touch });
    }
  });

  it('prints with `inspect --as` the library result, and lists the drops in text', async () => {
    const { directory } = await repository();
    for (const name of [...assistantNames, 'copilot']) {
      const { code, stdout } = await runCliInProcess(directory, ['inspect', '--as', name, '--json']);
      expect(code).not.toBe(2);
      const library = await inspectInstructions({
        directory,
        assistant: name === 'copilot' ? 'github-copilot' : (name as AssistantName),
      });
      expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(library)));
    }
    const text = await runCliInProcess(directory, ['inspect', '--as', 'codex']);
    expect(text.stdout).toContain('as Codex reads them');
    expect(text.stdout).toMatch(/Budget: [\d,]+ of Codex's 32,768 bytes used/);
    expect(text.stdout).toContain('Dropped (loaded by the union of all formats, not by Codex)');
    expect(text.stdout).toMatch(
      /\.\.\/\.\.\/CLAUDE\.md {2}\[not-read-by-assistant\] Skipped \.\.\/\.\.\/CLAUDE\.md: Codex does not read CLAUDE\.md/,
    );
  });

  it('refuses --as with --formats, and an unknown assistant', async () => {
    const { directory } = await repository();
    const combined = await runCliInProcess(directory, ['inspect', '--as', 'codex', '--formats', 'cursor']);
    expect(combined.code).toBe(2);
    expect(combined.stderr).toContain('--as cannot be combined with --formats');
    const unknown = await runCliInProcess(directory, ['inspect', '--as', 'vim']);
    expect(unknown.stderr).toContain('unknown assistant "vim"');
    expect(() => projectInstructions({ assistant: 'codex', formats: ['cursor'] })).toThrow(
      /cannot be combined/,
    );
  });

  it('lists each assistant its own asset roots and rules (inventory --as)', async () => {
    const { directory, workspace } = await repository();
    for (const name of assistantNames) {
      const library = await scanInventory({ workspace, assistant: name });
      const reading = assistantReading(name);
      expect(library.roots.filter((root) => root.directory === '.').map((root) => root.root)).toEqual(
        reading.assetRoots,
      );
      for (const rule of library.rules ?? []) expect(reading.formats).toContain(rule.format);
      const cli = await runCliInProcess(directory, ['inventory', '--as', name, '--json']);
      expect(JSON.parse(cli.stdout)).toEqual(JSON.parse(JSON.stringify(library)));
      const rules = await runCliInProcess(directory, ['rules', '--as', name, '--json']);
      const formats = new Set(JSON.parse(rules.stdout).rules.map((rule: { format: string }) => rule.format));
      for (const format of formats) expect(reading.formats).toContain(format);
    }
  });
});
