import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { listInstructionFilenames } from '../../src/inspect.js';
import { repositoryRoot, runCliInProcess } from '../support/cli.js';
import { extractCodeBlocks } from './code-blocks.js';

// What the pages must name, held against the code: every command, every default, every package.

const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8');
const cliPage = readFileSync(join(repositoryRoot, 'docs/cli.md'), 'utf8');

describe('the docs name what the code has', () => {
  it('the README’s CLI paragraph names every command, and docs/cli.md has a section for each', () => {
    const paragraph = readme.split('\n\n').find((block) => block.startsWith('**CLI.**')) ?? '';
    for (const command of commands) {
      expect(paragraph, command.name).toMatch(new RegExp(`\`(agent-context )?${command.name}\``));
      expect(cliPage, command.name).toMatch(new RegExp(`^## agent-context ${command.name}\\b`, 'm'));
    }
  });

  it('inspect --help gives every file name read by default as the --filenames default', async () => {
    const help = (await runCliInProcess(repositoryRoot, ['inspect', '--help'])).stdout;
    const { filenames, overrides } = listInstructionFilenames();
    expect(help.replace(/\s+/g, ' ')).toContain(`(default ${filenames.join(',')}`);
    for (const [replaced, override] of overrides)
      expect(help).toContain(`${override} read in place of ${replaced}`);
  });

  it('docs/cli.md gives the whole --json shape of inspect, with the text, the catalog and the rule counts', () => {
    expect(cliPage).toContain('`{ directory, root, discovery, rendered, text, catalog, rules }`');
    expect(cliPage).toContain('`{ directory, root, rules, diagnostics, skipped, file? }`');
  });

  it('the README’s Install lists every package its examples import', () => {
    const installed = new Set(
      [...readme.matchAll(/^npm install (.+)$/gm)].flatMap(
        (match) => (match[1] ?? '').split('#')[0]?.trim().split(/\s+/) ?? [],
      ),
    );
    const { blocks } = extractCodeBlocks(readme, 'README.md');
    const imported = new Set(
      blocks
        .filter((block) => block.language === 'ts')
        .flatMap((block) => [...block.code.matchAll(/from '([^']+)'/g)].map((match) => match[1] ?? ''))
        .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
        .map((specifier) =>
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    );
    expect([...imported].filter((name) => !installed.has(name))).toEqual([]);
  });
});
