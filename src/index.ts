// agent-context: what you build an agent's context with. Reports, renderers and parsers for tools
// that inspect a repository are in `agent-context/inspect`, test helpers in `agent-context/testing`,
// and each framework adapter has its own subpath (`agent-context/ai-sdk`, `/langchain`, `/pi`, ...).
// The list is pinned by `public-surface.test.ts`: adding a name is a deliberate act.

// Sessions: one per conversation; a run is one agent invocation.

export { type CapabilityGroup, capabilityGroup } from './session/capability-group.js';
export {
  type ContextEventListener,
  type ContextSession,
  type ContextSessionOptions,
  createContextSession,
  type ObserveUserInputOptions,
} from './session/context-session.js';

// Capabilities: what every capability implements, and what its hooks and tools receive.

export type {
  AfterToolCallChange,
  Awaitable,
  BeforeToolCallDecision,
  Capability,
  CommandExpansion,
  ContextEvent,
  ContextSessionLike,
  EventReason,
  ExpandCommandOptions,
  HiddenMessageRequest,
  InstructionBlock,
  InstructionsValue,
  JsonSchema,
  Run,
  ToolCall,
  ToolCallResult,
  ToolDefinition,
  ToolExecutionContext,
  ToolExecutor,
  ToolInputSchema,
  Touch,
  TouchedPath,
  TouchKind,
  TouchOptions,
  TouchSource,
  ZodLikeSchema,
} from './session/capability.js';

// Options every framework adapter shares.

export type { ContextAdapterOptions } from './session/adapter-options.js';
export type { CacheBreakpointOptions, CacheControl } from './session/cache-control.js';
export type { SessionSource } from './session/session-source.js';

// Errors and diagnostics: loaders return `{ items, diagnostics }`; only caller mistakes throw.

export type { Diagnostic, DiagnosticCode, DiagnosticSeverity, LoadResult } from './diagnostics.js';
export {
  AgentContextError,
  type AgentContextErrorCode,
  describeError,
  isAgentContextError,
} from './errors.js';

// Workspaces: every file access goes through one.

export {
  type FileLayer,
  type FileLayerStat,
  type FileLayerWorkspaceOptions,
  fileLayerWorkspace,
} from './workspace/file-layer-workspace.js';
export { type LocalWorkspaceOptions, localWorkspace } from './workspace/local-workspace.js';
export { type MemoryWorkspaceOptions, memoryWorkspace } from './workspace/memory-workspace.js';
export { readOnlyWorkspace } from './workspace/read-only-workspace.js';
export { readTextFile, type TextFile } from './workspace/read-text-file.js';
export {
  type ShellExec,
  type ShellExecResult,
  type ShellWorkspaceOptions,
  shellWorkspace,
  shellWorkspaceDefaults,
} from './workspace/shell/shell-workspace.js';
export type {
  BatchOutcome,
  DirectoryEntry,
  EntryKind,
  FileStat,
  ListedDirectory,
  ListedEntry,
  ListRequest,
  ReadFileOptions,
  ReadFileResult,
  Workspace,
  WriteFileOptions,
} from './workspace/workspace.js';
export { type WorkspaceBatches, workspaceBatches } from './workspace/workspace-batches.js';

// Project instructions: AGENTS.md, CLAUDE.md and their imports, from the project root down to the
// working directory.

export {
  type DiscoverInstructionsOptions,
  discoverInstructions,
  instructionDefaults,
} from './instructions/discover-instructions.js';
export type {
  InstructionDiscovery,
  InstructionFile,
  InstructionImport,
  InstructionReason,
} from './instructions/instruction-file.js';
export {
  type ProjectInstructionsCapability,
  type ProjectInstructionsOptions,
  type ProjectInstructionsSnapshot,
  projectInstructions,
} from './instructions/project-instructions.js';
export {
  type RenderedInstructionFile,
  type RenderedInstructions,
  type RenderInstructionsOptions,
  renderInstructions,
} from './instructions/render-instructions.js';
export { type FindProjectRootOptions, findProjectRoot } from './project/find-project-root.js';
export type { CeilingReason } from './project/walk-up-directories.js';

// Nested instructions: a directory's instruction files when the agent first touches it.

export { nestedInstructionDefaults } from './instructions/nested/nested-instruction-defaults.js';
export {
  type NestedDelivery,
  type NestedInstructionsOptions,
  nestedInstructions,
} from './instructions/nested/nested-instructions.js';
export { progressiveContext } from './instructions/nested/progressive-context.js';
export type { ExtractedPaths, PathExtractor } from './instructions/nested/traversal-paths.js';
export type { NestedFile } from './rules/nested-file.js';

// Rules: the coding assistants' rule files (Cursor, Copilot, Windsurf, ...) in one model.

export type { AssistantName, AssistantReading } from './rules/assistants/assistant-reading.js';
export { assistantNames, assistantReadings } from './rules/assistants/index.js';
export { ruleFormatNames } from './rules/formats/index.js';
export { type LoadRulesOptions, loadRules, type RulesLoad } from './rules/load-rules.js';
export type { LoadedRule, Rule, RuleFormatName, RuleScope } from './rules/rule.js';

// Inventory: the repository's skills, agents, commands, hooks and settings.

export { type InventoryOptions, inventory } from './inventory/inventory.js';
export { inventoryDefaults } from './inventory/inventory-defaults.js';
export {
  type InventoryAgent,
  type InventoryAssetFields,
  type InventoryCommand,
  type InventoryHook,
  type InventoryResult,
  type InventoryRoot,
  type InventoryRule,
  type InventorySettings,
  type InventorySkill,
  listInventoryDiagnostics,
} from './inventory/inventory-result.js';
export { type ScanInventoryOptions, scanInventory } from './inventory/scan-inventory.js';

// Hooks: the repository's hooks (Claude Code, Codex), run as their assistant does when the host allows.

export { findHooks, type HookCommand, type HookFormat } from './hooks/find-hooks.js';
export type { HookEventName } from './hooks/hook-events.js';
export type { HookRun } from './hooks/hook-outcome.js';
export { type HooksOptions, type HooksRunOption, hooks } from './hooks/hooks.js';
export { hooksDefaults } from './hooks/hooks-defaults.js';
export {
  type HookEffect,
  type HookTestResult,
  type TestHooksOptions,
  testHooks,
} from './hooks/test-hooks.js';

// Skills: a catalog of the repository's skills and a tool that loads one.

export { type LoadableSkill, type SkillsCapability, type SkillsOptions, skills } from './skills/skills.js';
export { skillsDefaults } from './skills/skills-defaults.js';
export type { UsableSkill } from './skills/usable-skills.js';

// Slash commands: every assistant's command files and the skills, as `/name` commands.

export type { Command, CommandFormatName, CommandSource } from './commands/command.js';
export {
  type CommandSummary,
  type CommandsCapability,
  type CommandsOptions,
  commands,
} from './commands/commands.js';
export { commandsDefaults } from './commands/commands-defaults.js';
export { type CommandsLoad, type LoadCommandsOptions, loadCommands } from './commands/load-commands.js';
export type { CommandsRunOption, ShellLine } from './commands/run-shell-line.js';

// Sub-agents: the agent definitions of a repository.

export type { AgentDefinition } from './agent-definitions/agent-definition.js';
export { agentDefinitionDefaults } from './agent-definitions/agent-definition-defaults.js';
export {
  type LoadAgentDefinitionsOptions,
  loadAgentDefinitions,
} from './agent-definitions/load-agent-definitions.js';

// Tool vocabulary: each assistant's tool names (`Read`, `editFiles`, `run_shell_command`...) and the
// session's and host's tools they stand for; used by sub-agents, hook matchers and `allowed-tools`.

export { type Assistant, assistantOfFile, assistants } from './tool-vocabulary/assistant.js';
export { type AssistantToolName, assistantToolNames } from './tool-vocabulary/assistant-tool-names.js';
export { parseToolList } from './tool-vocabulary/check-tool-names.js';
export { parseToolPattern, type ToolPattern } from './tool-vocabulary/parse-tool-pattern.js';
export { type ToolRole, toolRoles } from './tool-vocabulary/tool-role.js';
export {
  type SelectToolsOptions,
  type ToolLookupOptions,
  type ToolSelection,
  type ToolVocabulary,
  type ToolVocabularyOptions,
  toolVocabulary,
} from './tool-vocabulary/tool-vocabulary.js';
export { toolVocabularyDefaults } from './tool-vocabulary/tool-vocabulary-defaults.js';

// File tools: `read_file`, `list_directory`, `write_file`, `find_files` and `search_files`, contained in
// the workspace.

export { type FileToolsOptions, fileTools } from './tools/file-tools.js';
export { fileToolsDefaults } from './tools/file-tools-defaults.js';
export { type FindFilesToolOptions, findFilesTool } from './tools/find-files-tool.js';
export { type ListDirectoryToolOptions, listDirectoryTool } from './tools/list-directory-tool.js';
export { type ReadFileToolOptions, readFileTool } from './tools/read-file-tool.js';
export { type SearchFilesToolOptions, searchFilesTool } from './tools/search-files-tool.js';
export { writeFileTool } from './tools/write-file-tool.js';

// Filesystem context: listings in the prompt and large tool results offloaded to files.

export { filesystemContext } from './filesystem-context/filesystem-context.js';
export {
  type FilesystemContextOptions,
  filesystemContextDefaults,
  type ListingOptions,
  type OffloadOptions,
} from './filesystem-context/filesystem-context-options.js';
export {
  listOffloadedFiles,
  type OffloadedFile,
  type RemoveOffloadedFilesOptions,
  removeOffloadedFiles,
} from './filesystem-context/offloaded-files.js';

// Capability creation: capabilities the agent writes, validated in a sandbox, kept on disk.

export {
  type CapabilityCreationCapability,
  type CapabilityCreationOptions,
  capabilityCreation,
} from './capability-creation/capability-creation.js';
export { capabilityCreationDefaults } from './capability-creation/capability-creation-defaults.js';
export {
  type CapabilityOutcome,
  type CapabilityStore,
  type CapabilityStoreOptions,
  createCapabilityStore,
  type LoadedCapabilities,
} from './capability-creation/capability-store.js';
export type { FileLockOptions } from './capability-creation/file-lock.js';
export type { CapabilityRecord, CapabilityStatus } from './capability-creation/manifest.js';
export type { ValidationLimits } from './capability-creation/validate-in-sandbox.js';

// Presets: `repoContext()`, the bundle that takes RepoContext's option names.

export {
  type RepoContext,
  type RepoContextOptions,
  type RepoContextPreset,
  repoContext,
} from './presets/repo-context.js';
