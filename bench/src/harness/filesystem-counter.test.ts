import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFilesystemCounter } from './filesystem-counter.js';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'bench-counter-'));
  writeFileSync(join(directory, 'a.txt'), 'a');
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

describe('installFilesystemCounter', () => {
  it('counts calls made through ESM named imports of node:fs and node:fs/promises', async () => {
    const counter = installFilesystemCounter();
    try {
      await stat(join(directory, 'a.txt'));
      await readFile(join(directory, 'a.txt'));
      existsSync(join(directory, 'missing'));
      expect(counter.total()).toBe(3);
      expect(counter.counts.get('promises.stat')).toBe(1);
      expect(counter.counts.get('existsSync')).toBe(1);
      counter.reset();
      expect(counter.total()).toBe(0);
    } finally {
      counter.uninstall();
    }
  });

  it('stops counting once uninstalled', async () => {
    const counter = installFilesystemCounter();
    counter.uninstall();
    await stat(directory);
    expect(counter.total()).toBe(0);
  });
});
