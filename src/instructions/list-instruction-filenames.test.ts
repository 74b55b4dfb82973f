import { describe, expect, it } from 'vitest';
import { instructionDefaults } from './discover-instructions.js';
import { listInstructionFilenames } from './list-instruction-filenames.js';

describe('listInstructionFilenames', () => {
  it('starts with the default names, then adds each format’s own files once', () => {
    const { filenames } = listInstructionFilenames();
    expect(filenames.slice(0, instructionDefaults.filenames.length)).toEqual(instructionDefaults.filenames);
    expect(filenames).toContain('GEMINI.md');
    expect(new Set(filenames).size).toBe(filenames.length);
  });

  it('reads the override in place of its file only with the format that names it', () => {
    expect(listInstructionFilenames({ formats: ['codex'] })).toEqual({
      filenames: ['AGENTS.md', 'CLAUDE.md'],
      overrides: new Map([['AGENTS.md', 'AGENTS.override.md']]),
    });
    expect(listInstructionFilenames({ formats: [] }).overrides.size).toBe(0);
  });

  it('refuses an unknown format name', () => {
    expect(() => listInstructionFilenames({ formats: ['nope' as 'codex'] })).toThrow(/nope/);
  });
});
