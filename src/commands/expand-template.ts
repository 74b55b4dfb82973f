import type { Command } from './command.js';
import type { CommandInput } from './parse-command-input.js';
import { quoteShellArgument } from './quote-shell-argument.js';
import { splitArguments } from './split-arguments.js';
import { splitShellLines } from './split-shell-lines.js';

/** A file a template names, read through the workspace: its text, or why it could not be read. */
export type ReferenceRead = { text: string } | { reason: string };

/** What {@link expandTemplate} needs besides the command and the input. */
export interface TemplateContext {
  /** Read a file named by `@path` (Claude Code, OpenCode) or `@{path}` (Gemini CLI). */
  readReference(path: string): Promise<ReferenceRead>;
  /**
   * The text that replaces a shell line of the template (`command` as it would run, the arguments
   * in it substituted shell-quoted): its output, or a line saying it was not run.
   */
  runShell(command: string): Promise<string>;
}

/** The expanded text and what the expansion did, for the events. */
export interface TemplateExpansion {
  text: string;
  /** Files read into the text, as named. */
  references: string[];
  /** Files named but not read, with the reason. */
  unread: Array<{ path: string; reason: string }>;
}

/**
 * Expand a command's template with the user's arguments, the way the command's assistant does:
 *
 * - Claude Code (and skills): `$ARGUMENTS` is the arguments as typed, `$ARGUMENTS[N]` and `$N` the
 *   N-th word (from 0, shell quoting respected; a missing `$ARGUMENTS[N]` is empty, a missing `$N`
 *   stays as written, as Claude Code leaves it); with no placeholder and arguments
 *   given, `ARGUMENTS: <arguments>` is appended after a blank line. `@path` names a file: its text is
 *   appended as a `<file name="path">` block.
 * - OpenCode: `$ARGUMENTS`, and `$1`, `$2`... from 1; `@path` as in Claude Code.
 * - Gemini CLI: `{{args}}` is the arguments as typed; with no `{{args}}` and arguments given, the
 *   whole input is appended after a blank line. `@{path}` is replaced by the file's text.
 * - Copilot: `${input:NAME}` (and `${input:NAME:placeholder}`) take `NAME=value` arguments; the other
 *   arguments are appended after a blank line. Other variables (`${selection}`, `${file}`) stay as written.
 * - Cursor: the arguments are appended after a blank line.
 *
 * Shell lines of a template (`` !`cmd` `` and ```` ```! ```` blocks in Claude Code and OpenCode,
 * `!{cmd}` in Gemini CLI) are replaced by what `context.runShell` gives for them, in template order,
 * one at a time. Arguments inside a shell line are shell-quoted (Gemini CLI's rule for `{{args}}`,
 * kept for every format so a user's input is never shell syntax). Shell output is not scanned again
 * for placeholders or `@path` references. Every pass is linear in the template's length.
 */
export async function expandTemplate(
  command: Pick<Command, 'body' | 'format'>,
  input: CommandInput,
  context: TemplateContext,
): Promise<TemplateExpansion> {
  const expansion: TemplateExpansion = { text: '', references: [], unread: [] };
  const given = input.arguments;
  switch (command.format) {
    case 'gemini':
      expansion.text = await expandGemini(command.body, input, context, expansion);
      break;
    case 'copilot':
      expansion.text = expandCopilot(command.body, given);
      break;
    case 'cursor':
      expansion.text = appendArguments(command.body, given);
      break;
    default:
      expansion.text = await expandDollarTemplate(
        command.body,
        given,
        command.format === 'opencode',
        context,
        expansion,
      );
  }
  return expansion;
}

function trimEnd(text: string): string {
  return text.replace(/\s+$/, '');
}

function appendArguments(body: string, given: string): string {
  return given === '' ? body : `${trimEnd(body)}\n\n${given}`;
}

// `$ARGUMENTS[N]`, `$ARGUMENTS`, `$N`.
const dollarArguments = /\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS(?![A-Za-z0-9_])|\$(\d+)/g;

/**
 * Claude Code and OpenCode (and skills): the text between shell lines gets `$ARGUMENTS`, `$N` as
 * typed; a shell line gets them shell-quoted, then runs. With no placeholder anywhere and arguments
 * given, they are appended (Claude Code: `ARGUMENTS: ...`). `@path` references are looked for in the
 * template's text and the arguments, never in shell output.
 */
async function expandDollarTemplate(
  body: string,
  given: string,
  fromOne: boolean,
  context: TemplateContext,
  expansion: TemplateExpansion,
): Promise<string> {
  const parts: string[] = [];
  const written: string[] = [];
  let used = false;
  for (const segment of splitShellLines(body)) {
    if (segment.type === 'text') {
      const substituted = substituteDollarArguments(segment.text, given, fromOne);
      used ||= substituted.used;
      parts.push(substituted.text);
      written.push(substituted.text);
    } else {
      const substituted = substituteDollarArguments(segment.command, given, fromOne, quoteShellArgument);
      used ||= substituted.used;
      parts.push(await context.runShell(substituted.text));
    }
  }
  let text = parts.join('');
  if (!used && given !== '') {
    const appended = `${fromOne ? '' : 'ARGUMENTS: '}${given}`;
    text = `${trimEnd(text)}\n\n${appended}`;
    written.push(appended);
  }
  return appendReferences(text, written.join('\n'), context, expansion);
}

function substituteDollarArguments(
  body: string,
  given: string,
  fromOne: boolean,
  quote: (text: string) => string = (text) => text,
): { text: string; used: boolean } {
  let words: string[] | undefined;
  let used = false;
  const text = body.replace(
    dollarArguments,
    (whole: string, indexed: string | undefined, positional: string | undefined) => {
      used = true;
      if (indexed === undefined && positional === undefined) return quote(given);
      words ??= splitArguments(given);
      const index = Number(indexed ?? positional) - (fromOne && positional !== undefined ? 1 : 0);
      const word = words[index];
      // Claude Code leaves a `$N` past the words given as written (recorded: `priority $2.`).
      if (word === undefined && positional !== undefined && !fromOne) return whole;
      return quote(word ?? '');
    },
  );
  return { text, used };
}

// An `@path` mention: at the start or after whitespace or an opening bracket, up to whitespace.
const mentionPattern = /(?:^|[\s([{])@([^\s"'`<>()[\]{}]+)/g;
// Fenced code blocks and inline code: a mention there is an example, not a reference.
const codePattern = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;

/** `text` with a `<file name="...">` block appended for each file the `@path` mentions of `written` name. */
async function appendReferences(
  text: string,
  written: string,
  context: TemplateContext,
  expansion: TemplateExpansion,
): Promise<string> {
  const names: string[] = [];
  for (const match of written.replace(codePattern, ' ').matchAll(mentionPattern)) {
    const name = (match[1] ?? '').replace(/[.,;:!?]+$/, '');
    if (name !== '' && !names.includes(name)) names.push(name);
  }
  const blocks: string[] = [];
  for (const name of names) {
    const read = await context.readReference(name);
    if ('text' in read) {
      expansion.references.push(name);
      blocks.push(`<file name="${escapeAttribute(name)}">\n${trimEnd(read.text)}\n</file>`);
    } else {
      expansion.unread.push({ path: name, reason: read.reason });
    }
  }
  return blocks.length === 0 ? text : `${trimEnd(text)}\n\n${blocks.join('\n\n')}`;
}

function escapeAttribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * Gemini CLI, in one left-to-right pass: `@{path}` (file text), `!{command}` (balanced braces;
 * `{{args}}` inside it shell-quoted; run through `context.runShell`, an empty one removed),
 * `{{args}}`. An unclosed `@{` or `!{` stays as written. Neither file text nor shell output is
 * scanned again.
 */
async function expandGemini(
  body: string,
  input: CommandInput,
  context: TemplateContext,
  expansion: TemplateExpansion,
): Promise<string> {
  const parts: string[] = [];
  let usesArguments = false;
  let index = 0;
  while (index < body.length) {
    const next = nextGeminiToken(body, index);
    if (next === -1) {
      parts.push(body.slice(index));
      break;
    }
    parts.push(body.slice(index, next));
    if (body.startsWith('{{args}}', next)) {
      usesArguments = true;
      parts.push(input.arguments);
      index = next + '{{args}}'.length;
      continue;
    }
    const close = closingBrace(body, next + 2);
    if (close === -1) {
      parts.push(body.slice(next));
      break;
    }
    const inner = body.slice(next + 2, close);
    if (body[next] === '!') {
      // As in Gemini CLI, `{{args}}` anywhere (in a shell line too) means no arguments are appended.
      if (inner.includes('{{args}}')) usesArguments = true;
      const command = inner.trim().replaceAll('{{args}}', quoteShellArgument(input.arguments));
      if (command !== '') parts.push(await context.runShell(command));
    } else {
      const path = inner.trim();
      const read = await context.readReference(path);
      if ('text' in read) {
        expansion.references.push(path);
        parts.push(read.text);
      } else {
        expansion.unread.push({ path, reason: read.reason });
        parts.push(`[file not read: ${path} (${read.reason})]`);
      }
    }
    index = close + 1;
  }
  const text = parts.join('');
  if (usesArguments || input.arguments === '') return text;
  const typed = `/${input.name} ${input.arguments}`;
  return `${trimEnd(text)}\n\n${typed}`;
}

/** The index of the next `@{`, `!{` or `{{args}}` at or after `from`, or -1. */
function nextGeminiToken(body: string, from: number): number {
  for (let index = body.indexOf('{', from); index !== -1; index = body.indexOf('{', index + 1)) {
    const before = body[index - 1];
    if (index > from && (before === '@' || before === '!')) return index - 1;
    if (body.startsWith('{{args}}', index)) return index;
  }
  return -1;
}

/** The `}` that closes the brace opened just before `from` (nested braces balanced), or -1. */
function closingBrace(body: string, from: number): number {
  let depth = 1;
  for (let index = from; index < body.length; index += 1) {
    const character = body[index];
    if (character === '{') depth += 1;
    else if (character === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

// `${input:NAME}` or `${input:NAME:placeholder}`.
const inputVariable = /\$\{input:([A-Za-z_][\w-]*)(?::[^}]*)?\}/g;
// A `NAME=value` argument: the value quoted, or up to whitespace.
const namedArgument = /([A-Za-z_][\w-]*)=(?:"([^"]*)"|'([^']*)'|(\S*))/g;

function expandCopilot(body: string, given: string): string {
  const values = new Map<string, string>();
  const rest = given
    .replace(namedArgument, (_whole, name: string, double?: string, single?: string, plain?: string) => {
      values.set(name, double ?? single ?? plain ?? '');
      return '';
    })
    .replace(/\s+/g, ' ')
    .trim();
  const text = body.replace(inputVariable, (whole, name: string) => values.get(name) ?? whole);
  return appendArguments(text, rest);
}
