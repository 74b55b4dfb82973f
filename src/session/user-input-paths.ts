import { isInside } from '../workspace/paths.js';
import type { Workspace } from '../workspace/workspace.js';
import type { Touch } from './capability.js';

/** Paths named in a user message, found by {@link extractUserInputPaths}. */
export interface UserInputPaths {
  /** `name` attributes of `<file name="...">` blocks: XML-decoded, a leading `@` stripped. */
  attachments: string[];
  /** `@path` mentions outside file blocks, trailing punctuation removed. Not checked for existence. */
  mentions: string[];
}

const fileBlockPattern = /<file\b[^>]*>[\s\S]*?<\/file\s*>|<file\b[^>]*\/?>/g;
const nameAttributePattern = /\bname\s*=\s*(?:"([^"]*)"|'([^']*)')/;
// A mention starts the text or follows whitespace or an opening bracket, so e-mail addresses and
// decorators inside words are not mistaken for paths.
const mentionPattern = /(?:^|[\s([{])@([^\s"'`<>()[\]{}]+)/g;

/**
 * Find the paths a user message attaches or mentions, in order of appearance, each once.
 * `<file name="@nested/a&amp;b.ts">` gives `nested/a&b.ts`; `see @src/main.ts.` gives `src/main.ts`.
 * The text inside file blocks is not searched for mentions (it is file content, not the user's words).
 */
export function extractUserInputPaths(text: string): UserInputPaths {
  const attachments: string[] = [];
  for (const match of text.matchAll(fileBlockPattern)) {
    const openingTag = match[0].slice(0, match[0].indexOf('>') + 1);
    const attribute = nameAttributePattern.exec(openingTag);
    const raw = attribute?.[1] ?? attribute?.[2];
    if (raw === undefined) continue;
    const name = decodeXml(raw).replace(/^@/, '');
    if (name !== '' && !attachments.includes(name)) attachments.push(name);
  }

  const mentions: string[] = [];
  const words = text.replace(fileBlockPattern, ' ');
  for (const match of words.matchAll(mentionPattern)) {
    const mention = (match[1] ?? '').replace(/[.,;:!?]+$/, '');
    if (mention !== '' && !mentions.includes(mention) && !attachments.includes(mention))
      mentions.push(mention);
  }
  return { attachments, mentions };
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decode the five XML named entities and numeric character references; unknown ones stay as written. */
export function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return namedEntities[body] ?? entity;
  });
}

/**
 * The touches of a user message: every attachment, then every mention that names an existing file
 * inside the workspace cwd (one `stat` each; refusals and errors mean "no"). `key` is the user
 * message's key, so the context they surface is placed right after it.
 */
export async function userInputTouches(workspace: Workspace, text: string, key?: string): Promise<Touch[]> {
  const { attachments, mentions } = extractUserInputPaths(text);
  const touches: Touch[] = attachments.map((path) => ({
    path,
    kind: 'file',
    source: 'user-input',
    trigger: `user input: ${path}`,
  }));
  for (const mention of mentions) {
    if (await namesExistingFile(workspace, mention)) {
      touches.push({ path: mention, kind: 'file', source: 'user-input', trigger: `user input: @${mention}` });
    }
  }
  if (key !== undefined) for (const touch of touches) touch.anchor = key;
  return touches;
}

async function namesExistingFile(workspace: Workspace, path: string): Promise<boolean> {
  try {
    if (!isInside(workspace.cwd, workspace.resolve(path))) return false;
    return (await workspace.stat(path))?.kind === 'file';
  } catch {
    return false;
  }
}
