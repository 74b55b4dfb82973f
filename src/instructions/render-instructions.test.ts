import { describe, expect, it } from 'vitest';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import { discoverInstructions } from './discover-instructions.js';
import { renderContextFiles } from './render.js';
import { renderInstructions } from './render-instructions.js';

async function discover(files: Record<string, string>, cwd = 'app') {
  return discoverInstructions({ workspace: memoryWorkspace({ '.git/HEAD': '', ...files }, { cwd }) });
}

const blockLength = (label: string, body: string) => renderContextFiles([{ label, text: body }]).length;

describe('renderInstructions', () => {
  it('renders every file in precedence order when under the budget', async () => {
    const discovery = await discover({ 'AGENTS.md': 'root\n', 'app/AGENTS.md': 'app\n' });
    const rendered = renderInstructions(discovery);
    expect(rendered.text).toBe(renderContextFiles(discovery.items));
    expect(rendered.characters).toBe(rendered.text.length);
    expect(rendered.maxChars).toBe(32_000);
    expect(rendered.cut).toEqual([]);
    expect(rendered.omitted).toEqual([]);
    expect(rendered.diagnostics).toEqual([]);
  });

  it('keeps the workspace file whole and cuts the ancestor with a marker when over maxChars', async () => {
    const discovery = await discover({ 'AGENTS.md': 'a'.repeat(500), 'app/AGENTS.md': 'b'.repeat(100) });
    const maxChars = blockLength('AGENTS.md', 'b'.repeat(100)) + 2 + 200;
    const rendered = renderInstructions(discovery, { maxChars });
    expect(rendered.text.length).toBeLessThanOrEqual(maxChars);
    expect(rendered.text).toContain(`${'b'.repeat(100)}\n</context-file>`);
    const [cut] = rendered.cut;
    expect(cut?.label).toBe('../AGENTS.md');
    expect(cut!.keptCharacters + cut!.omittedCharacters).toBe(discovery.items[0]!.characters);
    expect(rendered.text).toContain(
      `${'a'.repeat(cut!.keptCharacters)}\n[truncated: ${cut!.omittedCharacters} characters of ../AGENTS.md omitted]\n</context-file>`,
    );
    expect(rendered.text.indexOf('../AGENTS.md')).toBeLessThan(rendered.text.indexOf('path="AGENTS.md"'));
    expect(rendered.diagnostics).toMatchObject([
      { severity: 'warning', code: 'truncated', path: '../AGENTS.md' },
    ]);
  });

  it('names a file that cannot fit at all in a final note', async () => {
    const discovery = await discover({ 'AGENTS.md': 'r'.repeat(300), 'app/AGENTS.md': 'w'.repeat(100) });
    const maxChars = blockLength('AGENTS.md', 'w'.repeat(100)) + 80;
    const rendered = renderInstructions(discovery, { maxChars });
    expect(rendered.text).toBe(
      `${renderContextFiles([{ label: 'AGENTS.md', text: 'w'.repeat(100) }])}\n\n` +
        `[not loaded, over the budget of ${maxChars} characters: ../AGENTS.md]`,
    );
    expect(rendered.text.length).toBeLessThanOrEqual(maxChars);
    expect(rendered.omitted.map((file) => file.label)).toEqual(['../AGENTS.md']);
    expect(rendered.diagnostics).toMatchObject([
      { severity: 'error', code: 'over-budget', path: '../AGENTS.md' },
    ]);
  });

  it('cuts the workspace file itself when it alone is over the budget', async () => {
    const discovery = await discover({ 'app/AGENTS.md': 'x'.repeat(1000) });
    const rendered = renderInstructions(discovery, { maxChars: 300 });
    expect(rendered.text.length).toBeLessThanOrEqual(300);
    expect(rendered.cut.map((file) => file.label)).toEqual(['AGENTS.md']);
    expect(rendered.text).toMatch(/\[truncated: \d+ characters of AGENTS\.md omitted\]\n<\/context-file>$/);
  });

  it('never splits a surrogate pair when cutting', async () => {
    const emoji = '\u{1F600}';
    const discovery = await discover({ 'app/AGENTS.md': emoji.repeat(200) });
    for (let maxChars = 120; maxChars < 140; maxChars += 1) {
      const text = renderInstructions(discovery, { maxChars }).text;
      expect(text.length).toBeLessThanOrEqual(maxChars);
      expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });

  it('gives imports the priority of the walk-up file that imported them', async () => {
    const discovery = await discover({
      'AGENTS.md': 'r'.repeat(200),
      'app/AGENTS.md': 'app @guide.md',
      'app/guide.md': 'g'.repeat(200),
    });
    const nearest = blockLength('AGENTS.md', 'app @guide.md') + 2 + blockLength('guide.md', 'g'.repeat(200));
    const rendered = renderInstructions(discovery, { maxChars: nearest + 150 });
    expect(rendered.files.map((file) => [file.label, file.status])).toEqual([
      ['../AGENTS.md', 'cut'],
      ['AGENTS.md', 'whole'],
      ['guide.md', 'whole'],
    ]);
  });

  it('within one directory keeps files whole in precedence order, AGENTS.md before CLAUDE.md', async () => {
    const discovery = await discover({
      'AGENTS.md': 'a'.repeat(100),
      'CLAUDE.md': 'c'.repeat(100),
      'app/AGENTS.md': 'app',
    });
    const maxChars = blockLength('AGENTS.md', 'app') + 2 + blockLength('../AGENTS.md', 'a'.repeat(100)) + 130;
    const rendered = renderInstructions(discovery, { maxChars });
    expect(rendered.files.map((file) => [file.label, file.status])).toEqual([
      ['../AGENTS.md', 'whole'],
      ['../CLAUDE.md', 'cut'],
      ['AGENTS.md', 'whole'],
    ]);
    expect(rendered.cut[0]!.keptCharacters + rendered.cut[0]!.omittedCharacters).toBe(100);
  });

  it('renders nothing for no files', () => {
    expect(renderInstructions({ items: [] }).text).toBe('');
  });

  it('throws for a maxChars that cannot work', () => {
    expect(() => renderInstructions({ items: [] }, { maxChars: 0 })).toThrow(/maxChars/);
  });
});
