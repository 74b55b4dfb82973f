import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diagnosticCodes } from './diagnostic-codes.js';
import { renderDiagnosticsPage } from './diagnostics-page.test-support.js';
import { errorCodes } from './error-codes.js';

const root = new URL('../', import.meta.url);
const pageUrl = new URL('docs/diagnostics.md', root);

/** The text of every source file that can report a code: not the catalogues, not the tests. */
function reportingSources(): string {
  const files = execFileSync('git', ['ls-files', 'src'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file.endsWith('.ts') && !/\.test(-support)?\.ts$|\.test\.ts$/.test(file))
    .filter((file) => file !== 'src/diagnostic-codes.ts' && file !== 'src/error-codes.ts');
  return files.map((file) => readFileSync(new URL(file, root), 'utf8')).join('\n');
}

describe('docs/diagnostics.md', () => {
  it('is written from the catalogues of diagnostic and error codes', () => {
    const expected = renderDiagnosticsPage();
    if (process.env.UPDATE_DOCS === '1') writeFileSync(pageUrl, expected);
    expect(readFileSync(pageUrl, 'utf8')).toBe(expected);
  });

  it('names in its tables exactly the codes of the two unions', () => {
    const page = readFileSync(pageUrl, 'utf8');
    const section = (title: string) => page.split(`## ${title}`)[1]?.split('\n## ')[0] ?? '';
    const codesOf = (text: string) => [...text.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((match) => match[1]);
    expect(codesOf(section('Diagnostic codes'))).toEqual(Object.keys(diagnosticCodes));
    expect(codesOf(section('Error codes'))).toEqual(Object.keys(errorCodes));
  });
});

describe('the code catalogues', () => {
  const sources = reportingSources();

  it('hold no dead code: every code is written in the source that reports it', () => {
    const dead = [...Object.keys(diagnosticCodes), ...Object.keys(errorCodes)].filter(
      (code) => !sources.includes(`'${code}'`),
    );
    expect(dead).toEqual([]);
  });

  it('give every code a severity, a meaning and a fix, each a sentence', () => {
    for (const [code, entry] of [...Object.entries(diagnosticCodes), ...Object.entries(errorCodes)]) {
      expect(code).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      expect(entry.meaning, code).toMatch(/^[A-Z`].*\.$/);
      expect(entry.fix, code).toMatch(/^[A-Z`].*\.$/);
    }
    for (const entry of Object.values(diagnosticCodes)) expect(entry.severity.length).toBeGreaterThan(0);
  });
});
