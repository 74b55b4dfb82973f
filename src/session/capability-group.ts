import type { Capability } from './capability.js';

/** Marks a group made by {@link capabilityGroup} (a registered symbol, so two copies of the package agree). */
const groupMark = Symbol.for('agent-context.capability-group');

/**
 * Capabilities composed into one value for a session's `capabilities` list. The members are
 * configured capabilities, exactly as if they were listed in the group's place: their names must be
 * unique in the session, their tools claim their names first, and nothing about them is checked at
 * run start. That is what tells a group from a capability's `capabilities(run)` hook, whose results
 * are contributed: checked at every run start and skipped with a diagnostic when broken.
 */
export interface CapabilityGroup {
  /** Names the group in error messages. Not a capability name: it needs no uniqueness. */
  readonly name: string;
  /** The members, in order; a member may be a group itself. */
  readonly capabilities: readonly (Capability | CapabilityGroup)[];
  readonly [groupMark]: true;
}

/** An entry of a session's `capabilities` list: one capability, or a group of them. */
export type CapabilityEntry = Capability | CapabilityGroup;

/**
 * Compose capabilities into one value that stands in a session's `capabilities` list for all of
 * them, in order. The members are copied; the list given is not kept.
 *
 * @example
 * const review = capabilityGroup('review', [projectInstructions(), fileTools()]);
 * const session = createContextSession({ workspace, capabilities: [review, nestedInstructions()] });
 */
export function capabilityGroup(name: string, capabilities: readonly CapabilityEntry[]): CapabilityGroup {
  return Object.freeze({ name, capabilities: Object.freeze([...capabilities]), [groupMark]: true as const });
}

/** True for a value made by {@link capabilityGroup} (or a preset built on it, like `repoContext()`). */
export function isCapabilityGroup(value: unknown): value is CapabilityGroup {
  return (
    typeof value === 'object' && value !== null && (value as Partial<CapabilityGroup>)[groupMark] === true
  );
}

/**
 * The capabilities of a `capabilities` list with every group replaced by its members, in order
 * (depth first). A group cannot contain itself: its members are fixed when it is made.
 */
export function flattenCapabilities(entries: readonly CapabilityEntry[]): Capability[] {
  return entries.flatMap((entry) =>
    isCapabilityGroup(entry) ? flattenCapabilities(entry.capabilities) : [entry],
  );
}
