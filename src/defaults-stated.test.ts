import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Defaults stated where users read them: every key of every `xDefaults` object has a doc line on
 * its option field (`Default …`, `` `x` (default) `` or `@default …`) whose value equals the
 * object's value, and every optional field of those options, and of every `…Options` interface the
 * entry points export, states its default (in words when it is not a value: "Default: none"). A
 * default changed in code and not in its doc fails here.
 */

const sourceRoot = import.meta.dirname;

interface DefaultsEntry {
  /** The defaults object's export name and file. */
  name: string;
  file: string;
  /** The options interfaces (`file#Name`) whose fields the object's keys are the defaults of. */
  options: string[];
}

const checked: DefaultsEntry[] = [
  { name: 'skillsDefaults', file: 'skills/skills-defaults.ts', options: ['skills/skills.ts#SkillsOptions'] },
  { name: 'hooksDefaults', file: 'hooks/hooks-defaults.ts', options: ['hooks/hooks.ts#HooksOptions'] },
  {
    name: 'conversationDefaults',
    file: 'conversations/conversation-defaults.ts',
    options: [
      'conversations/file-conversation-store.ts#FileConversationStoreOptions',
      'conversations/postgres-conversation-store.ts#PostgresConversationStoreOptions',
      'conversations/open-conversation.ts#OpenConversationOptions',
    ],
  },
  {
    name: 'processDefaults',
    file: 'process/process-defaults.ts',
    options: ['process/run-process.ts#RunProcessOptions'],
  },
  {
    name: 'capabilityCreationDefaults',
    file: 'capability-creation/capability-creation-defaults.ts',
    options: [
      'capability-creation/capability-creation.ts#CapabilityCreationOptions',
      'capability-creation/capability-store.ts#CapabilityStoreOptions',
    ],
  },
  {
    name: 'filesystemContextDefaults',
    file: 'filesystem-context/filesystem-context-options.ts',
    options: ['filesystem-context/filesystem-context-options.ts#FilesystemContextOptions'],
  },
  {
    name: 'nestedInstructionDefaults',
    file: 'instructions/nested/nested-instruction-defaults.ts',
    options: ['instructions/nested/nested-instructions.ts#NestedInstructionsOptions'],
  },
  {
    name: 'instructionDefaults',
    file: 'instructions/discover-instructions.ts',
    options: [
      'instructions/discover-instructions.ts#DiscoverInstructionsOptions',
      'instructions/project-instructions.ts#ProjectInstructionsOptions',
    ],
  },
  {
    name: 'shellWorkspaceDefaults',
    file: 'workspace/shell/shell-workspace.ts',
    options: ['workspace/shell/shell-workspace.ts#ShellWorkspaceOptions'],
  },
  {
    name: 'inventoryDefaults',
    file: 'inventory/inventory-defaults.ts',
    options: [
      'inventory/scan-inventory-options.ts#ScanInventoryOptions',
      'inventory/inventory.ts#InventoryOptions',
    ],
  },
  {
    name: 'fileToolsDefaults',
    file: 'tools/file-tools-defaults.ts',
    options: [
      'tools/file-tools.ts#FileToolsOptions',
      'tools/read-file-tool.ts#ReadFileToolOptions',
      'tools/list-directory-tool.ts#ListDirectoryToolOptions',
      'tools/find-files-tool.ts#FindFilesToolOptions',
      'tools/search-files-tool.ts#SearchFilesToolOptions',
    ],
  },
  {
    name: 'toolVocabularyDefaults',
    file: 'tool-vocabulary/tool-vocabulary-defaults.ts',
    options: ['tool-vocabulary/tool-vocabulary.ts#ToolVocabularyOptions'],
  },
  {
    name: 'subAgentToolsDefaults',
    file: 'adapters/kit/sub-agent-defaults.ts',
    options: ['ai-sdk', 'langchain', 'mastra', 'openai-agents', 'pi'].map(
      (adapter) => `adapters/${adapter}/sub-agent-tools.ts#SubAgentToolsOptions`,
    ),
  },
  {
    name: 'mcpHttpDefaults',
    file: 'adapters/mcp/serve-mcp-over-http.ts',
    options: ['adapters/mcp/serve-mcp-over-http.ts#McpHttpOptions'],
  },
  {
    name: 'mcpAnswerDefaults',
    file: 'adapters/mcp/answer-parts.ts',
    options: [
      'adapters/mcp/context-mcp-server.ts#ContextMcpServerOptions',
      'adapters/mcp/serve-session-tools.ts#SessionToolsOptions',
    ],
  },
  {
    name: 'commandsDefaults',
    file: 'commands/commands-defaults.ts',
    options: ['commands/commands.ts#CommandsOptions', 'commands/load-commands.ts#LoadCommandsOptions'],
  },
  {
    name: 'agentDefinitionDefaults',
    file: 'agent-definitions/agent-definition-defaults.ts',
    options: ['agent-definitions/load-agent-definitions.ts#LoadAgentDefinitionsOptions'],
  },
];

/** Keys that are the default of an option of another name: `object.key` -> `Interface.field`. */
const statedOn: Record<string, string> = {
  'inventoryDefaults.catalogMaxChars': 'InventoryOptions.catalog.maxChars',
};

/** Keys no option sets, each with why; they are documented on the defaults object itself. */
const notAnOption: Record<string, string> = {
  'hooksDefaults.timeoutSeconds': 'a hook handler gives its own `timeout`; this is the fallback',
  'commandsDefaults.maxReferenceBytes': 'a fixed read limit of `@file` references',
  'toolVocabularyDefaults.sessionTools': 'the session’s own tools, to which `hostTools` are added',
};

/** Values too long for a doc line: the field names the defaults object's key instead. */
const statedByName = new Set(['nestedInstructionDefaults.guidance']);

const compilerOptions: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
};
// Only our own files are read: a framework's types (the adapters' models) say nothing about defaults.
const host = ts.createCompilerHost(compilerOptions);
const readSourceFile = host.getSourceFile.bind(host);
host.getSourceFile = (fileName, ...rest) =>
  fileName.includes('/node_modules/') && !fileName.includes('/node_modules/typescript/lib/')
    ? undefined
    : readSourceFile(fileName, ...rest);
const optionFiles = new Set(
  checked.flatMap((entry) => entry.options.map((option) => option.split('#')[0] ?? '')),
);
const program = ts.createProgram(
  [...optionFiles].map((file) => join(sourceRoot, file)),
  compilerOptions,
  host,
);
const checker = program.getTypeChecker();

/** The interface `Name` declared in `file` (relative to `src/`). */
function interfaceType(option: string): ts.Type {
  const [file = '', name] = option.split('#');
  const source = program.getSourceFile(join(sourceRoot, file));
  const declaration = source?.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === name,
  );
  if (declaration === undefined) throw new Error(`no interface ${option}`);
  return checker.getTypeAtLocation(declaration);
}

/** The doc text of a field, its tags included (`@default 60`). */
function docOf(field: ts.Symbol): string {
  const text = ts.displayPartsToString(field.getDocumentationComment(checker));
  const tags = field.getJsDocTags(checker).map((tag) => `@${tag.name} ${ts.displayPartsToString(tag.text)}`);
  return [text, ...tags].join('\n').replace(/\s+/g, ' ');
}

/** The default a doc states, as written (`64 KiB`, `['.git']`, `the project root`), or `undefined`. */
function statedDefault(doc: string): string | undefined {
  const tagged = /@default (.+?)\s*$/.exec(doc);
  if (tagged) return tagged[1];
  const leading = /`([^`]+)` \(default\)/.exec(doc);
  if (leading) return leading[1];
  const found = /\bdefault:?\s+/i.exec(doc);
  if (!found) return undefined;
  const rest = doc.slice(found.index + found[0].length);
  const quoted =
    /^`([^`]+)`/.exec(rest) ?? /^\{@link ([\w.]+) ?\}/.exec(rest) ?? /^[^`.;]*?\(`([^`]+)`\)/.exec(rest);
  if (quoted) return quoted[1];
  return /^(.+?)(?=[.;:)](?:\s|$)|[;:)]|, (?!\d)|$)/.exec(rest)?.[1]?.trim();
}

const units: Record<string, number> = { KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };

/** The value of a stated default, or `undefined` when it is words rather than a value. */
function parseStated(stated: string, references: Record<string, unknown>): { value: unknown } | undefined {
  const sized = /^([\d,_]+) (KiB|MiB|GiB)$/.exec(stated);
  if (sized) return { value: Number((sized[1] ?? '').replace(/[,_]/g, '')) * (units[sized[2] ?? ''] ?? 1) };
  if (/^\d{1,3}(,\d{3})+$/.test(stated)) return { value: Number(stated.replace(/,/g, '')) };
  const source = ts.createSourceFile('default.ts', `(${stated});`, ts.ScriptTarget.ES2022);
  const statement = source.statements[0];
  try {
    if (source.statements.length !== 1 || statement === undefined || !ts.isExpressionStatement(statement)) {
      throw new Error('not one expression');
    }
    return { value: evaluate(statement.expression, references) };
  } catch {
    // A bare word (`load_skill`, `all`, `AGENTS.md`, `127.0.0.1`) is a string.
    return /^[\w./:-]+$/.test(stated) ? { value: stated } : undefined;
  }
}

function evaluate(node: ts.Expression, references: Record<string, unknown>): unknown {
  if (ts.isParenthesizedExpression(node)) return evaluate(node.expression, references);
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    return -(evaluate(node.operand, references) as number);
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.map((element) => evaluate(element, references));
  if (ts.isObjectLiteralExpression(node)) {
    return Object.fromEntries(
      node.properties.map((property) => {
        if (
          !ts.isPropertyAssignment(property) ||
          !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
        )
          throw new Error('not a literal');
        return [property.name.text, evaluate(property.initializer, references)];
      }),
    );
  }
  if (ts.isBinaryExpression(node)) {
    const left = evaluate(node.left, references) as number;
    const right = evaluate(node.right, references) as number;
    if (node.operatorToken.kind === ts.SyntaxKind.AsteriskToken) return left * right;
    if (node.operatorToken.kind === ts.SyntaxKind.PlusToken) return left + right;
  }
  if (ts.isIdentifier(node) && Object.hasOwn(references, node.text)) return references[node.text];
  if (ts.isPropertyAccessExpression(node)) {
    const owner = evaluate(node.expression, references) as Record<string, unknown>;
    if (owner !== null && typeof owner === 'object' && Object.hasOwn(owner, node.name.text)) {
      return owner[node.name.text];
    }
  }
  throw new Error(`not a literal: ${node.getText()}`);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The options object a field holds, when it holds one (`listing?: boolean | ListingOptions`). */
function objectFieldType(field: ts.Symbol): ts.Type | undefined {
  const type = checker.getNonNullableType(checker.getTypeOfSymbol(field));
  const parts = type.isUnion() ? type.types : [type];
  return parts.find((part) => {
    const name = (part.aliasSymbol ?? part.getSymbol())?.getName() ?? '';
    return (part.flags & ts.TypeFlags.Object) !== 0 && (name.endsWith('Options') || name === 'Pick');
  });
}

/** The field at `path` (`['catalog', 'maxChars']`) of an options type, through nested options objects. */
function fieldAt(type: ts.Type, path: readonly string[]): ts.Symbol | undefined {
  const [first, ...rest] = path;
  const field = first === undefined ? undefined : type.getProperty(first);
  if (field === undefined || rest.length === 0) return field;
  const inner = objectFieldType(field);
  return inner === undefined ? undefined : fieldAt(inner, rest);
}

async function loadDefaults(): Promise<Record<string, Record<string, unknown>>> {
  const loaded = await Promise.all(
    checked.map(async (entry) => {
      const module = (await import(/* @vite-ignore */ join(sourceRoot, entry.file))) as Record<
        string,
        unknown
      >;
      return [entry.name, module[entry.name] as Record<string, unknown>] as const;
    }),
  );
  return Object.fromEntries(loaded);
}

/** Each mismatch, as a line: the key, the field, what its doc states and what the object holds. */
function mismatches(
  path: string,
  value: unknown,
  fields: ReadonlyArray<{ owner: string; field: ts.Symbol }>,
  references: Record<string, unknown>,
): string[] {
  const problems: string[] = [];
  for (const { owner, field } of fields) {
    const where = `${path} on ${owner}.${field.name}`;
    if (isPlainObject(value)) {
      // The defaults of an options object: each key is held against that object's own fields.
      const type = objectFieldType(field);
      if (type === undefined) {
        problems.push(`${where}: the field holds no options object`);
        continue;
      }
      for (const [key, inner] of Object.entries(value)) {
        const innerField = type.getProperty(key);
        if (innerField === undefined)
          problems.push(`${path}.${key}: no field ${key} in ${owner}.${field.name}`);
        else
          problems.push(
            ...mismatches(
              `${path}.${key}`,
              inner,
              [{ owner: `${owner}.${field.name}`, field: innerField }],
              references,
            ),
          );
      }
      continue;
    }
    const stated = statedDefault(docOf(field));
    if (stated === undefined) {
      problems.push(`${where}: states no default (should be ${JSON.stringify(value)})`);
      continue;
    }
    if (statedByName.has(path)) {
      if (stated !== path)
        problems.push(`${where}: states ${JSON.stringify(stated)}, should name \`${path}\``);
      continue;
    }
    // A doc may name another feature's defaults (`inventoryDefaults.roots`), never its own.
    const others = Object.fromEntries(
      Object.entries(references).filter(([name]) => name !== path.split('.')[0]),
    );
    const parsed = parseStated(stated, others);
    if (parsed === undefined) problems.push(`${where}: states ${JSON.stringify(stated)}, not a value`);
    else if (!isDeepStrictEqual(parsed.value, value))
      problems.push(
        `${where}: states ${JSON.stringify(parsed.value)}, the object holds ${JSON.stringify(value)}`,
      );
  }
  return problems;
}

describe('defaults stated in the docs of the options', () => {
  it('reads doc defaults in every form used', () => {
    const read = (doc: string) => {
      const stated = statedDefault(doc);
      return stated === undefined ? undefined : parseStated(stated, { otherDefaults: { depth: 8 } })?.value;
    };
    expect(read('Bytes read. Default 64 KiB.')).toBe(65_536);
    expect(read('Depth bound (default 8: `skills/` plus 8 folders).')).toBe(8);
    expect(read('Most entries. Default 1,000.')).toBe(1_000);
    expect(read("Names. Default `['.git']`.")).toEqual(['.git']);
    expect(read("`'all'` (default): every file.")).toBe('all');
    expect(read('Name of the tool. Default `load_skill`.')).toBe('load_skill');
    expect(read('Time limit. @default 60')).toBe(60);
    expect(read('Depth. Default `otherDefaults.depth`.')).toBe(8);
    expect(read('Default: the project root.')).toBeUndefined();
    expect(statedDefault('The highest directory searched.')).toBeUndefined();
  });

  it('checks every defaults object of the source', () => {
    const declared = readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(file))
      .flatMap((file) =>
        [...readFileSync(join(sourceRoot, file), 'utf8').matchAll(/^export const (\w+Defaults)\b/gm)].map(
          (match) => `${match[1]} in ${file.split('\\').join('/')}`,
        ),
      );
    expect(declared.sort()).toEqual(checked.map((entry) => `${entry.name} in ${entry.file}`).sort());
  });

  it('gives every key of every defaults object a doc line with its value', async () => {
    const defaults = await loadDefaults();
    const problems: string[] = [];
    for (const entry of checked) {
      const object = defaults[entry.name] ?? {};
      expect(Object.keys(object).length, entry.name).toBeGreaterThan(0);
      const interfaces = entry.options.map((option) => ({
        owner: option,
        type: interfaceType(option),
      }));
      for (const [key, value] of Object.entries(object)) {
        const path = `${entry.name}.${key}`;
        const [targetOwner, ...targetPath] = (statedOn[path]?.split('.') ?? [undefined, key]) as [
          string | undefined,
          ...string[],
        ];
        const fields = interfaces.flatMap(({ owner, type }) => {
          if (targetOwner !== undefined && !owner.endsWith(`#${targetOwner}`)) return [];
          const field = fieldAt(type, targetPath);
          return field === undefined ? [] : [{ owner, field }];
        });
        if (notAnOption[path] !== undefined) {
          if (fields.length > 0)
            problems.push(`${path}: listed as no option, but ${fields[0]?.owner} has it`);
          continue;
        }
        if (fields.length === 0) problems.push(`${path}: no option field in ${entry.options.join(', ')}`);
        problems.push(...mismatches(path, value, fields, defaults));
      }
    }
    expect(problems).toEqual([]);
  });

  it('states a default on every optional field of those options', () => {
    const silent = new Set<string>();
    const visit = (owner: string, type: ts.Type, depth: number) => {
      for (const field of type.getProperties()) {
        if ((field.flags & ts.SymbolFlags.Optional) === 0) continue;
        if (!/\bdefault/i.test(docOf(field))) silent.add(`${owner}.${field.name}`);
        const inner = depth < 2 ? objectFieldType(field) : undefined;
        if (inner !== undefined) visit(`${owner}.${field.name}`, inner, depth + 1);
      }
    };
    for (const option of new Set(checked.flatMap((entry) => entry.options))) {
      visit(option.split('#')[1] ?? '', interfaceType(option), 0);
    }
    expect([...silent].sort()).toEqual([]);
  });

  it('states a default on every optional field of every options type a top-level file or an adapter entry exports', () => {
    const entries = readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' })
      .map((file) => file.split('\\').join('/'))
      .filter((file) => /^[\w-]+\.ts$/.test(file) || /^adapters\/[\w-]+\/index\.ts$/.test(file))
      .filter((file) => !/\.test(-support)?\.ts$/.test(file))
      .filter((file) => /^export (\*|\{|type \{)/m.test(readFileSync(join(sourceRoot, file), 'utf8')));
    const entryProgram = ts.createProgram(
      entries.map((file) => join(sourceRoot, file)),
      compilerOptions,
      host,
    );
    const entryChecker = entryProgram.getTypeChecker();
    const silent = new Set<string>();
    const seen = new Set<ts.Symbol>();
    for (const file of entries) {
      const source = entryProgram.getSourceFile(join(sourceRoot, file));
      const module = source === undefined ? undefined : entryChecker.getSymbolAtLocation(source);
      for (const exported of module === undefined ? [] : entryChecker.getExportsOfModule(module)) {
        const symbol =
          exported.flags & ts.SymbolFlags.Alias ? entryChecker.getAliasedSymbol(exported) : exported;
        if ((symbol.flags & ts.SymbolFlags.Interface) === 0 || !symbol.name.endsWith('Options')) continue;
        if (seen.has(symbol)) continue;
        seen.add(symbol);
        for (const field of entryChecker.getDeclaredTypeOfSymbol(symbol).getProperties()) {
          if ((field.flags & ts.SymbolFlags.Optional) === 0) continue;
          const doc = [
            ts.displayPartsToString(field.getDocumentationComment(entryChecker)),
            ...field.getJsDocTags(entryChecker).map((tag) => `@${tag.name}`),
          ].join(' ');
          if (!/\bdefault/i.test(doc)) silent.add(`${symbol.name}.${field.name} (${file})`);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(50);
    expect([...silent].sort()).toEqual([]);
  });
});
