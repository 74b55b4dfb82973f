// agent-context/inspect: what the `agent-context` CLI shows, as functions. Reports of what the
// library finds without a session and their text, the renderers of the prompt text the
// capabilities use, and the parsers of the files they read.

// Diagnostics: one line each, as every command prints them.

export { formatDiagnostic } from './format-diagnostic.js';
export { unreadableWorkingDirectory } from './workspace/unreadable-directories.js';

// Terminal text: repository text made safe to print, as every command prints it.

export { type TerminalTextOptions, terminalText } from './text/terminal-text.js';

// Local projects: a directory on disk and its ceiling resolved to real paths, as every command resolves them.

export {
  type LocalProject,
  type ResolveLocalProjectOptions,
  resolveLocalProject,
} from './project/resolve-local-project.js';

// Instructions: the report of `agent-context inspect` and `render`.

export type { AssistantReport, DroppedFile } from './instructions/assistant-instructions.js';
export {
  estimateTokens,
  type FormatInstructionsReportOptions,
  formatInstructionsReport,
} from './instructions/format-instructions-report.js';
export {
  type InspectInstructionsOptions,
  type InstructionsReport,
  inspectInstructions,
} from './instructions/inspect-instructions.js';
export type { InstructionFilenames } from './instructions/instruction-filenames.js';
export {
  type ListInstructionFilenamesOptions,
  listInstructionFilenames,
} from './instructions/list-instruction-filenames.js';

// One path: everything an agent gets when it touches a file (`agent-context path`, MCP `instructions_for_path`).

export {
  type InstructionsForPathOptions,
  instructionsForPath,
  type PathInstructions,
  type PathInstructionsEntry,
  type PathInstructionsReason,
  type PathInstructionsSkip,
} from './presets/instructions-for-path.js';

// Rules: the report of `agent-context rules`.

export { formatRulesReport } from './rules/format-rules-report.js';
export {
  type InspectRulesOptions,
  inspectRules,
  type RuleFileReport,
  type RulesReport,
} from './rules/inspect-rules.js';

// Inventory: the tree of `agent-context inventory` and the summary in `inspect`.

export { capInventoryReport } from './inventory/cap-inventory-report.js';
export { renderInventorySummary } from './inventory/render-inventory-summary.js';
export {
  type RenderInventoryOptions,
  renderInventoryTree,
  writeInventoryTree,
} from './inventory/render-inventory-tree.js';

// Capability creation: the lines of `agent-context capabilities`.

export { formatCapabilitySummary } from './capability-creation/format-capability-summary.js';
export type { CapabilitySummary } from './capability-creation/inspect-capability.js';

// Prompt text: how the capabilities render instruction files and the skills catalog.

export { renderNestedFiles } from './instructions/nested/render-nested-files.js';
export { type ContextFileBlock, renderContextFile, renderContextFiles } from './instructions/render.js';
export {
  type CatalogSkill,
  renderSkillsCatalog,
  type SkillsCatalog,
  type SkillsCatalogOptions,
} from './inventory/render-skills-catalog.js';

// Parsers: frontmatter, and the checks of an asset's name and description.

export {
  type FrontmatterStatus,
  type ParsedFrontmatter,
  parseFrontmatter,
} from './frontmatter/parse-frontmatter.js';
export {
  type CheckAssetFieldsOptions,
  type CheckedAssetFields,
  checkAssetFields,
} from './inventory/check-asset-fields.js';

// What the features of `agent-context` find, as result shapes: instruction files, rules, the inventory,
// hooks, skills, commands, offloaded files and authored capabilities; the lists behind the tool
// vocabulary; `testHooks` (`agent-context hooks --test`).

export type { CapabilityCreationCapability } from './capability-creation/capability-creation.js';
export type { CapabilityOutcome, LoadedCapabilities } from './capability-creation/capability-store.js';
export type { FileLockOptions } from './capability-creation/file-lock.js';
export type { CapabilityRecord, CapabilityStatus } from './capability-creation/manifest.js';
export type { ValidationLimits } from './capability-creation/validate-in-sandbox.js';
export type { Command, CommandFormatName, CommandSource } from './commands/command.js';
export type { CommandSummary, CommandsCapability } from './commands/commands.js';
export type { CommandsLoad } from './commands/load-commands.js';
export type { LoadResult } from './diagnostics.js';
export type { ListingOptions, OffloadOptions } from './filesystem-context/filesystem-context-options.js';
export type { OffloadedFile, RemoveOffloadedFilesOptions } from './filesystem-context/offloaded-files.js';
export type { HookCommand, HookFormat } from './hooks/find-hooks.js';
export type { HookRun } from './hooks/hook-outcome.js';
export {
  type HookEffect,
  type HookTestResult,
  type TestHooksOptions,
  testHooks,
} from './hooks/test-hooks.js';
export type {
  InstructionDiscovery,
  InstructionFile,
  InstructionImport,
  InstructionReason,
} from './instructions/instruction-file.js';
export type { NestedDelivery } from './instructions/nested/nested-instructions.js';
export type {
  ProjectInstructionsCapability,
  ProjectInstructionsSnapshot,
} from './instructions/project-instructions.js';
export {
  type RenderedInstructionFile,
  type RenderedInstructions,
  type RenderInstructionsOptions,
  renderInstructions,
} from './instructions/render-instructions.js';
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
export type { CeilingReason } from './project/walk-up-directories.js';
export type { AssistantReading } from './rules/assistants/assistant-reading.js';
export { assistantReadings } from './rules/assistants/index.js';
export { ruleFormatNames } from './rules/formats/index.js';
export type { RulesLoad } from './rules/load-rules.js';
export type { NestedFile } from './rules/nested-file.js';
export type { LoadedRule, Rule, RuleScope } from './rules/rule.js';
export type { LoadableSkill, SkillsCapability } from './skills/skills.js';
export type { UsableSkill } from './skills/usable-skills.js';
export { assistantNames, assistantOfFile } from './tool-vocabulary/assistant.js';
export { type AssistantToolName, assistantToolNames } from './tool-vocabulary/assistant-tool-names.js';
export { parseToolList } from './tool-vocabulary/check-tool-names.js';
export { parseToolPattern, type ToolPattern } from './tool-vocabulary/parse-tool-pattern.js';
export { toolRoles } from './tool-vocabulary/tool-role.js';
