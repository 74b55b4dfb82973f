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
      'assistantNames',
      'assistantOfFile',
      'assistantReadings',
      'assistantToolNames',
      'assistants',
      'capabilityCreation',
      'capabilityCreationDefaults',
      'capabilityGroup',
      'commands',
      'commandsDefaults',
      'loadCommands',
      'createCapabilityStore',
      'createContextSession',
      'describeError',
      'discoverInstructions',
      'fileLayerWorkspace',
      'fileTools',
      'fileToolsDefaults',
      'filesystemContext',
      'filesystemContextDefaults',
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
      'listInventoryDiagnostics',
      'listOffloadedFiles',
      'loadAgentDefinitions',
      'loadRules',
      'localWorkspace',
      'memoryWorkspace',
      'nestedInstructionDefaults',
      'nestedInstructions',
      'parseToolList',
      'parseToolPattern',
      'progressiveContext',
      'projectInstructions',
      'readFileTool',
      'readOnlyWorkspace',
      'readTextFile',
      'removeOffloadedFiles',
      'renderInstructions',
      'repoContext',
      'ruleFormatNames',
      'shellWorkspace',
      'shellWorkspaceDefaults',
      'scanInventory',
      'searchFilesTool',
      'skills',
      'skillsDefaults',
      'testHooks',
      'toolRoles',
      'toolVocabulary',
      'toolVocabularyDefaults',
      'writeFileTool',
      'workspaceBatches',
    ],
    types: [
      'AssistantName',
      'AssistantReading',
      'ShellExec',
      'ShellExecResult',
      'ShellWorkspaceOptions',
      'BatchOutcome',
      'ListedDirectory',
      'ListedEntry',
      'ListRequest',
      'WorkspaceBatches',
      'AfterToolCallChange',
      'AgentContextErrorCode',
      'AgentDefinition',
      'Assistant',
      'AssistantToolName',
      'Awaitable',
      'BeforeToolCallDecision',
      'CacheBreakpointOptions',
      'CacheControl',
      'Capability',
      'CapabilityCreationCapability',
      'CapabilityCreationOptions',
      'CapabilityGroup',
      'CapabilityOutcome',
      'CapabilityRecord',
      'CapabilityStatus',
      'CapabilityStore',
      'CapabilityStoreOptions',
      'CeilingReason',
      'ContextAdapterOptions',
      'ContextEvent',
      'ContextEventListener',
      'ContextSession',
      'ContextSessionLike',
      'ContextSessionOptions',
      'Diagnostic',
      'DiagnosticCode',
      'DiagnosticSeverity',
      'DirectoryEntry',
      'DiscoverInstructionsOptions',
      'EntryKind',
      'EventReason',
      'ExtractedPaths',
      'FileLayer',
      'FileLayerStat',
      'FileLayerWorkspaceOptions',
      'FileLockOptions',
      'FileStat',
      'FileToolsOptions',
      'FilesystemContextOptions',
      'FindFilesToolOptions',
      'FindProjectRootOptions',
      'HiddenMessageRequest',
      'HookCommand',
      'HookEffect',
      'HookEventName',
      'HookFormat',
      'HookRun',
      'HookTestResult',
      'HooksOptions',
      'HooksRunOption',
      'InstructionBlock',
      'InstructionDiscovery',
      'InstructionFile',
      'InstructionImport',
      'InstructionReason',
      'InstructionsValue',
      'InventoryAgent',
      'InventoryAssetFields',
      'InventoryCommand',
      'InventoryHook',
      'InventoryOptions',
      'InventoryResult',
      'InventoryRoot',
      'InventoryRule',
      'InventorySettings',
      'InventorySkill',
      'JsonSchema',
      'ListDirectoryToolOptions',
      'ListingOptions',
      'LoadAgentDefinitionsOptions',
      'LoadResult',
      'LoadRulesOptions',
      'LoadedCapabilities',
      'LoadedRule',
      'LocalWorkspaceOptions',
      'MemoryWorkspaceOptions',
      'NestedDelivery',
      'NestedFile',
      'NestedInstructionsOptions',
      'ObserveUserInputOptions',
      'OffloadOptions',
      'OffloadedFile',
      'PathExtractor',
      'ProjectInstructionsCapability',
      'ProjectInstructionsOptions',
      'ProjectInstructionsSnapshot',
      'ReadFileOptions',
      'ReadFileResult',
      'ReadFileToolOptions',
      'RemoveOffloadedFilesOptions',
      'RenderInstructionsOptions',
      'RenderedInstructionFile',
      'RenderedInstructions',
      'RepoContext',
      'RepoContextOptions',
      'RepoContextPreset',
      'Rule',
      'RuleFormatName',
      'RuleScope',
      'RulesLoad',
      'Run',
      'ScanInventoryOptions',
      'SearchFilesToolOptions',
      'SelectToolsOptions',
      'SessionSource',
      'SkillsOptions',
      'Command',
      'CommandExpansion',
      'CommandFormatName',
      'CommandSource',
      'CommandSummary',
      'CommandsCapability',
      'CommandsLoad',
      'CommandsOptions',
      'CommandsRunOption',
      'ShellLine',
      'ExpandCommandOptions',
      'LoadCommandsOptions',
      'LoadableSkill',
      'SkillsCapability',
      'UsableSkill',
      'TestHooksOptions',
      'TextFile',
      'ToolCall',
      'ToolCallResult',
      'ToolDefinition',
      'ToolExecutionContext',
      'ToolExecutor',
      'ToolInputSchema',
      'ToolLookupOptions',
      'ToolPattern',
      'ToolRole',
      'ToolSelection',
      'ToolVocabulary',
      'ToolVocabularyOptions',
      'Touch',
      'TouchKind',
      'TouchOptions',
      'TouchSource',
      'TouchedPath',
      'ValidationLimits',
      'Workspace',
      'WriteFileOptions',
      'ZodLikeSchema',
    ],
  },
  'agent-context/inspect': {
    file: 'src/inspect.ts',
    load: () => import('./inspect.js'),
    values: [
      'checkAssetFields',
      'estimateTokens',
      'formatCapabilitySummary',
      'formatDiagnostic',
      'formatInstructionsReport',
      'formatRulesReport',
      'inspectInstructions',
      'inspectRules',
      'instructionsForPath',
      'parseFrontmatter',
      'renderContextFile',
      'renderContextFiles',
      'renderInventorySummary',
      'renderInventoryTree',
      'renderNestedFiles',
      'renderSkillsCatalog',
    ],
    types: [
      'AssistantReport',
      'CapabilitySummary',
      'CatalogSkill',
      'CheckAssetFieldsOptions',
      'CheckedAssetFields',
      'ContextFileBlock',
      'DroppedFile',
      'FormatInstructionsReportOptions',
      'FrontmatterStatus',
      'InspectInstructionsOptions',
      'InspectRulesOptions',
      'InstructionsForPathOptions',
      'InstructionsReport',
      'ParsedFrontmatter',
      'PathInstructions',
      'PathInstructionsEntry',
      'PathInstructionsReason',
      'RenderInventoryOptions',
      'RuleFileReport',
      'RulesReport',
      'SkillsCatalog',
      'SkillsCatalogOptions',
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
      expect(build.match(new RegExp(`\\b${name}: '${file}'`, 'g'))?.length).toBe(2);
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
