import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { isAgentContextError } from '../errors.js';
import { listedWorkspace } from './listed-workspace.js';
import { localWorkspace } from './local-workspace.js';
import { recordingWorkspace } from './recording-workspace.js';
import type { ListRequest, Workspace } from './workspace.js';

async function setUp() {
  const base = await useTemporaryDirectory();
  const root = path.join(base, 'root');
  const app = path.join(root, 'app');
  await mkdir(path.join(app, '.cursor', 'rules', 'deep'), { recursive: true });
  await mkdir(path.join(app, '.claude'), { recursive: true });
  await mkdir(path.join(app, 'GEMINI.md'));
  await writeFile(path.join(base, 'secret.md'), 'secret');
  await writeFile(path.join(app, 'AGENTS.md'), 'app rules, a long line of them\n');
  await writeFile(path.join(app, '.cursor', 'rules', 'api.mdc'), 'api');
  await writeFile(path.join(app, '.cursor', 'rules', 'deep', 'db.mdc'), 'db rule');
  await writeFile(path.join(app, 'notes.txt'), 'x');
  await symlink('AGENTS.md', path.join(app, 'CLAUDE.md'));
  await symlink('../../secret.md', path.join(app, 'CLAUDE.local.md'));
  await symlink('nothing.md', path.join(app, 'AGENTS.override.md'));
  await symlink('.', path.join(app, '.cursor', 'rules', 'again'));
  await writeFile(path.join(app, 'notes.txt'), 'x');
  return root;
}

const names = [
  'AGENTS.override.md',
  'AGENTS.md',
  'CLAUDE.md',
  '.claude/CLAUDE.md',
  'CLAUDE.local.md',
  'GEMINI.md',
  'notes.txt/below.md',
  '.cursor/rules',
  '.windsurf/rules',
];

/** What a single call answers: its value, or the code it threw. */
async function answer(call: () => Promise<unknown>): Promise<unknown> {
  try {
    const value = await call();
    return JSON.parse(
      JSON.stringify(value, (key, field) => {
        if (key === 'modifiedMs' || key === 'size') return undefined;
        if (field instanceof Uint8Array) return Buffer.from(field).toString();
        return field;
      }),
    );
  } catch (error) {
    return isAgentContextError(error) ? error.code : String(error);
  }
}

const probes = (directory: string) => [
  ...names.map((name) => `${directory}/${name}`),
  `${directory}/.cursor`,
  `${directory}/.cursor/rules/api.mdc`,
  `${directory}/.cursor/rules/deep/db.mdc`,
  `${directory}/.cursor/rules/deep/none.mdc`,
  `${directory}/.cursor/rules/again`,
  `${directory}/.windsurf/rules/x.md`,
];

describe('listedWorkspace', () => {
  it('answers stat, realpath, readdir and readFile as the workspace does, from one listing, and forwards what it does not know', async () => {
    const root = await setUp();
    const local = localWorkspace(root);
    const directory = `${local.root}/app`;
    const requests: ListRequest[] = [{ path: directory, names, depth: 8, read: { maxBytes: 20 } }];
    const outcomes = await local.listDirectories!(requests);
    const inner = recordingWorkspace(local);
    const listed: Workspace = listedWorkspace(inner, requests, outcomes);
    for (const probe of probes(directory)) {
      for (const method of ['stat', 'realpath', 'readdir'] as const) {
        expect([probe, method, await answer(() => listed[method](probe))]).toEqual([
          probe,
          method,
          await answer(() => local[method](probe)),
        ]);
      }
      for (const maxBytes of [5, 20, undefined]) {
        expect([probe, maxBytes, await answer(() => listed.readFile(probe, { maxBytes }))]).toEqual([
          probe,
          maxBytes,
          await answer(() => local.readFile(probe, { maxBytes })),
        ]);
      }
    }
    // Asked of the workspace: the reads past the bytes listed (AGENTS.md whole, through its link
    // too), the reads of directories (their refusal is the workspace's), the listing of .cursor (on
    // the way to .cursor/rules, not listed whole) and of the link back into the rule folder (listed
    // once, under its first name).
    const forwarded = [
      ...new Set(inner.calls.map((call) => `${call.method} ${call.path.slice(directory.length)}`)),
    ];
    expect(forwarded.sort()).toEqual([
      'readFile /.cursor',
      'readFile /.cursor/rules',
      'readFile /.cursor/rules/again',
      'readFile /AGENTS.md',
      'readFile /CLAUDE.md',
      'readFile /GEMINI.md',
      'readdir /.cursor',
      'readdir /.cursor/rules/again',
    ]);
    // The batch read answers every path as the single read does, in the order asked.
    const allProbes = probes(directory);
    for (const maxBytes of [5, 20, undefined]) {
      const batch = await listed.readFiles!(allProbes, { maxBytes });
      const singles = await Promise.all(
        allProbes.map((probe) => answer(() => local.readFile(probe, { maxBytes }))),
      );
      const batchAnswers = await Promise.all(
        batch.map((outcome) =>
          answer(() => (outcome.ok ? Promise.resolve(outcome.value) : Promise.reject(outcome.error))),
        ),
      );
      expect(batchAnswers).toEqual(singles);
    }
  });
});
