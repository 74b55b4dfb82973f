import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../support/cli.js';
import { extractCodeBlocks } from './code-blocks.js';

// The configuration examples of the docs (a client's JSON or TOML settings) are read the way the
// client reads them: a block that does not parse fails here.

const pages = [
  'README.md',
  ...readdirSync(join(repositoryRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const blocks = pages.flatMap(
  (page) => extractCodeBlocks(readFileSync(join(repositoryRoot, page), 'utf8'), page).blocks,
);
const parsers: Record<string, (text: string) => unknown> = { json: JSON.parse, toml: parseToml };
const configBlocks = blocks
  .filter((block) => block.language in parsers)
  .map((block) => ({ block, where: `${block.file}:${block.line}` }));

describe('the configuration examples of the docs', () => {
  it('include the MCP clients’ settings files', () => {
    expect(configBlocks.filter(({ block }) => block.file === 'docs/mcp.md').length).toBeGreaterThanOrEqual(7);
  });

  it.each(configBlocks)('$where parses', ({ block }) => {
    expect(() => parsers[block.language]?.(block.code)).not.toThrow();
  });
});
