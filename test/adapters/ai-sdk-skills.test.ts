import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { withContext } from '../../src/adapters/ai-sdk/index.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import type { ContextEvent } from '../../src/session/capability.js';
import { createContextSession } from '../../src/session/context-session.js';
import { skills } from '../../src/skills/skills.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { describePrompt, majors, modes, runAgent } from './ai-sdk-majors.js';
import { type MockTurn, type ModelCallOptions, newestResult } from './scripted-mock-model.js';

/** A repository with skills in two roots, one shadowed, one broken, and nested instructions in a skill. */
const files: Record<string, string> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'AGENTS.md': '# Rules\nKeep answers short.\n',
  '.claude/skills/release/SKILL.md':
    '---\nname: release\ndescription: Cut a release of the package. Use when the user asks to ship or publish.\n' +
    'allowed-tools: Read Bash(npm version:*)\ncompatibility: Needs npm 10 or later.\n---\n\n' +
    '# Release\n\nFollow checklist.md step by step, then run scripts/bump.sh.\n',
  '.claude/skills/release/checklist.md': '1. Update the changelog.\n2. Tag the commit.\n',
  '.claude/skills/release/scripts/bump.sh': '#!/bin/sh\nnpm version "$1"\n',
  '.claude/skills/release/AGENTS.md': '# Release folder\nSign every tag.\n',
  '.claude/skills/pdf-forms/SKILL.md':
    '---\nname: pdf-forms\ndescription: Fill PDF forms.\n---\n# PDF forms\n',
  '.agents/skills/changelog/SKILL.md':
    '---\nname: changelog\ndescription: Write changelog entries: one line per change.\n---\n# Changelog\n',
  '.agents/skills/release/SKILL.md':
    '---\nname: release\ndescription: The old release process.\n---\n# Old release\nDo not use.\n',
  '.agents/skills/broken/SKILL.md': '---\nname: broken\ndescription: never closed\n# Broken\n',
};

let root: string;
beforeEach(async () => {
  root = await useTemporaryDirectory('agent-context-skills-');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
});

/** The text of the system message holding the catalog. */
function catalogOf(call: ModelCallOptions): string {
  const system = call.prompt.filter((message) => message.role === 'system');
  return String(system.find((message) => String(message.content).includes('<available_skills>'))?.content);
}

/**
 * A model that acts on what it is sent, like a real one would: it picks the release skill from the
 * catalog, loads it, then reads the bundled file its body names, at the path the header tells it to use.
 */
function skillUser(call: ModelCallOptions, index: number): MockTurn {
  if (index === 0) {
    const name = /<name>(release)<\/name>/.exec(catalogOf(call))?.[1] ?? 'missing';
    return { toolCalls: [{ id: 'call_1', name: 'load_skill', input: { name } }] };
  }
  if (index === 1) {
    // The body names checklist.md; the header says relative paths start at the skill folder.
    const loaded = newestResult(call, 'load_skill');
    const directory = /relative to (\S+)\. Read a bundled file with read_file/.exec(loaded)?.[1];
    const bundled = [...loaded.matchAll(/^- (\S+)$/gm)].map((match) => match[1]!);
    const body = loaded.slice(loaded.indexOf('\n\n'));
    const file = bundled.find((name) => body.includes(name)) ?? 'missing';
    return { toolCalls: [{ id: 'call_2', name: 'read_file', input: { path: `${directory}/${file}` } }] };
  }
  return { text: 'Released.' };
}

for (const major of majors) {
  for (const mode of modes) {
    describe(`skills through the ai-sdk adapter (${major.name}, ${mode})`, () => {
      const startSession = (events: ContextEvent[]) => {
        const session = createContextSession({
          workspace: localWorkspace(root),
          capabilities: [projectInstructions(), fileTools(), nestedInstructions(), skills()],
        });
        session.on((event) => events.push(event));
        const { model, calls } = major.createModel(skillUser);
        const agent = new major.ToolLoopAgent(withContext(session, { model, instructions: 'Host.' }));
        return { session, agent, calls };
      };

      it('lists the catalog, loads a skill, reads its bundled file, and keeps the catalog bytes across sessions', async () => {
        const events: ContextEvent[] = [];
        const first = startSession(events);
        const result = await runAgent(first.agent, mode, { prompt: 'Ship version 1.2.' });
        expect(result.text).toBe('Released.');

        const catalog = catalogOf(first.calls[0]!);
        expect(catalog.split('\n').filter((line) => line.startsWith('<skill>'))).toEqual([
          '<skill><name>pdf-forms</name><description>Fill PDF forms.</description><location>.claude/skills/pdf-forms/SKILL.md</location></skill>',
          '<skill><name>release</name><description>Cut a release of the package. Use when the user asks to ship or publish.</description><location>.claude/skills/release/SKILL.md</location></skill>',
          '<skill><name>changelog</name><description>Write changelog entries: one line per change.</description><location>.agents/skills/changelog/SKILL.md</location></skill>',
        ]);
        for (const call of first.calls) expect(catalogOf(call)).toBe(catalog);

        // The nearer release skill (.claude) shadows the .agents one.
        const loaded = newestResult(first.calls[1]!, 'load_skill');
        expect(loaded).toContain('[skill release from .claude/skills/release]');
        expect(loaded).toContain(
          'allowed-tools (declared by the skill, not enforced): Read Bash(npm version:*)',
        );
        expect(loaded).toContain('compatibility: Needs npm 10 or later.');
        expect(loaded).toContain('Bundled files (3):\n- AGENTS.md\n- checklist.md\n- scripts/bump.sh');
        expect(loaded).toMatch(
          /\n\n# Release\n\nFollow checklist\.md step by step, then run scripts\/bump\.sh\.$/,
        );
        expect(loaded).not.toContain('name: release');
        expect(loaded).not.toContain('Old release');

        // The bundled file is read with read_file at the path the header gave.
        expect(newestResult(first.calls[2]!, 'read_file')).toBe(
          '1. Update the changelog.\n2. Tag the commit.\n',
        );

        // Loading touched the skill folder: its AGENTS.md surfaced right after the load_skill result.
        const seen = describePrompt(first.calls[1]!).filter((message) => message.role !== 'system');
        const nested = seen.findIndex((message) => message.text.includes('Sign every tag.'));
        expect(nested).toBeGreaterThan(0);
        expect(seen[nested]!.role).toBe('user');
        expect(seen[nested - 1]!.text).toContain('[result call_1]');

        const skipped = events.filter((event) => event.type === 'skipped' && event.reason === 'skill');
        expect(skipped.map((event) => event.path).sort()).toEqual([
          '.agents/skills/broken/SKILL.md',
          '.agents/skills/release/SKILL.md',
        ]);
        expect(skipped.find((event) => event.path?.includes('broken'))?.message).toContain('no closing');
        expect(events).toContainEqual(
          expect.objectContaining({
            type: 'loaded',
            reason: 'skill',
            path: '.claude/skills/release/SKILL.md',
          }),
        );
        expect(first.session.describe()).toContain(
          '- .claude/skills/release/SKILL.md (skill, after load_skill release (call_1))',
        );

        const second = startSession([]);
        await runAgent(second.agent, mode, { prompt: 'Ship version 1.3.' });
        expect(catalogOf(second.calls[0]!)).toBe(catalog);
      });
    });
  }
}
