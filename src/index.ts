export type { AgentDefinition } from './agent-definitions/agent-definition.js';
export {
  DEFAULT_AGENT_ROOTS,
  type LoadAgentDefinitionsOptions,
  loadAgentDefinitions,
} from './agent-definitions/load-agent-definitions.js';
export {
  type CapabilityCreationCapability,
  type CapabilityCreationOptions,
  capabilityCreation,
} from './capability-creation/capability-creation.js';
export { capabilityCreationGuidance } from './capability-creation/capability-guidance.js';
export {
  assertCapabilityName,
  capabilityNamePattern,
  isCapabilityName,
} from './capability-creation/capability-name.js';
export {
  type CapabilityOutcome,
  type CapabilityStore,
  type CapabilityStoreOptions,
  createCapabilityStore,
  type LoadedCapabilities,
} from './capability-creation/capability-store.js';
export type { FileLockOptions } from './capability-creation/file-lock.js';
export { formatCapabilitySummary } from './capability-creation/format-capability-summary.js';
export type { CapabilitySummary } from './capability-creation/inspect-capability.js';
export type { CapabilityRecord, CapabilityStatus } from './capability-creation/manifest.js';
export type { ValidationLimits } from './capability-creation/validate-in-sandbox.js';
export type { Diagnostic, DiagnosticSeverity, LoadResult } from './diagnostics.js';
export {
  AgentContextError,
  type AgentContextErrorCode,
  describeError,
  isAgentContextError,
} from './errors.js';
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
export {
  type DiscoverInstructionsOptions,
  discoverInstructions,
  instructionDefaults,
} from './instructions/discover-instructions.js';
export { type FindProjectRootOptions, findProjectRoot } from './instructions/find-project-root.js';
export {
  estimateTokens,
  type FormatInstructionsReportOptions,
  formatDiagnostic,
  formatInstructionsReport,
} from './instructions/format-instructions-report.js';
export { findImportTokens, type ImportToken } from './instructions/import-tokens.js';
export {
  type InspectInstructionsOptions,
  type InstructionsReport,
  inspectInstructions,
} from './instructions/inspect-instructions.js';
export type {
  CeilingReason,
  InstructionDiscovery,
  InstructionFile,
  InstructionImport,
  InstructionReason,
} from './instructions/instruction-file.js';
export { instructionLabel } from './instructions/instruction-label.js';
export type { NestedFile } from './instructions/nested/nested-file.js';
export {
  type NestedDelivery,
  type NestedInstructionsOptions,
  nestedGuidance,
  nestedInstructions,
} from './instructions/nested/nested-instructions.js';
export { progressiveContext, progressiveContextGuidance } from './instructions/nested/progressive-context.js';
export {
  nestedContentsLead,
  progressiveContextHeading,
  renderNestedFiles,
  renderProgressiveContext,
  repoContextPointer,
} from './instructions/nested/render-nested-files.js';
export type { ExtractedPaths, PathExtractor } from './instructions/nested/traversal-paths.js';
export {
  type ProjectInstructionsCapability,
  type ProjectInstructionsOptions,
  type ProjectInstructionsSnapshot,
  projectInstructions,
} from './instructions/project-instructions.js';
export { type ContextFileBlock, renderContextFile, renderContextFiles } from './instructions/render.js';
export {
  type RenderedInstructionFile,
  type RenderedInstructions,
  type RenderInstructionsOptions,
  renderInstructions,
} from './instructions/render-instructions.js';
export {
  type LocalProject,
  type ResolveLocalProjectOptions,
  resolveLocalProject,
} from './instructions/resolve-local-project.js';
export {
  type CheckAssetFieldsOptions,
  type CheckedAssetFields,
  checkAssetFields,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
} from './inventory/check-asset-fields.js';
export {
  DEFAULT_INVENTORY_TOOL_NAME,
  type InventoryOptions,
  inventory,
  inventoryHint,
} from './inventory/inventory.js';
export {
  type InventoryAgent,
  type InventoryAssetFields,
  type InventoryCommand,
  type InventoryHook,
  type InventoryResult,
  type InventoryRoot,
  type InventorySettings,
  type InventorySkill,
  listInventoryDiagnostics,
} from './inventory/inventory-result.js';
export {
  type FrontmatterStatus,
  type ParsedFrontmatter,
  parseFrontmatter,
} from './inventory/parse-frontmatter.js';
export { renderInventorySummary } from './inventory/render-inventory-summary.js';
export { type RenderInventoryOptions, renderInventoryTree } from './inventory/render-inventory-tree.js';
export {
  type CatalogSkill,
  DEFAULT_CATALOG_MAX_CHARS,
  renderSkillsCatalog,
  type SkillsCatalog,
  type SkillsCatalogOptions,
} from './inventory/render-skills-catalog.js';
export { DEFAULT_ASSET_ROOTS, type ScanInventoryOptions, scanInventory } from './inventory/scan-inventory.js';
export { type RepoContextOptions, type RepoContextPreset, repoContext } from './presets/repo-context.js';
export { formatRulesReport } from './rules/format-rules-report.js';
export { ruleFormatNames, ruleFormats } from './rules/formats/index.js';
export {
  type InspectRulesOptions,
  inspectRules,
  type RuleFileReport,
  type RulesReport,
} from './rules/inspect-rules.js';
export { type LoadRulesOptions, loadRules, type RulesLoad } from './rules/load-rules.js';
export type { LoadedRule, Rule, RuleFormatName, RuleScope } from './rules/rule.js';
export type {
  RuleFileFacts,
  RuleFormat,
  RuleLocation,
  RuleScopeReading,
} from './rules/rule-format.js';
export { type RuleMatch, RuleMatcher } from './rules/rule-matcher.js';
export type { ContextAdapterOptions } from './session/adapter-options.js';
export type { CacheBreakpointOptions, CacheControl } from './session/cache-control.js';
export type {
  AfterToolCallChange,
  Awaitable,
  BeforeToolCallDecision,
  Capability,
  ContextEvent,
  ContextSessionLike,
  EventReason,
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
export {
  type ContextEventListener,
  type ContextSession,
  type ContextSessionOptions,
  createContextSession,
  type ObserveUserInputOptions,
} from './session/context-session.js';
export {
  describeLoadedFiles,
  type LoadedFile,
  noNestedFilesMessage,
} from './session/describe-loaded-files.js';
export {
  type HiddenMessage,
  HiddenMessageStore,
  type MessageKeyOf,
  type PlaceHiddenMessagesOptions,
} from './session/hidden-message-store.js';
export type { SessionSource } from './session/session-source.js';
export { extractUserInputPaths, type UserInputPaths } from './session/user-input-paths.js';
export { isZodSchema, validateToolInput } from './session/validate-tool-input.js';
export { DEFAULT_LOAD_SKILL_TOOL_NAME } from './skills/load-skill-tool.js';
export { type SkillsOptions, skills } from './skills/skills.js';
export { type FileToolsOptions, fileTools } from './tools/file-tools.js';
export { listDirectoryTool } from './tools/list-directory-tool.js';
export { type LinePage, type PageLinesOptions, pageLines } from './tools/page-lines.js';
export { type ReadFileToolOptions, readFileTool } from './tools/read-file-tool.js';
export { writeFileTool } from './tools/write-file-tool.js';
export { toLabel } from './workspace/labels.js';
export { type LocalWorkspaceOptions, localWorkspace } from './workspace/local-workspace.js';
export { type MemoryWorkspaceOptions, memoryWorkspace } from './workspace/memory-workspace.js';
export { compareCodePoints, isInside } from './workspace/paths.js';
export { readOnlyWorkspace } from './workspace/read-only-workspace.js';
export { type DecodedText, decodeText, readTextFile, type TextFile } from './workspace/read-text-file.js';
export {
  type RecordedCall,
  type RecordingWorkspace,
  recordingWorkspace,
} from './workspace/recording-workspace.js';
export type {
  DirectoryEntry,
  EntryKind,
  FileStat,
  ReadFileOptions,
  ReadFileResult,
  Workspace,
  WriteFileOptions,
} from './workspace/workspace.js';
