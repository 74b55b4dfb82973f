import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTestRepository } from '../../../test/support/test-repository.js';
import type { ContextEvent } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { ScriptedConversation, startsWith } from '../../session/scripted-conversation.test-support.js';
import { fileTools } from '../../tools/file-tools.js';
import { recordingWorkspace } from '../../workspace/recording-workspace.js';
import { projectInstructions } from '../project-instructions.js';
import { type NestedInstructionsOptions, nestedInstructions } from './nested-instructions.js';

// A monorepo whose API package keeps its own Cursor rules (one of every kind, and the mistakes real
// folders have), a web package whose rules the agent never gets near, and Windsurf rules in a
// second package.
const files: Record<string, string> = {
  'AGENTS.md': 'Use pnpm for every script.\n',
  '.cursor/rules/tone.mdc': '---\nalwaysApply: true\n---\nWrite commit messages in the imperative mood.\n',
  'packages/api/.cursor/rules/conventions.mdc':
    '---\nalwaysApply: true\n---\nEndpoints return a typed result; nothing is thrown across the HTTP boundary.\n',
  'packages/api/.cursor/rules/handlers.mdc':
    '---\nglobs: src/**/*.ts\n---\nA handler logs the request id before anything else.\n',
  'packages/api/.cursor/rules/migrations.mdc':
    '---\ndescription: Writing or changing a database migration.\n---\nEvery migration can be rolled back; test the rollback.\n',
  'packages/api/.cursor/rules/oncall.mdc': 'Page the API on-call through the ops channel, never by phone.\n',
  'packages/api/.cursor/rules/broken.mdc': '---\nglobs: "src/[oops"\n---\nThis glob never closes.\n',
  'packages/api/.cursor/rules/odd-copy.mdc':
    '---\nalwaysApply: true\n---\nWrite commit messages in the imperative mood.\n',
  'packages/api/.cursor/rules/blob.mdc': 'binary\u0000content\n',
  'packages/api/src/server.ts': 'export const server = 1;\n',
  'packages/api/src/routes.ts': 'export const routes = 2;\n',
  'packages/api/README.md': '# API\n',
  'packages/api/test/server.test.ts': 'test();\n',
  'packages/billing/.windsurf/rules/sql.md':
    '---\ntrigger: glob\nglobs: "**/*.sql"\n---\nSQL keywords are upper case.\n',
  'packages/billing/db/invoices.sql': 'SELECT 1;\n',
  'packages/billing/index.ts': 'export {};\n',
  'web/.cursor/rules/web.mdc': '---\nalwaysApply: true\n---\nThe web app never imports from packages/api.\n',
  'web/app.tsx': 'export const App = () => null;\n',
};

async function conversation(options: NestedInstructionsOptions = {}, extra: Record<string, string> = {}) {
  const repository = await makeTestRepository(
    { ...files, ...extra },
    {
      'packages/api/.cursor/rules/outside.mdc': '../../../../../outside.mdc',
      'packages/api/.cursor/rules/again': '.',
    },
  );
  await mkdir(path.join(repository.root, '.git'));
  await writeFile(path.join(repository.base, 'outside.mdc'), 'A rule from outside the repository.\n');
  const workspace = recordingWorkspace(repository.workspace);
  const session = createContextSession({
    workspace,
    capabilities: [projectInstructions(), fileTools(), nestedInstructions(options)],
  });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  const run = await session.startRun();
  workspace.clearCalls();
  return { chat: new ScriptedConversation(session, run), events, run, session, workspace, repository };
}

const blocksIn = (text: string) =>
  [...text.matchAll(/<context-file path="([^"]+)">/g)].map((match) => match[1]);
const ruleEvents = (events: ContextEvent[]) =>
  events
    .filter((event) => event.reason === 'rule' && event.capability === 'nested-instructions')
    .map((event) => [event.type, event.path, event.diagnostic?.code ?? event.trigger]);

describe('rule folders of subfolders below the working directory', () => {
  it('finds a package’s .cursor/rules on the first touch and delivers what applies right after that tool result', async () => {
    const { chat, events, run } = await conversation();
    const system = run.instructions;
    await chat.call('read_file', { path: 'packages/api/src/server.ts' });
    const [hidden, ...others] = chat.prompt().filter((line) => line.startsWith('hidden: '));
    expect(others).toEqual([]);
    expect(blocksIn(hidden!)).toEqual([
      'packages/api/.cursor/rules/conventions.mdc',
      'packages/api/.cursor/rules/handlers.mdc',
    ]);
    expect(hidden).toContain('nothing is thrown across the HTTP boundary');
    expect(hidden).toContain('A handler logs the request id before anything else.');
    // The described rule is named with its description and path, not inlined.
    expect(hidden).toContain(
      '- packages/api/.cursor/rules/migrations.mdc: Writing or changing a database migration.',
    );
    expect(hidden).not.toContain('test the rollback');
    expect(hidden).not.toContain('on-call');
    // It sits right after the tool result that found it.
    const prompt = chat.prompts.at(-1)!;
    expect(prompt[prompt.indexOf(`hidden: ${hidden!.slice('hidden: '.length)}`) - 1]).toBe(
      'tool: export const server = 1;\n',
    );
    // The run's instructions (and its catalog) do not change mid-run.
    expect(run.instructions).toBe(system);
    expect(system).not.toContain('migrations.mdc');
    const trigger = 'read_file packages/api/src/server.ts (call_1)';
    expect(ruleEvents(events)).toEqual(
      expect.arrayContaining([
        ['loaded', 'packages/api/.cursor/rules/conventions.mdc', trigger],
        ['loaded', 'packages/api/.cursor/rules/handlers.mdc', `${trigger} matched src/**/*.ts`],
        ['surfaced', 'packages/api/.cursor/rules/migrations.mdc', trigger],
        ['skipped', 'packages/api/.cursor/rules/broken.mdc', 'invalid-glob'],
        ['skipped', 'packages/api/.cursor/rules/blob.mdc', 'binary-file'],
        ['skipped', 'packages/api/.cursor/rules/odd-copy.mdc', 'duplicate'],
        ['skipped', 'packages/api/.cursor/rules/outside.mdc', 'symlink-refused'],
      ]),
    );
    expect(ruleEvents(events)).toHaveLength(7);
    const duplicate = events.find((event) => event.path === 'packages/api/.cursor/rules/odd-copy.mdc');
    expect(duplicate?.message).toContain('.cursor/rules/tone.mdc');
    const skipped = events.filter((event) => event.type === 'skipped');
    for (const event of skipped) expect(event.trigger).toBe(trigger);
  });

  it('names the files a search touched as the agent names them, in the events and the hidden message', async () => {
    const { chat, events, repository } = await conversation();
    await chat.call('search_files', { pattern: 'server = ', path: 'packages' });
    await chat.call('find_files', { pattern: '*.sql', path: 'packages/billing/db' });
    const triggers = ruleEvents(events)
      .filter(([type]) => type === 'loaded')
      .map(([, , trigger]) => trigger);
    expect(triggers).toEqual([
      'search_files packages/api/src/server.ts (call_1)',
      'search_files packages/api/src/server.ts (call_1) matched src/**/*.ts',
      'find_files packages/billing/db/invoices.sql (call_2) matched **/*.sql',
    ]);
    const texts = [...events.map((event) => event.trigger ?? ''), ...chat.hiddenTexts()];
    for (const text of texts) expect(text).not.toContain(repository.root);
  });

  it('never reads the rule folder of a package the agent does not touch', async () => {
    const { chat, workspace } = await conversation();
    await chat.call('read_file', { path: 'packages/api/src/server.ts' });
    await chat.call('read_file', { path: 'packages/billing/index.ts' });
    await chat.call('list_directory', { path: 'packages' });
    const read = workspace.calls.map((call) => call.path);
    expect(read.some((where) => where.includes('/web/'))).toBe(false);
    chat.prompt();
    expect(chat.hiddenTexts().join('\n')).not.toContain('web.mdc');
  });

  it('looks once per new directory: one listing for its names and rule folders, nothing for a directory already checked', async () => {
    const { chat, workspace, repository } = await conversation({ traversalToolNames: ['host_read'] });
    const host = () => 'ok';
    await chat.call('host_read', { path: 'packages/api/src/server.ts' }, host);
    // The rule folder found is walked and its files read in the same request.
    expect(
      workspace.calls.map((call) => [
        call.method,
        call.paths?.map((where) => where.slice(repository.root.length)),
      ]),
    ).toEqual([['listDirectories', ['/packages', '/packages/api', '/packages/api/src']]]);
    workspace.clearCalls();
    await chat.call('host_read', { path: 'packages/api/src/routes.ts' }, host);
    await chat.call('host_read', { path: 'packages/api/README.md' }, host);
    expect(workspace.calls).toEqual([]);
  });

  it('matches later touches against the folder’s files rules, with globs relative to the folder', async () => {
    const { chat, events } = await conversation();
    await chat.call('read_file', { path: 'packages/api/README.md' });
    chat.prompt();
    expect(chat.hiddenTexts().map(blocksIn)).toEqual([['packages/api/.cursor/rules/conventions.mdc']]);
    await chat.call('read_file', { path: 'packages/api/test/server.test.ts' });
    await chat.call('read_file', { path: 'packages/api/src/routes.ts' });
    await chat.call('read_file', { path: 'packages/api/src/server.ts' });
    chat.prompt();
    expect(chat.hiddenTexts().map(blocksIn)).toEqual([
      ['packages/api/.cursor/rules/conventions.mdc'],
      ['packages/api/.cursor/rules/handlers.mdc'],
    ]);
    expect(events.find((event) => event.path === 'packages/api/.cursor/rules/handlers.mdc')?.trigger).toBe(
      'read_file packages/api/src/routes.ts (call_3) matched src/**/*.ts',
    );
    // Windsurf rules of another package: `**/*.sql` relative to that package.
    await chat.call('read_file', { path: 'packages/billing/db/invoices.sql' });
    chat.prompt();
    expect(chat.hiddenTexts().at(-1)).toContain('SQL keywords are upper case.');
  });

  it('delivers a folder’s manual rule when the user writes @name, and keeps found rules across runs', async () => {
    const { chat, session, workspace } = await conversation();
    await chat.call('read_file', { path: 'packages/api/README.md' });
    await chat.user('Who do I page? See @oncall.');
    chat.prompt();
    expect(chat.hiddenTexts().at(-1)).toContain('Page the API on-call through the ops channel');
    // A new run: the package's folder is not looked at again (src is new), its files rule still applies.
    const next = new ScriptedConversation(session, await session.startRun());
    workspace.clearCalls();
    await next.call('read_file', { path: 'packages/api/src/routes.ts' });
    expect(
      workspace.calls.filter((call) => call.path.includes('api/.cursor')).map((call) => call.path),
    ).toEqual([]);
    next.prompt();
    // (The earlier messages' anchors are not in this conversation, so they follow it too.)
    expect(next.hiddenTexts().map(blocksIn)).toContainEqual(['packages/api/.cursor/rules/handlers.mdc']);
  });

  it('forgets the folders on session.reset() and finds them again', async () => {
    const { chat, session, workspace } = await conversation();
    await chat.call('read_file', { path: 'packages/api/src/server.ts' });
    session.reset();
    const fresh = new ScriptedConversation(session, await session.startRun());
    workspace.clearCalls();
    await fresh.call('read_file', { path: 'packages/api/src/server.ts' });
    // The directory holding the folder is listed again.
    expect(workspace.calls.some((call) => call.paths?.some((where) => where.endsWith('packages/api')))).toBe(
      true,
    );
    fresh.prompt();
    expect(fresh.hiddenTexts().map(blocksIn)).toEqual([
      ['packages/api/.cursor/rules/conventions.mdc', 'packages/api/.cursor/rules/handlers.mdc'],
    ]);
  });

  it('keeps every prompt a byte-identical prefix of the next over a session that finds folder rules', async () => {
    const { chat, run } = await conversation();
    const system = run.instructions;
    const steps: Array<() => Promise<unknown>> = [
      () => chat.call('list_directory', { path: '.' }),
      () => chat.call('read_file', { path: 'packages/api/README.md' }),
      () => chat.call('read_file', { path: 'packages/api/src/server.ts' }),
      () => chat.user('Also check @oncall and @migrations.'),
      () => chat.call('read_file', { path: 'packages/api/src/routes.ts' }),
      () => chat.call('read_file', { path: 'packages/billing/db/invoices.sql' }),
      () => chat.call('read_file', { path: 'packages/api/src/server.ts' }),
    ];
    chat.prompt();
    for (const step of steps) {
      await step();
      chat.prompt();
    }
    for (let index = 1; index < chat.prompts.length; index += 1)
      expect(startsWith(chat.prompts[index]!, chat.prompts[index - 1]!), `call ${index}`).toBe(true);
    expect(run.instructions).toBe(system);
    expect(chat.hiddenTexts()).toHaveLength(4);
  });

  it('gives parallel touches of a new package each the folder rules they match', async () => {
    const { chat, run, session } = await conversation(
      {},
      {
        'packages/api/.cursor/rules/tests.mdc': '---\nglobs: test/**\n---\nTests never call the network.\n',
      },
    );
    await Promise.all([
      run.executeTool({ id: 'a', toolName: 'read_file', input: { path: 'packages/api/src/server.ts' } }),
      run.executeTool({
        id: 'b',
        toolName: 'read_file',
        input: { path: 'packages/api/test/server.test.ts' },
      }),
    ]);
    const rules = session
      .loadedFiles()
      .map((file) => file.path)
      .filter((file) => file.includes('.cursor/rules/') && file.startsWith('packages/'));
    expect(rules.sort()).toEqual([
      'packages/api/.cursor/rules/conventions.mdc',
      'packages/api/.cursor/rules/handlers.mdc',
      'packages/api/.cursor/rules/tests.mdc',
    ]);
    chat.history.push({ role: 'tool', text: 'a', key: 'a' }, { role: 'tool', text: 'b', key: 'b' });
    const hidden = chat.prompt().filter((line) => line.startsWith('hidden: '));
    expect(hidden.join('\n')).toContain('Tests never call the network.');
    expect(hidden.join('\n')).toContain('A handler logs the request id before anything else.');
  });

  it('with scope directory, looks only in the touched directory', async () => {
    const { chat } = await conversation({ scope: 'directory' });
    await chat.call('read_file', { path: 'packages/api/src/server.ts' });
    chat.prompt();
    expect(chat.hiddenTexts()).toEqual([]);
    await chat.call('list_directory', { path: 'packages/api' });
    chat.prompt();
    expect(chat.hiddenTexts().map(blocksIn)).toEqual([['packages/api/.cursor/rules/conventions.mdc']]);
    // The files rule found then applies to the next touch of a matching file.
    await chat.call('read_file', { path: 'packages/api/src/routes.ts' });
    chat.prompt();
    expect(chat.hiddenTexts().map(blocksIn).at(-1)).toEqual(['packages/api/.cursor/rules/handlers.mdc']);
  });

  it('names the folder rules in pointer mode, and reads no rule folder with formats that have none', async () => {
    const pointer = await conversation({ inject: 'pointer' });
    await pointer.chat.call('read_file', { path: 'packages/api/src/server.ts' });
    pointer.chat.prompt();
    expect(pointer.chat.hiddenTexts()[0]!.split('\n')).toEqual([
      '<repo-context>The rule packages/api/.cursor/rules/conventions.mdc (cursor) applies to everything in packages/api. Read it if relevant to your task.</repo-context>',
      '<repo-context>The rule packages/api/.cursor/rules/migrations.mdc (cursor) is for: Writing or changing a database migration. Read it if relevant to your task.</repo-context>',
      '<repo-context>The rule packages/api/.cursor/rules/handlers.mdc (cursor) applies to files matching src/**/*.ts. Read it if relevant to your task.</repo-context>',
    ]);
    const claude = await conversation({ formats: ['claude-code'] });
    await claude.chat.call('read_file', { path: 'packages/api/src/server.ts' });
    expect(claude.workspace.calls.some((call) => call.path.includes('/.cursor'))).toBe(false);
  });
});
