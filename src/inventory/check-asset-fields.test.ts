import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../frontmatter/parse-frontmatter.js';
import { checkAssetFields, isValidSkillName } from './check-asset-fields.js';

const codes = (data: Record<string, unknown>, folderName?: string) =>
  checkAssetFields(data, {
    label: 'x',
    kind: 'skill',
    ...(folderName ? { folderName } : {}),
  }).diagnostics.map((diagnostic) => diagnostic.code);

describe('checkAssetFields', () => {
  it('accepts a valid name and description and keeps the other keys apart', () => {
    const checked = checkAssetFields(
      { name: 'pdf-tools-2', description: 'Works with PDFs.', license: 'MIT', 'allowed-tools': ['Read'] },
      { label: 'x', kind: 'skill', folderName: 'pdf-tools-2' },
    );
    expect(checked).toEqual({
      name: 'pdf-tools-2',
      description: 'Works with PDFs.',
      attributes: { license: 'MIT', 'allowed-tools': ['Read'] },
      diagnostics: [],
    });
  });

  it('refuses uppercase letters, underscores, and leading, trailing or double hyphens', () => {
    for (const name of ['PDF', 'pdf_tools', '-pdf', 'pdf-', 'pdf--tools', 'pdf tools']) {
      expect(codes({ name, description: 'd' }, name)).toEqual(['invalid-name']);
    }
  });

  it('accepts a name of 64 characters and refuses one of 65', () => {
    expect(codes({ name: 'a'.repeat(64), description: 'd' })).toEqual([]);
    expect(codes({ name: 'a'.repeat(65), description: 'd' })).toEqual(['name-too-long']);
  });

  it('requires the name to equal the folder name', () => {
    expect(codes({ name: 'pdf', description: 'd' }, 'pdfs')).toEqual(['name-folder-mismatch']);
  });

  it('accepts a description of 1,024 characters and refuses 1,025 or an empty one', () => {
    expect(codes({ name: 'a', description: 'é'.repeat(1024) })).toEqual([]);
    expect(codes({ name: 'a', description: 'd'.repeat(1025) })).toEqual(['description-too-long']);
    expect(codes({ name: 'a', description: '  ' })).toEqual(['invalid-description']);
  });

  it('leaves a sub-agent description of any length alone: the 1,024 limit is the skills specification’s', () => {
    const long = 'd'.repeat(5000);
    expect(
      checkAssetFields({ name: 'reviewer', description: long }, { label: 'x', kind: 'agent' }).diagnostics,
    ).toEqual([]);
    expect(codes({ name: 'a', description: long })).toEqual(['description-too-long']);
  });

  it('reports missing and non-string fields without throwing', () => {
    expect(codes({})).toEqual(['missing-name', 'missing-description']);
    const checked = checkAssetFields({ name: 42, description: ['a'] }, { label: 'x', kind: 'agent' });
    expect(checked.name).toBeNull();
    expect(checked.description).toBeNull();
    expect(checked.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'The agent `name` must be a string, not a number.',
      'The agent `description` must be a string, not a list.',
    ]);
  });

  it('names an agent without `name` after its file when given that name, with no missing-name warning', () => {
    const checked = checkAssetFields(
      { description: 'Plans the work.' },
      { label: '.opencode/agent/planner.md', kind: 'agent', nameWhenMissing: 'planner' },
    );
    expect(checked).toMatchObject({ name: 'planner', diagnostics: [] });
    expect(
      checkAssetFields(
        { name: 'lead', description: 'd' },
        { label: 'x', kind: 'agent', nameWhenMissing: 'x' },
      ).name,
    ).toBe('lead');
  });

  it('does not report missing fields when told the frontmatter was already reported broken', () => {
    expect(checkAssetFields({}, { label: 'x', kind: 'skill', requireFields: false }).diagnostics).toEqual([]);
  });

  it('accepts lowercase letters of any script, as the specification and its validator do', () => {
    for (const name of ['café', 'данные', '数据-工具', 'über-2']) {
      expect(codes({ name, description: 'd' }, name)).toEqual([]);
      expect(isValidSkillName(name)).toBe(true);
    }
    for (const name of ['Café', 'DATEN', 'a.b', 'a/b', 'a_b', 'a b', ''])
      expect(isValidSkillName(name)).toBe(false);
    expect(codes({ name: 'Café', description: 'd' }, 'Café')).toEqual(['invalid-name']);
  });

  it('reads name, description and compatibility as the text written', () => {
    const parsed = parseFrontmatter(
      '---\nname: 123\ndescription: 1.50\ncompatibility: 2.0\n---\n',
      'SKILL.md',
    );
    expect(parsed.written).toEqual({ name: '123', description: '1.50', compatibility: '2.0' });
    const checked = checkAssetFields(parsed.data, {
      label: 'x',
      kind: 'skill',
      folderName: '123',
      ...(parsed.written ? { written: parsed.written } : {}),
    });
    expect(checked.name).toBe('123');
    expect(checked.description).toBe('1.50');
    expect(checked.diagnostics).toEqual([]);
  });

  it('checks compatibility: 1-500 characters when given', () => {
    expect(codes({ name: 'a', description: 'd', compatibility: 'x'.repeat(500) })).toEqual([]);
    expect(codes({ name: 'a', description: 'd', compatibility: 'x'.repeat(501) })).toEqual([
      'compatibility-too-long',
    ]);
    expect(codes({ name: 'a', description: 'd', compatibility: '' })).toEqual(['invalid-compatibility']);
    expect(codes({ name: 'a', description: 'd', compatibility: ['node'] })).toEqual([
      'invalid-compatibility',
    ]);
  });
});
