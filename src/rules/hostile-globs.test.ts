import { describe, expect, it } from 'vitest';
import { runWithDeadline } from '../../test/support/deadline-child.js';
import { makeTestRepository } from '../../test/support/test-repository.js';

const stars = `${'a*'.repeat(14)}b`;
const questions = `**/${'*?'.repeat(14)}b`;

describe('rule globs against hostile file names', () => {
  it('match a 60-character name against globs built to backtrack, in time, the event loop served', async () => {
    const { root } = await makeTestRepository({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursor/rules/stars.mdc': `---\nglobs: ${stars}\n---\nStars.\n`,
      '.github/instructions/stars.instructions.md': `---\napplyTo: "**/${stars}"\n---\nMore stars.\n`,
      '.claude/rules/questions.md': `---\npaths: "${questions}"\n---\nQuestions.\n`,
    });
    const run = await runWithDeadline<{ rules: number; missing: string[]; matching: string[] }>({
      imports: [
        "import { loadRules } from 'src/rules/load-rules.ts';",
        "import { localWorkspace } from 'src/workspace/local-workspace.ts';",
      ],
      body: `
        const { items, matcher } = await loadRules({ workspace: localWorkspace(input.root) });
        const names = (file) => matcher.match(input.root + '/' + file).map((match) => match.rule.path);
        const missing = [];
        for (let round = 0; round < 20; round++) missing.push(...names('a'.repeat(60)), ...names('x/' + 'a'.repeat(60)));
        return { rules: items.length, missing, matching: names('a'.repeat(60) + 'b') };
      `,
      input: { root },
      deadlineMs: 20_000,
    });
    expect(run.ending).toBe('exit 0');
    expect(run.result).toEqual({
      rules: 3,
      missing: [],
      matching: [
        '.claude/rules/questions.md',
        '.cursor/rules/stars.mdc',
        '.github/instructions/stars.instructions.md',
      ],
    });
    expect(run.longestStallMs).toBeLessThan(2_000);
  });
});
