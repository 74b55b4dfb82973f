import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../test/support/cli.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { createCapabilityStore } from '../capability-creation/capability-store.js';

/** Escape sequences a hostile repository plants: title (OSC 0), a link (OSC 8), clear screen, CSI in C1, a bell, a carriage return. */
const planted = '\u001b]0;owned\u0007\u001b]8;;https://example.com\u001b\\link\u001b[2J\u009b31m\rX';

/** Control characters other than line feed and tab, and ESC sequences other than the painter's styles. */
function unsafeIn(text: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the painter's styles are control sequences.
  const withoutStyles = text.replace(/\u001b\[(?:1|2|22|31|33|36|39)m/g, '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  return [...withoutStyles.matchAll(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g)].map(
    (match) => `U+${match[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${match.index}`,
  );
}

async function hostileRepository(): Promise<string> {
  const root = await useTemporaryDirectory();
  const files: Record<string, string> = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'AGENTS.md': `# Project ${planted}\n\nBody ${planted}\n`,
    'src/AGENTS.md': `Nested ${planted}\n`,
    '.claude/skills/notes/SKILL.md': `---\nname: notes\ndescription: Notes ${planted}\n---\nBody\n`,
    [`.claude/skills/esc${planted}/SKILL.md`]: '---\nname: other\ndescription: Other.\n---\nBody\n',
    '.claude/agents/reviewer.md': `---\nname: reviewer\ndescription: Reviews ${planted}\n---\nReview.\n`,
    [`.claude/commands/ship${planted}.md`]: `# Ship\n\nShip it ${planted}.\n`,
    '.claude/settings.json': JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: `Bash${planted}`, hooks: [{ type: 'command', command: `echo ${planted}` }] }],
      },
    }),
    [`.cursor/rules/api${planted}.mdc`]: `---\ndescription: API ${planted}\nglobs: src/**\n---\nUse the API.\n`,
    '.agents/plugins/marketplace.json': JSON.stringify({
      name: `market${planted}`,
      plugins: [{ name: `plugin${planted}`, source: { source: 'local', path: './plugins/review' } }],
    }),
    'plugins/review/.codex-plugin/plugin.json': JSON.stringify({ name: `review${planted}` }),
    'src/index.ts': 'export {};\n',
    // A file in the offload folder whose name holds escapes (not a result name: never listed).
    [`.context/bash${planted}-call_1.txt`]: 'output\n',
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  const store = createCapabilityStore(path.join(root, '.agent-capabilities'));
  await store.write(
    'hostile',
    `export default { name: 'hostile', instructions: () => ${JSON.stringify(`Be ${planted}`)} };`,
  );
  await store.write('broken', `throw new Error(${JSON.stringify(`broken ${planted}`)});`);
  store.close();
  return root;
}

const commands: string[][] = [
  ['inventory'],
  ['inventory', '--json'],
  ['rules'],
  ['rules', '--file', 'src/index.ts'],
  ['rules', '--json'],
  ['inspect'],
  ['inspect', '--json'],
  ['render'],
  ['path', 'src/index.ts'],
  ['path', 'src/index.ts', '--json'],
  ['hooks'],
  ['hooks', '--json'],
  ['commands'],
  ['commands', '--json'],
  ['capabilities', 'list', '--dir', '.agent-capabilities'],
  ['capabilities', 'validate', 'broken', '--dir', '.agent-capabilities'],
  ['capabilities', 'list', '--dir', '.agent-capabilities', '--json'],
  ['offloaded'],
];

describe('terminal escapes from repository content', () => {
  it.each([false, true])('are shown escaped by every command (colour %s)', async (color) => {
    const root = await hostileRepository();
    const found: Record<string, string[]> = {};
    const outputs: Record<string, string> = {};

    for (const args of commands) {
      const { stdout, stderr } = await runCliInProcess(root, args, color);
      const unsafe = [...unsafeIn(stdout), ...unsafeIn(stderr)];
      if (unsafe.length > 0) found[args.join(' ')] = unsafe;
      if (args.includes('--json') && stdout !== '')
        expect(() => JSON.parse(stdout), args.join(' ')).not.toThrow();
      outputs[args.join(' ')] = stdout;
    }
    expect(found).toEqual({});
    // Each command printed the planted content (escaped), so the check is not vacuous.
    for (const [command, text] of Object.entries(outputs))
      if (command !== 'offloaded') expect(text, command).toMatch(/\\u001b|\\u009b/);
    // The content is still there, escaped, where a command shows it.
    const { stdout } = await runCliInProcess(root, ['inventory'], color);
    expect(stdout).toContain('Notes \\u001b]0;owned\\u0007');
    const json = await runCliInProcess(root, ['inventory', '--json'], color);
    expect(json.stdout).toContain('\\u009b31m');
  });
});
