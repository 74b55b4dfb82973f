import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRepository } from './generate-repository.js';

function countFiles(directory: string): number {
  let count = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countFiles(join(directory, entry.name));
    else count += 1;
  }
  return count;
}

describe('generateRepository', () => {
  it('writes every planned file with its planned text, and removes the tree', () => {
    const repository = generateRepository({
      seed: 4,
      packages: 3,
      directories: 30,
      instructionFiles: 6,
      otherFiles: 120,
    });
    try {
      expect(countFiles(repository.root)).toBe(repository.files.size);
      for (const path of [...repository.instructionFiles, 'CLAUDE.md', '.claude/settings.json']) {
        expect(readFileSync(join(repository.root, path), 'utf8')).toBe(repository.files.get(path));
      }
      expect(existsSync(join(repository.root, '.git'))).toBe(true);
    } finally {
      repository.remove();
    }
    expect(existsSync(repository.root)).toBe(false);
  });
});
