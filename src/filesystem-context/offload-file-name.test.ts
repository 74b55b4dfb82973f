import { describe, expect, it } from 'vitest';
import { offloadFileName, parseOffloadFileName } from './offload-file-name.js';

describe('offloadFileName', () => {
  it('names the file after the tool and the call id', () => {
    expect(offloadFileName('bash', 'call_1')).toBe('bash-call_1.txt');
    expect(offloadFileName('bash', 'call_1', 3)).toBe('bash-call_1.3.txt');
  });

  it('replaces characters that are unsafe in a file name, and hyphens in the tool part', () => {
    expect(offloadFileName('mcp/server.search-web', '../../etc/passwd')).toBe(
      'mcp_server_search_web-______etc_passwd.txt',
    );
    expect(offloadFileName('', '')).toBe('_-_.txt');
    expect(offloadFileName('t', 'a\0b c\\d')).toBe('t-a_b_c_d.txt');
  });

  it('caps very long tool names and call ids', () => {
    const name = offloadFileName('t'.repeat(500), 'c'.repeat(500));
    expect(name).toBe(`${'t'.repeat(64)}-${'c'.repeat(128)}.txt`);
  });

  it('reads back what it wrote, and nothing else', () => {
    expect(parseOffloadFileName(offloadFileName('web-search', 'toolu-01-x', 2))).toEqual({
      toolName: 'web_search',
      callId: 'toolu-01-x',
      attempt: 2,
    });
    expect(parseOffloadFileName('bash-call_1.txt')).toEqual({
      toolName: 'bash',
      callId: 'call_1',
      attempt: 1,
    });
    for (const other of ['notes.txt', 'bash-call.md', '.bash-x.txt', 'bash-.txt', 'bash-x.0.txt', 'README']) {
      expect(parseOffloadFileName(other)).toBeUndefined();
    }
  });
});
