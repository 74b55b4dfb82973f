import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import type { Diagnostic } from '../../diagnostics.js';

/** The tool name of a definition: `^[a-zA-Z0-9_-]{1,64}$`, which every provider accepts. */
export function subAgentToolName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'sub_agent';
}

/** One sub-agent tool to build: its definition, unique name and description. */
export interface SubAgentToolPlan {
  definition: AgentDefinition;
  name: string;
  description: string;
}

/**
 * The tools of `definitions`, one each, in order: named by {@link subAgentToolName}, described as a
 * delegation followed by the definition's description. Names that collide (`api reviewer` and
 * `api_reviewer`, or a name in `taken`) are all kept: the later one gets `_2`, `_3`... and a
 * `sub-agent-name-collision` warning says which.
 */
export function planSubAgentTools(
  definitions: readonly AgentDefinition[],
  taken: readonly string[] = [],
): { tools: SubAgentToolPlan[]; diagnostics: Diagnostic[] } {
  const used = new Set(taken);
  const tools: SubAgentToolPlan[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const definition of definitions) {
    const base = subAgentToolName(definition.name);
    let name = base;
    for (let suffix = 2; used.has(name); suffix += 1) {
      const ending = `_${suffix}`;
      name = `${base.slice(0, 64 - ending.length)}${ending}`;
    }
    if (name !== base) {
      diagnostics.push({
        severity: 'warning',
        code: 'sub-agent-name-collision',
        message: `The agent ${definition.name} (${definition.source}) would be the tool \`${base}\`, which is taken: it is \`${name}\` instead.`,
        path: definition.source,
      });
    }
    used.add(name);
    tools.push({
      definition,
      name,
      description:
        `Delegate a task to the ${definition.name} sub-agent, which answers with its final text. ${definition.description}`.trim(),
    });
  }
  return { tools, diagnostics };
}
