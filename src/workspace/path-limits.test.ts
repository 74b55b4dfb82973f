import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { isAgentContextError } from '../errors.js';
import { localWorkspace } from './local-workspace.js';
import { memoryWorkspace } from './memory-workspace.js';

const refusedAs = (code: string) => (error: unknown) => isAgentContextError(error) && error.code === code;

describe('path limits', () => {
  it('refuse a path deeper than 256 segments or longer than 4,096 characters, typed, in every workspace', async () => {
    const root = await useTemporaryDirectory();
    await writeFile(path.join(root, 'a.txt'), 'x');
    for (const workspace of [localWorkspace(root), memoryWorkspace({ 'a.txt': 'x' })]) {
      await expect(workspace.stat(`${'a/'.repeat(300)}x`)).rejects.toSatisfy(refusedAs('invalid-path'));
      await expect(workspace.readFile(`${'b'.repeat(5_000)}.txt`)).rejects.toSatisfy(
        refusedAs('invalid-path'),
      );
      // `..` segments count once resolved: this names a file at the top.
      expect(await workspace.stat(`${'a/'.repeat(300)}${'../'.repeat(300)}a.txt`)).toBeDefined();
      expect(await workspace.stat(`${'a/'.repeat(200)}x`)).toBeUndefined();
    }
  });
});
