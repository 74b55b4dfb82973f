import { describe, expect, it } from 'vitest';
import type { InventoryResult, InventorySkill } from './inventory-result.js';
import { inventoryCatalogSkills, renderSkillsCatalog, skillsCatalogLead } from './render-skills-catalog.js';

function skillEntry(name: string | null, description: string | null, root = '.claude'): InventorySkill {
  const folder = name ?? 'unnamed';
  return {
    path: `${root}/skills/${folder}/SKILL.md`,
    directory: `${root}/skills/${folder}`,
    name,
    description,
    attributes: {},
    duplicateOf: null,
    alsoIn: [],
    diagnostics: [],
  };
}

function inventoryOf(skills: InventorySkill[]): InventoryResult {
  return {
    roots: [
      { root: '.claude', exists: true, skills, agents: [], commands: [], settings: null, diagnostics: [] },
    ],
  };
}

const catalogOf = (skills: InventorySkill[]) => inventoryCatalogSkills(inventoryOf(skills));

const lines = (text: string) =>
  text.split('\n').filter((line) => line.startsWith('<skill>') || line.startsWith('['));

describe('renderSkillsCatalog', () => {
  it('lists name, description and location per skill in the order given, in <available_skills>', () => {
    const catalog = renderSkillsCatalog(
      catalogOf([skillEntry('b', 'Second.'), skillEntry('a', 'First\n  line.')]),
    );
    expect(catalog.text).toBe(
      [
        skillsCatalogLead,
        '<available_skills>',
        '<skill><name>b</name><description>Second.</description><location>.claude/skills/b/SKILL.md</location></skill>',
        '<skill><name>a</name><description>First line.</description><location>.claude/skills/a/SKILL.md</location></skill>',
        '</available_skills>',
      ].join('\n'),
    );
    expect(catalog).toMatchObject({ listed: 2, shortened: 0, omitted: 0 });
  });

  it('renders nothing when there is no named skill', () => {
    expect(renderSkillsCatalog(catalogOf([skillEntry(null, 'x')])).text).toBe('');
    expect(renderSkillsCatalog([]).text).toBe('');
  });

  it('leaves out a skill whose name an earlier one already has', () => {
    const later = { ...skillEntry('pdf', 'Again.', '.agents'), duplicateOf: '.claude/skills/pdf/SKILL.md' };
    const catalog = renderSkillsCatalog(catalogOf([skillEntry('pdf', 'Once.'), later]));
    expect(lines(catalog.text)).toEqual([
      '<skill><name>pdf</name><description>Once.</description><location>.claude/skills/pdf/SKILL.md</location></skill>',
    ]);
  });

  it('shortens every description to one length before dropping any skill', () => {
    const skills = ['alpha', 'beta', 'gamma'].map((name) => skillEntry(name, name.repeat(40)));
    const full = renderSkillsCatalog(catalogOf(skills)).text;
    const catalog = renderSkillsCatalog(catalogOf(skills), { maxChars: full.length - 100 });
    expect(catalog.text.length).toBeLessThanOrEqual(full.length - 100);
    expect(catalog).toMatchObject({ listed: 3, omitted: 0, shortened: 3 });
    const kept = lines(catalog.text).map((line) => /<description>(\w+)…<\/description>/.exec(line)?.[1]);
    const lengths = new Set(kept.map((description) => description?.length));
    expect(lengths.size).toBe(1);
    for (const [index, description] of kept.entries()) {
      expect(skills[index]?.description?.startsWith(description ?? '-')).toBe(true);
    }
    // The largest cut that fits: one character more per description would not.
    const cap = [...lengths][0] ?? 0;
    expect(full.length - 100 - catalog.text.length).toBeLessThan(3);
    expect(cap).toBeGreaterThan(0);
  });

  it('drops skills from the end, with a note naming the tool, only when names and paths alone do not fit', () => {
    const skills = Array.from({ length: 20 }, (_, index) => skillEntry(`skill-${index}`, 'Does things.'));
    const catalog = renderSkillsCatalog(catalogOf(skills), {
      maxChars: 600,
      toolName: 'inventory_agent_context',
    });
    expect(catalog.text.length).toBeLessThanOrEqual(600);
    expect(catalog.omitted).toBeGreaterThan(0);
    expect(catalog.listed + catalog.omitted).toBe(20);
    const listed = lines(catalog.text);
    expect(listed[0]).toBe(
      '<skill><name>skill-0</name><location>.claude/skills/skill-0/SKILL.md</location></skill>',
    );
    expect(listed.at(-1)).toBe(
      `[${catalog.omitted} more skills: call inventory_agent_context to see them all]`,
    );
  });

  it('gives the same catalog for the same inventory and budget', () => {
    const skills = Array.from({ length: 50 }, (_, index) =>
      skillEntry(`s${index}`, 'x'.repeat(index * 7 + 1)),
    );
    const first = renderSkillsCatalog(catalogOf(skills), { maxChars: 5000 });
    expect(renderSkillsCatalog(catalogOf(skills), { maxChars: 5000 })).toEqual(first);
    expect(first.text.length).toBeLessThanOrEqual(5000);
    expect(first.listed).toBe(50);
  });

  it('leaves out, with a reason each, a skill with an invalid name, without a description, or not model-invocable', () => {
    const manual = { ...skillEntry('deploy', 'Deploy.'), attributes: { 'disable-model-invocation': true } };
    const excluded: Array<{ path: string; message: string }> = [];
    const listed = inventoryCatalogSkills(
      inventoryOf([skillEntry('Bad_Name', 'x'), skillEntry('bare', null), manual, skillEntry('ok', 'Fine.')]),
      excluded,
    );
    expect(listed.map((skill) => skill.name)).toEqual(['ok']);
    expect(excluded).toEqual([
      {
        path: '.claude/skills/Bad_Name/SKILL.md',
        message:
          'Skill .claude/skills/Bad_Name/SKILL.md is not in the catalog: its name "Bad_Name" breaks the Agent Skills naming rule.',
      },
      {
        path: '.claude/skills/bare/SKILL.md',
        message:
          'Skill .claude/skills/bare/SKILL.md is not in the catalog: it has no `description`, which the model needs to choose it.',
      },
      {
        path: '.claude/skills/deploy/SKILL.md',
        message:
          'Skill .claude/skills/deploy/SKILL.md is not in the catalog: `disable-model-invocation: true` (only the user invokes it).',
      },
    ]);
  });

  it('escapes markup in names, descriptions and locations, and uses the lead given', () => {
    const catalog = renderSkillsCatalog(
      [{ name: 'a&b', description: 'Use <b> & </description> tags.', location: 'x/<y>/SKILL.md' }],
      { lead: 'Call load_skill.' },
    );
    expect(catalog.text.split('\n')).toEqual([
      'Call load_skill.',
      '<available_skills>',
      '<skill><name>a&amp;b</name><description>Use &lt;b&gt; &amp; &lt;/description&gt; tags.</description><location>x/&lt;y&gt;/SKILL.md</location></skill>',
      '</available_skills>',
    ]);
  });

  it('renders nothing when not even one skill fits', () => {
    expect(renderSkillsCatalog(catalogOf([skillEntry('a', 'b')]), { maxChars: 20 })).toMatchObject({
      text: '',
      listed: 0,
      omitted: 1,
    });
  });
});
