import { describe, expect, it } from 'vitest';
import { makeRulesRepository } from '../../rules/rules-fixture.test-support.js';
import type { ContextEvent } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { ScriptedConversation, startsWith } from '../../session/scripted-conversation.test-support.js';
import { fileTools } from '../../tools/file-tools.js';
import { projectInstructions } from '../project-instructions.js';
import { type NestedInstructionsOptions, nestedInstructions } from './nested-instructions.js';

async function conversation(options: NestedInstructionsOptions = {}) {
  const { workspace } = await makeRulesRepository();
  const session = createContextSession({
    workspace,
    capabilities: [projectInstructions(), fileTools(), nestedInstructions(options)],
  });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  const run = await session.startRun();
  return { chat: new ScriptedConversation(session, run), events, run };
}

const rulesIn = (line: string) =>
  [...line.matchAll(/<context-file path="([^"]+)">/g)].map((match) => match[1]);

describe('files rules delivered on touch', () => {
  it('delivers exactly the matching rules once each, right after the matching tool results, prefix unchanged', async () => {
    const { chat, events, run } = await conversation();
    const system = run.instructions;
    const prompts: string[][] = [chat.prompt()];
    for (const file of [
      'packages/api/src/a.ts',
      'web/b.tsx',
      'packages/api/src/c.ts',
      'packages/api/src/db/query.ts',
    ]) {
      await chat.call('read_file', { path: file });
      prompts.push(chat.prompt());
    }
    for (let index = 1; index < prompts.length; index += 1)
      expect(startsWith(prompts[index]!, prompts[index - 1]!)).toBe(true);
    expect(run.instructions).toBe(system);
    const last = prompts.at(-1)!;
    const hidden = last
      .map((line, index) => [index, line] as const)
      .filter(([, line]) => line.startsWith('hidden: '));
    expect(
      hidden.map(([index, line]) => [last[index - 1]!.split('\n')[0]!.slice(0, 40), rulesIn(line)]),
    ).toEqual([
      ['tool: export const a = 1;', ['.claude/rules/api/handlers.md']],
      ['tool: export const B = () => null;', ['.cursor/rules/react.mdc']],
      ['tool: export const query = 1;', ['.kiro/steering/database.md']],
    ]);
    expect(hidden[0]![1]).toContain('Handlers validate their input with zod before any work.');
    const loaded = events.filter(
      (event) => event.type === 'loaded' && event.capability === 'nested-instructions',
    );
    expect(loaded.map((event) => [event.reason, event.path, event.trigger])).toEqual([
      [
        'rule',
        '.claude/rules/api/handlers.md',
        'read_file packages/api/src/a.ts (call_1) matched packages/api/**/*.ts',
      ],
      ['rule', '.cursor/rules/react.mdc', 'read_file web/b.tsx (call_2) matched web/**/*.tsx'],
      [
        'rule',
        '.kiro/steering/database.md',
        'read_file packages/api/src/db/query.ts (call_4) matched packages/api/src/db/**',
      ],
    ]);
  });

  it('appends the rule to the tool result with in-tool-result, and names it in pointer mode', async () => {
    const inResult = await conversation({ delivery: 'in-tool-result' });
    const result = await inResult.chat.call('read_file', { path: 'web/b.tsx' });
    expect(result.output).toContain('<context-file path=".cursor/rules/react.mdc">');
    const pointer = await conversation({ inject: 'pointer' });
    await pointer.chat.call('read_file', { path: 'web/b.tsx' });
    pointer.chat.prompt();
    expect(pointer.chat.hiddenTexts()).toEqual([
      '<repo-context>The rule .cursor/rules/react.mdc (cursor) applies to files matching web/**/*.tsx (React components). Read it if relevant to your task.</repo-context>',
    ]);
  });

  it('delivers a manual or described rule when the user writes @name, once', async () => {
    const { chat, events } = await conversation();
    await chat.user('Before the release, see @history and @release please.');
    await chat.user('Again @history.');
    chat.prompt();
    expect(chat.hiddenTexts().map(rulesIn)).toEqual([
      ['.cursor/rules/history.mdc', '.cursor/rules/release.mdc'],
    ]);
    expect(
      events.filter(
        (event) =>
          event.reason === 'rule' && event.type === 'loaded' && event.trigger?.startsWith('user input'),
      ),
    ).toHaveLength(2);
  });

  it('delivers no rule with formats: []', async () => {
    const { chat } = await conversation({ formats: [] });
    await chat.call('read_file', { path: 'web/b.tsx' });
    chat.prompt();
    expect(chat.hiddenTexts()).toEqual([]);
  });
});
