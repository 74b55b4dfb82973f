import { describe, expect, it } from 'vitest';
import { runWithDeadline } from '../../test/support/deadline-child.js';
import { makeTestRepository, skillFile } from '../../test/support/test-repository.js';

const imports = [
  "import { loadRules } from 'src/rules/load-rules.ts';",
  "import { scanInventory } from 'src/inventory/scan-inventory.ts';",
  "import { listInventoryDiagnostics } from 'src/inventory/inventory-result.ts';",
  "import { createContextSession } from 'src/session/context-session.ts';",
  "import { repoContext } from 'src/presets/repo-context.ts';",
  "import { localWorkspace } from 'src/workspace/local-workspace.ts';",
];

/** Load the rules, scan the inventory and start a run over `input.root`; report what each saw. */
const loadEverything = `
  const workspace = localWorkspace(input.root);
  const rules = await loadRules({ workspace });
  const inventory = await scanInventory({ workspace });
  const session = createContextSession(repoContext({ workspaceDir: input.root }));
  const run = await session.startRun();
  const codes = (diagnostics) => [...new Set(diagnostics.map((diagnostic) => diagnostic.path + ' ' + diagnostic.code))].sort();
  return {
    rules: rules.items.map((rule) => rule.path),
    ruleCodes: codes(rules.diagnostics),
    skills: inventory.roots.flatMap((root) => root.skills.map((skill) => skill.name)),
    inventoryCodes: codes(listInventoryDiagnostics(inventory)),
    instructions: run.instructions.length > 0,
  };
`;

interface Loaded {
  rules: string[];
  ruleCodes: string[];
  skills: Array<string | null>;
  inventoryCodes: string[];
  instructions: boolean;
}

describe('hostile frontmatter', () => {
  it('never aborts the process: 20 rules and 20 skills nesting brackets 5,000 deep are read leniently', async () => {
    const files: Record<string, string> = {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursor/rules/good.mdc': '---\nglobs: src/**\n---\nGood rule.\n',
      '.claude/skills/good/SKILL.md': skillFile('good'),
    };
    const nested = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    for (let index = 0; index < 20; index += 1) {
      files[`.cursor/rules/deep-${index}.mdc`] = `---\nglobs: ${nested}\n---\nDeep rule ${index}.\n`;
      files[`.claude/skills/deep-${index}/SKILL.md`] =
        `---\nname: deep-${index}\ndescription: ${nested}\n---\nDeep skill.\n`;
    }
    const { root } = await makeTestRepository(files);
    const run = await runWithDeadline<Loaded>({
      imports,
      body: loadEverything,
      input: { root },
      deadlineMs: 60_000,
    });
    expect(run.ending, run.stderr.slice(0, 300)).toBe('exit 0');
    expect(run.result?.rules).toContain('.cursor/rules/good.mdc');
    expect(run.result?.ruleCodes).toContain('.cursor/rules/deep-7.mdc frontmatter-too-complex');
    expect(run.result?.skills).toContain('good');
    expect(run.result?.skills).toContain('deep-7');
    expect(run.result?.inventoryCodes).toContain('.claude/skills/deep-7/SKILL.md frontmatter-too-complex');
    expect(run.result?.instructions).toBe(true);
  });

  it('reads 200,000 tag lines and an entry of 130,000 lines in linear time, each file its own diagnostics', async () => {
    const { root } = await makeTestRepository({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursor/rules/tags.mdc': `---\ndescription: tags\n${'<a>\n'.repeat(200_000)}globs: src/**\n---\nTags.\n`,
      '.cursor/rules/long.mdc': `---\ndescription: a: b\n${' x\n'.repeat(130_000)}globs: "src/**"\n---\nLong.\n`,
      '.claude/agents/long.md': `---\nname: long\ndescription: a: b\n${'x\n'.repeat(130_000)}---\nAgent.\n`,
    });
    const run = await runWithDeadline<Loaded>({
      imports,
      body: loadEverything,
      input: { root },
      deadlineMs: 30_000,
    });
    expect(run.ending, run.stderr.slice(0, 300)).toBe('exit 0');
    expect(run.result?.rules).toEqual(['.cursor/rules/long.mdc', '.cursor/rules/tags.mdc']);
    expect(run.result?.ruleCodes).toContain('.cursor/rules/long.mdc frontmatter-too-complex');
    expect(run.result?.inventoryCodes).toContain('.claude/agents/long.md frontmatter-too-large');
    expect(run.longestStallMs).toBeLessThan(5_000);
  });
});
