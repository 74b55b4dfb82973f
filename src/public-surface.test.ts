import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The public surface, pinned: every name each entry point exports, values and types apart. A name
 * added to (or dropped from) an entry fails here until it is added to (or dropped from) these lists,
 * so changing what users can import is always a deliberate act.
 */
const surface = {
  'agent-context': {
    file: 'src/index.ts',
    load: () => import('./index.js'),
    values: [
      'AgentContextError',
      'agentDefinitionDefaults',
      'capabilityCreation',
      'capabilityCreationDefaults',
      'capabilityGroup',
      'commands',
      'commandsDefaults',
      'createCapabilityStore',
      'createContextSession',
      'discoverInstructions',
      'filesystemContext',
      'filesystemContextDefaults',
      'fileTools',
      'fileToolsDefaults',
      'findFilesTool',
      'findHooks',
      'findProjectRoot',
      'hooks',
      'hooksDefaults',
      'instructionDefaults',
      'inventory',
      'inventoryDefaults',
      'isAgentContextError',
      'listDirectoryTool',
      'listOffloadedFiles',
      'loadAgentDefinitions',
      'loadCommands',
      'loadRules',
      'localWorkspace',
      'memoryWorkspace',
      'nestedInstructionDefaults',
      'nestedInstructions',
      'progressiveContext',
      'projectInstructions',
      'readFileTool',
      'readOnlyWorkspace',
      'readTextFile',
      'removeOffloadedFiles',
      'repoContext',
      'scanInventory',
      'searchFilesTool',
      'shellWorkspace',
      'shellWorkspaceDefaults',
      'skills',
      'skillsDefaults',
      'toolVocabulary',
      'toolVocabularyDefaults',
      'writeFileTool',
    ],
    types: [
      'AgentContextErrorCode',
      'AgentDefinition',
      'AssistantName',
      'Capability',
      'CapabilityCreationOptions',
      'CapabilityGroup',
      'CapabilityStore',
      'CapabilityStoreOptions',
      'CommandsOptions',
      'CommandsRunOption',
      'ContextEvent',
      'ContextSession',
      'ContextSessionOptions',
      'Diagnostic',
      'DiagnosticCode',
      'DiagnosticSeverity',
      'DiscoverInstructionsOptions',
      'FilesystemContextOptions',
      'FileToolsOptions',
      'FindProjectRootOptions',
      'HookEventName',
      'HooksOptions',
      'HooksRunOption',
      'InventoryOptions',
      'LoadAgentDefinitionsOptions',
      'LoadCommandsOptions',
      'LoadRulesOptions',
      'LocalWorkspaceOptions',
      'MemoryWorkspaceOptions',
      'NestedInstructionsOptions',
      'PathExtractor',
      'ProjectInstructionsOptions',
      'RepoContext',
      'RepoContextOptions',
      'RuleFormatName',
      'Run',
      'ScanInventoryOptions',
      'ShellExec',
      'ShellLine',
      'ShellWorkspaceOptions',
      'SkillsOptions',
      'ToolCall',
      'ToolCallResult',
      'ToolDefinition',
      'ToolExecutionContext',
      'ToolInputSchema',
      'ToolRole',
      'ToolVocabulary',
      'ToolVocabularyOptions',
      'Workspace',
    ],
  },
  'agent-context/inspect': {
    file: 'src/inspect.ts',
    load: () => import('./inspect.js'),
    values: [
      'assistantNames',
      'assistantOfFile',
      'assistantReadings',
      'assistantToolNames',
      'checkAssetFields',
      'estimateTokens',
      'formatCapabilitySummary',
      'formatDiagnostic',
      'formatInstructionsReport',
      'formatRulesReport',
      'inspectInstructions',
      'inspectRules',
      'instructionsForPath',
      'listInstructionFilenames',
      'capInventoryReport',
      'listInventoryDiagnostics',
      'parseFrontmatter',
      'parseToolList',
      'parseToolPattern',
      'renderContextFile',
      'renderContextFiles',
      'renderInstructions',
      'renderInventorySummary',
      'renderInventoryTree',
      'renderNestedFiles',
      'renderSkillsCatalog',
      'resolveLocalProject',
      'ruleFormatNames',
      'terminalText',
      'testHooks',
      'toolRoles',
      'unreadableWorkingDirectory',
      'writeInventoryTree',
    ],
    types: [
      'AssistantReading',
      'AssistantReport',
      'AssistantToolName',
      'CapabilityCreationCapability',
      'CapabilityOutcome',
      'CapabilityRecord',
      'CapabilityStatus',
      'CapabilitySummary',
      'CatalogSkill',
      'CeilingReason',
      'CheckAssetFieldsOptions',
      'CheckedAssetFields',
      'Command',
      'CommandFormatName',
      'CommandsCapability',
      'CommandsLoad',
      'CommandSource',
      'CommandSummary',
      'ContextFileBlock',
      'DroppedFile',
      'FileLockOptions',
      'FormatInstructionsReportOptions',
      'FrontmatterStatus',
      'HookCommand',
      'HookEffect',
      'HookFormat',
      'HookRun',
      'HookTestResult',
      'InspectInstructionsOptions',
      'InspectRulesOptions',
      'InstructionDiscovery',
      'InstructionFile',
      'InstructionFilenames',
      'InstructionImport',
      'InstructionReason',
      'InstructionsForPathOptions',
      'InstructionsReport',
      'InventoryAgent',
      'InventoryAssetFields',
      'InventoryCommand',
      'InventoryHook',
      'InventoryResult',
      'InventoryRoot',
      'InventoryRule',
      'InventorySettings',
      'InventorySkill',
      'ListingOptions',
      'ListInstructionFilenamesOptions',
      'LoadableSkill',
      'LoadedCapabilities',
      'LoadedRule',
      'LoadResult',
      'LocalProject',
      'NestedDelivery',
      'NestedFile',
      'OffloadedFile',
      'OffloadOptions',
      'ParsedFrontmatter',
      'PathInstructions',
      'PathInstructionsEntry',
      'PathInstructionsReason',
      'PathInstructionsSkip',
      'ProjectInstructionsCapability',
      'ProjectInstructionsSnapshot',
      'RemoveOffloadedFilesOptions',
      'RenderedInstructionFile',
      'RenderedInstructions',
      'RenderInstructionsOptions',
      'RenderInventoryOptions',
      'ResolveLocalProjectOptions',
      'Rule',
      'RuleFileReport',
      'RuleScope',
      'RulesLoad',
      'RulesReport',
      'SkillsCapability',
      'SkillsCatalog',
      'SkillsCatalogOptions',
      'TerminalTextOptions',
      'TestHooksOptions',
      'ToolPattern',
      'UsableSkill',
      'ValidationLimits',
    ],
  },
  'agent-context/adapter-kit': {
    file: 'src/adapter-kit.ts',
    load: () => import('./adapter-kit.js'),
    values: [
      'budgetBreakpoints',
      'composeToolList',
      'createBreakpointWarnings',
      'createMessageKeyOf',
      'describeError',
      'expandCommandMessages',
      'fileLayerWorkspace',
      'isHidden',
      'maxCacheBreakpoints',
      'observeTrailingUserInput',
      'offeredCapabilityTools',
      'placeHiddenMessages',
      'prepareModelMessages',
      'resolveCacheBreakpoints',
      'resolveSession',
      'startContextRun',
      'withCapabilityTools',
      'workspaceBatches',
    ],
    types: [
      'AfterToolCallChange',
      'Awaitable',
      'BatchOutcome',
      'BeforeToolCallDecision',
      'BreakpointBudget',
      'CacheBreakpointOptions',
      'CacheBreakpoints',
      'CacheControl',
      'CommandExpansion',
      'CommandMessageFormat',
      'ContextAdapterOptions',
      'ContextEventListener',
      'ContextSessionLike',
      'DirectoryEntry',
      'EntryKind',
      'EventReason',
      'ExpandCommandOptions',
      'ExtractedPaths',
      'FileLayer',
      'FileLayerStat',
      'FileLayerWorkspaceOptions',
      'FileStat',
      'HiddenMessage',
      'HiddenMessageFormat',
      'HiddenMessageRequest',
      'InstructionBlock',
      'InstructionsValue',
      'JsonSchema',
      'ListedDirectory',
      'ListedEntry',
      'ListRequest',
      'MessageFormat',
      'MessageIdentity',
      'MessageKeyOf',
      'ObserveUserInputOptions',
      'ReadFileOptions',
      'ReadFileResult',
      'RunInput',
      'ScannedFile',
      'SelectToolsOptions',
      'SessionSource',
      'ShellExecResult',
      'TextFile',
      'ToolExecutor',
      'ToolListShape',
      'ToolLookupOptions',
      'ToolSelection',
      'Touch',
      'TouchedPath',
      'TouchKind',
      'TouchOptions',
      'TouchSource',
      'TreeScan',
      'TreeScanRequest',
      'UserInputText',
      'WorkspaceBatches',
      'WriteFileOptions',
      'ZodLikeSchema',
    ],
  },
  'agent-context/conversations': {
    file: 'src/conversations.ts',
    load: () => import('./conversations.js'),
    values: [
      'conversationDefaults',
      'fileConversationStore',
      'openConversation',
      'parseSessionSnapshot',
      'postgresConversationStore',
      'savedHiddenMessages',
      'savedLoadedFiles',
      'snapshotVersion',
    ],
    types: [
      'CommandExpansionSnapshot',
      'Conversation',
      'ConversationFile',
      'ConversationStore',
      'FileConversationStoreOptions',
      'FrontCodedEntry',
      'FrontCodedList',
      'HiddenMessageColumns',
      'HiddenMessageFields',
      'HiddenMessagesSnapshot',
      'JsonValue',
      'LoadedFileColumns',
      'NotSavedState',
      'OpenConversationOptions',
      'PostgresConversationStoreOptions',
      'PostgresQueryable',
      'SessionSnapshot',
      'SharedCapabilities',
      'SharedCapability',
      'SharedCapabilityRecord',
      'StatePersistence',
      'StoredConversation',
    ],
  },
  'agent-context/testing': {
    file: 'src/testing.ts',
    load: () => import('./testing.js'),
    values: ['recordingWorkspace'],
    types: ['RecordedCall', 'RecordingWorkspace'],
  },
} as const;

/** The names an entry file re-exports, read from its syntax (values and types apart). */
function exportsOf(file: string): { values: string[]; types: string[]; other: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const values: string[] = [];
  const types: string[] = [];
  const other: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) {
      other.push(statement.getText(source));
      continue;
    }
    const clause = statement.exportClause;
    if (clause === undefined || !ts.isNamedExports(clause)) {
      other.push(statement.getText(source));
      continue;
    }
    for (const element of clause.elements) {
      (statement.isTypeOnly || element.isTypeOnly ? types : values).push(element.name.text);
    }
  }
  return { values: values.sort(), types: types.sort(), other };
}

describe('the public surface', () => {
  for (const [entry, expected] of Object.entries(surface)) {
    describe(entry, () => {
      it('exports exactly the pinned names, by named re-exports only', () => {
        const found = exportsOf(expected.file);
        expect(found.other).toEqual([]);
        expect(found.values).toEqual([...expected.values].sort());
        expect(found.types).toEqual([...expected.types].sort());
      });

      it('has, at run time, exactly the pinned values', async () => {
        const module: Record<string, unknown> = await expected.load();
        expect(Object.keys(module).sort()).toEqual([...expected.values].sort());
      });
    });
  }

  it('keeps the main entry to at most 100 names', () => {
    const main = surface['agent-context'];
    expect(main.values.length + main.types.length).toBeLessThanOrEqual(100);
  });

  it('is wired through package.json `exports` and the build entries', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, unknown> };
    const build = readFileSync('tsup.config.ts', 'utf8');
    for (const [entry, { file }] of Object.entries(surface)) {
      const subpath = entry === 'agent-context' ? '.' : `./${entry.slice('agent-context/'.length)}`;
      const name = subpath === '.' ? 'index' : subpath.slice(2);
      expect(manifest.exports[subpath]).toEqual({
        types: `./dist/${name}.d.ts`,
        import: `./dist/${name}.js`,
      });
      expect(build.match(new RegExp(`\\b${name}'?: '${file}'`, 'g'))?.length).toBe(2);
    }
  });

  it('keeps internals out of every entry', () => {
    const everything = Object.values(surface).flatMap(({ values, types }) => [...values, ...types]);
    for (const internal of [
      'HiddenMessageStore',
      'validateToolInput',
      'pageLines',
      'compareCodePoints',
      'isInside',
      'instructionLabel',
      'toLabel',
      'nestedGuidance',
    ]) {
      expect(everything).not.toContain(internal);
    }
  });
});
