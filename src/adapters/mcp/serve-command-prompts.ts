import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  GetPromptRequestSchema,
  type GetPromptResult,
  ListPromptsRequestSchema,
  McpError,
  type Prompt,
} from '@modelcontextprotocol/sdk/types.js';
import type { CommandsCapability } from '../../commands/commands.js';
import type { ContextSession, Run } from '../../session/capability.js';
import { quoteForMessage } from '../../text/cut-text.js';

/** A name `/name arguments` can call: no whitespace, not starting with a slash. */
const promptNamePattern = /^[^\s/]\S*$/;

/**
 * Answer the MCP `prompts/list` and `prompts/get` requests of `server` with the slash commands of
 * `session`'s `commands()` capability (`slashCommands`), read once per run of the connection
 * (`currentRun`, see `connectionRuns`), so a prompt is exactly a command (docs/commands.md):
 * - `prompts/list`: each command once, in the capability's order, named as typed without the slash
 *   (`review`, `git:commit`, `team/review`), described by its description (else a line naming its
 *   file), with one argument `arguments`: the text typed after the name (its `argument-hint`, when it
 *   has one, in the argument's description), required when the command takes arguments (its template
 *   places them, or it has an `argument-hint`), optional otherwise. No commands: an empty list.
 *
 * Decision: required where the command takes arguments, because Gemini CLI passes the words typed
 * after a prompt's name to its required arguments only (`/review src/a.ts` reached an optional
 * argument as nothing). A client that asks for required arguments before it sends the prompt asks
 * for exactly the ones the command uses.
 * - `prompts/get({ name, arguments: { arguments } })`: `/name arguments` expanded as the command's
 *   assistant does (`$ARGUMENTS`, `$1`, `{{args}}`, `${input:x}`, `@file`; shell lines not run), as
 *   one user message. A name the list also accepts (`frontend:build` for Claude Code's
 *   `frontend/build.md`) works too. An unknown name is JSON-RPC invalid params (`-32602`).
 */
export function serveCommandPrompts(
  server: Server,
  session: ContextSession,
  slashCommands: CommandsCapability,
  currentRun: () => Promise<Run>,
): void {
  server.registerCapabilities({ prompts: {} });
  server.setRequestHandler(ListPromptsRequestSchema, async () => {
    await currentRun();
    const listed = await slashCommands.list(session);
    return {
      prompts: listed.map(
        (command): Prompt => ({
          name: command.name,
          description:
            command.description ?? `The /${command.name} command of this repository (${command.path}).`,
          arguments: [
            {
              name: 'arguments',
              description:
                command.argumentHint === null || command.argumentHint === ''
                  ? 'The text typed after the command name.'
                  : `The text typed after the command name: ${command.argumentHint}`,
              required: command.takesArguments,
            },
          ],
        }),
      ),
    };
  });
  server.setRequestHandler(GetPromptRequestSchema, async (request): Promise<GetPromptResult> => {
    const { name } = request.params;
    const given = request.params.arguments?.arguments ?? '';
    const unknown = () =>
      new McpError(
        ErrorCode.InvalidParams,
        `No prompt is named ${quoteForMessage(name)}; list the prompts to see the commands of this repository.`,
      );
    if (!promptNamePattern.test(name)) throw unknown();
    await currentRun();
    const expansion = await session.expandCommand(given === '' ? `/${name}` : `/${name} ${given}`);
    if (expansion.command === undefined) throw unknown();
    const listed = await slashCommands.list(session);
    const description = listed.find((command) => command.name === expansion.command?.name)?.description;
    return {
      ...(description ? { description } : {}),
      messages: [{ role: 'user', content: { type: 'text', text: expansion.text } }],
    };
  });
}
