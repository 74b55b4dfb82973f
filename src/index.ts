// agent-context: what you build an agent's context with: each feature's function, its options and
// its defaults, and the types every user meets (sessions, capabilities, workspaces, diagnostics).
// What the features find, as reports and result shapes, with renderers and parsers, is in
// `agent-context/inspect`; what only an adapter's or a workspace's author needs is in
// `agent-context/adapter-kit`; test helpers are in `agent-context/testing`; each framework adapter has
// its own subpath (`agent-context/ai-sdk`, `/langchain`, `/pi`, ...). At most 100 names: the list is
// pinned by `public-surface.test.ts`, so adding a name is a deliberate act.

// Sessions: one per conversation; a run is one agent invocation.

export { type CapabilityGroup, capabilityGroup } from './session/capability-group.js';
export {
  type ContextSession,
  type ContextSessionOptions,
  createContextSession,
} from './session/context-session.js';

// Capabilities: what every capability implements, and what its hooks and tools receive.

export type {
  Capability,
  ContextEvent,
  Run,
  ToolCall,
  ToolCallResult,
  ToolDefinition,
  ToolExecutionContext,
  ToolInputSchema,
} from './session/capability.js';

// Errors and diagnostics: loaders return `{ items, diagnostics }`; only caller mistakes throw.

export type { Diagnostic, DiagnosticCode, DiagnosticSeverity } from './diagnostics.js';
export {
  AgentContextError,
  type AgentContextErrorCode,
  isAgentContextError,
} from './errors.js';

// Workspaces: every file access goes through one.

export { type LocalWorkspaceOptions, localWorkspace } from './workspace/local-workspace.js';
export { type MemoryWorkspaceOptions, memoryWorkspace } from './workspace/memory-workspace.js';
export { readOnlyWorkspace } from './workspace/read-only-workspace.js';
export { readTextFile } from './workspace/read-text-file.js';
export {
  type ShellExec,
  type ShellWorkspaceOptions,
  shellWorkspace,
  shellWorkspaceDefaults,
} from './workspace/shell/shell-workspace.js';
export type { Workspace } from './workspace/workspace.js';

// Project instructions: AGENTS.md, CLAUDE.md and their imports, from the project root down to the
// working directory.

export {
  type DiscoverInstructionsOptions,
  discoverInstructions,
  instructionDefaults,
} from './instructions/discover-instructions.js';

export { type ProjectInstructionsOptions, projectInstructions } from './instructions/project-instructions.js';

export { type FindProjectRootOptions, findProjectRoot } from './project/find-project-root.js';

// Nested instructions: a directory's instruction files when the agent first touches it.

export { nestedInstructionDefaults } from './instructions/nested/nested-instruction-defaults.js';
export {
  type NestedInstructionsOptions,
  nestedInstructions,
} from './instructions/nested/nested-instructions.js';
export { progressiveContext } from './instructions/nested/progressive-context.js';
export type { PathExtractor } from './instructions/nested/traversal-paths.js';

// Rules: the coding assistants' rule files (Cursor, Copilot, Windsurf, ...) in one model.

export { type LoadRulesOptions, loadRules } from './rules/load-rules.js';
export type { RuleFormatName } from './rules/rule.js';
export type { AssistantName } from './tool-vocabulary/assistant.js';

// Inventory: the repository's skills, agents, commands, hooks and settings.

export { type InventoryOptions, inventory } from './inventory/inventory.js';
export { inventoryDefaults } from './inventory/inventory-defaults.js';

export { scanInventory } from './inventory/scan-inventory.js';
export type { ScanInventoryOptions } from './inventory/scan-inventory-options.js';

// Hooks: the repository's hooks (Claude Code, Codex), run as their assistant does when the host allows.

export { findHooks } from './hooks/find-hooks.js';
export type { HookEventName } from './hooks/hook-events.js';

export { type HooksOptions, type HooksRunOption, hooks } from './hooks/hooks.js';
export { hooksDefaults } from './hooks/hooks-defaults.js';

// Skills: a catalog of the repository's skills and a tool that loads one.

export { type SkillsOptions, skills } from './skills/skills.js';
export { skillsDefaults } from './skills/skills-defaults.js';

// Slash commands: every assistant's command files and the skills, as `/name` commands.

export { type CommandsOptions, commands } from './commands/commands.js';
export { commandsDefaults } from './commands/commands-defaults.js';
export { type LoadCommandsOptions, loadCommands } from './commands/load-commands.js';
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

export type { ToolRole } from './tool-vocabulary/tool-role.js';
export {
  type ToolVocabulary,
  type ToolVocabularyOptions,
  toolVocabulary,
} from './tool-vocabulary/tool-vocabulary.js';
export { toolVocabularyDefaults } from './tool-vocabulary/tool-vocabulary-defaults.js';

// File tools: `read_file`, `list_directory`, `write_file`, `find_files` and `search_files`, contained in
// the workspace.

export { type FileToolsOptions, fileTools } from './tools/file-tools.js';
export { fileToolsDefaults } from './tools/file-tools-defaults.js';
export { findFilesTool } from './tools/find-files-tool.js';
export { listDirectoryTool } from './tools/list-directory-tool.js';
export { readFileTool } from './tools/read-file-tool.js';
export { searchFilesTool } from './tools/search-files-tool.js';
export { writeFileTool } from './tools/write-file-tool.js';

// Filesystem context: listings in the prompt and large tool results offloaded to files.

export { filesystemContext } from './filesystem-context/filesystem-context.js';
export {
  type FilesystemContextOptions,
  filesystemContextDefaults,
} from './filesystem-context/filesystem-context-options.js';
export { listOffloadedFiles, removeOffloadedFiles } from './filesystem-context/offloaded-files.js';

// Capability creation: capabilities the agent writes, validated in a sandbox, kept on disk.

export {
  type CapabilityCreationOptions,
  capabilityCreation,
} from './capability-creation/capability-creation.js';
export { capabilityCreationDefaults } from './capability-creation/capability-creation-defaults.js';
export {
  type CapabilityStore,
  type CapabilityStoreOptions,
  createCapabilityStore,
} from './capability-creation/capability-store.js';

// Presets: `repoContext()`, the bundle that takes RepoContext's option names.

export { type RepoContext, type RepoContextOptions, repoContext } from './presets/repo-context.js';
