import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { parseFrontmatter } from '../../frontmatter/parse-frontmatter.js';
import { scanInventory } from '../../inventory/scan-inventory.js';
import { readTextFile } from '../../workspace/read-text-file.js';
import type { Workspace } from '../../workspace/workspace.js';

/** Largest command file served as a prompt. */
const maxCommandBytes = 1024 * 1024;

/** One registered prompt, for the caller's report. */
export interface CommandPrompt {
  /** The prompt name: the command as typed without the slash (`review`, `frontend:build`). */
  name: string;
  /** The command file's label, e.g. `.claude/commands/review.md`. */
  path: string;
}

/**
 * Register the repository's slash commands (`commands/` of each asset root, see `scanInventory`) as
 * MCP prompts. A command is one prompt named as typed (`frontend:build`), described by its
 * `description` (or first body line); it takes one optional argument, `arguments`, which replaces every
 * `$ARGUMENTS` in the body (an empty string when absent). When the body has no `$ARGUMENTS` and
 * arguments are given, they are appended as a last line `ARGUMENTS: ...`, so they are not lost.
 * Getting a prompt reads the file afresh and returns one user message with the body (frontmatter
 * removed). The first command of a name wins (roots in order); a file that could not be read is
 * left out. Returns the prompts registered.
 */
export async function registerCommandPrompts(
  server: McpServer,
  workspace: Workspace,
  roots?: readonly string[],
): Promise<CommandPrompt[]> {
  const inventory = await scanInventory({ workspace, ...(roots ? { roots } : {}) });
  const registered: CommandPrompt[] = [];
  const names = new Set<string>();
  for (const root of inventory.roots) {
    for (const command of root.commands) {
      const name = command.name;
      if (name === null || names.has(name)) continue;
      if (command.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) continue;
      names.add(name);
      registered.push({ name, path: command.path });
      const hint = command.attributes['argument-hint'];
      server.registerPrompt(
        name,
        {
          description: command.description ?? `The /${name} command of this repository (${command.path}).`,
          argsSchema: {
            arguments: z
              .string()
              .optional()
              .describe(
                typeof hint === 'string' && hint !== ''
                  ? `Replaces $ARGUMENTS in the command: ${hint}`
                  : 'Replaces $ARGUMENTS in the command.',
              ),
          },
        },
        async ({ arguments: given }) => ({
          description: command.description ?? undefined,
          messages: [
            {
              role: 'user',
              content: { type: 'text', text: await commandText(workspace, command.path, given) },
            },
          ],
        }),
      );
    }
  }
  return registered;
}

async function commandText(workspace: Workspace, label: string, given: string | undefined): Promise<string> {
  const file = await readTextFile(workspace, label, { maxBytes: maxCommandBytes });
  if (file.binary) throw new Error(`${label} is a binary file, not a command.`);
  if (file.truncated) throw new Error(`${label} is larger than ${maxCommandBytes} bytes; not served.`);
  const body = parseFrontmatter(file.text, label).body.replace(/^(?:\r?\n)+/, '');
  const argumentsText = given ?? '';
  if (body.includes('$ARGUMENTS')) return body.replaceAll('$ARGUMENTS', argumentsText);
  return argumentsText === '' ? body : `${body.replace(/\s+$/, '')}\n\nARGUMENTS: ${argumentsText}`;
}
