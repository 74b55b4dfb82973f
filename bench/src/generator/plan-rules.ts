import { createRandom } from '../random.js';
import type { RepositoryPlan } from './plan-repository.js';
import type { TouchEvent } from './touch-events.js';

/** One path-scoped (`files`) rule file of a synthetic repository, at the repository root. */
export interface PlannedRule {
  /** Relative POSIX path of the rule file (`.claude/rules/...`, `.cursor/rules/...`, `.github/instructions/...`). */
  path: string;
  /** The assistant format it is written in. */
  format: 'claude-code' | 'cursor' | 'github-copilot';
  /** Its globs, relative to the repository root. */
  globs: string[];
  /** The whole file: frontmatter and a body no other rule shares. */
  text: string;
}

/** Options of {@link planRules}. */
export interface RulePlanOptions {
  /** Number of rules. */
  count: number;
  /** Seed of the rules (independent of the repository seed). Default 3. */
  seed?: number;
}

const extensions = ['ts', 'tsx', 'json', 'md', 'css', 'txt'];

/**
 * Plan `count` path-scoped rules over a planned repository, spread over the three formats teams use
 * most for them (Claude Code `paths`, Cursor `globs`, Copilot `applyTo`), one to three globs each, in
 * the shapes real rule files have: a directory's files of one kind at any depth
 * (`packages/app/src/**\/*.ts`, `packages/app/**\/*.{ts,tsx}`), a directory's own files
 * (`packages/app/*.json`), everything under a directory (`packages/app/server/**`), and now and then
 * one kind of file anywhere (`**\/*.css`, `*.md`). Deterministic: the same plan, count and seed give the same rules, byte for byte.
 */
export function planRules(plan: RepositoryPlan, options: RulePlanOptions): PlannedRule[] {
  const random = createRandom(options.seed ?? 3);
  const directories = plan.sourceDirectories.filter((directory) => directory !== 'packages');
  const rules: PlannedRule[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const globs: string[] = [];
    const globCount = random.integer(1, 3);
    while (globs.length < globCount) {
      const directory = random.pick(directories);
      const extension = random.pick(extensions);
      const roll = random.next();
      const glob =
        roll < 0.03
          ? random.chance(0.5)
            ? `**/*.${extension}`
            : `*.${extension}`
          : roll < 0.4
            ? `${directory}/**/*.${extension}`
            : roll < 0.5
              ? `${directory}/**/*.{ts,tsx}`
              : roll < 0.8
                ? `${directory}/*.${extension}`
                : `${directory}/**`;
      if (!globs.includes(glob)) globs.push(glob);
    }
    const number = String(index).padStart(4, '0');
    const body = `# Rule ${number}\n\n- When you change ${globs.join(' or ')}, keep rule ${number} in mind (${random.integer(0, 999_999)}).\n`;
    const format = (['claude-code', 'cursor', 'github-copilot'] as const)[index % 3]!;
    rules.push({ format, globs, ...ruleFile(format, number, globs, body) });
  }
  return rules;
}

function ruleFile(
  format: PlannedRule['format'],
  number: string,
  globs: readonly string[],
  body: string,
): { path: string; text: string } {
  const quoted = (glob: string) => JSON.stringify(glob);
  if (format === 'claude-code') {
    const paths = globs.map((glob) => `  - ${quoted(glob)}`).join('\n');
    return { path: `.claude/rules/rule-${number}.md`, text: `---\npaths:\n${paths}\n---\n${body}` };
  }
  if (format === 'cursor') {
    // Cursor writes its comma list unquoted; a glob starting with `*` needs quotes in YAML.
    const list = globs.join(', ');
    const value = list.startsWith('*') ? quoted(list) : list;
    return {
      path: `.cursor/rules/rule-${number}.mdc`,
      text: `---\ndescription: Conventions ${number}\nglobs: ${value}\nalwaysApply: false\n---\n${body}`,
    };
  }
  return {
    path: `.github/instructions/rule-${number}.instructions.md`,
    text: `---\napplyTo: ${quoted(globs.join(','))}\n---\n${body}`,
  };
}

/**
 * Whether a repository-relative path matches one of the glob shapes {@link planRules} writes, by
 * plain string tests (the bench's own ground truth, independent of the library's glob engine).
 */
export function plannedGlobMatches(
  glob: string,
  path: string,
  format: PlannedRule['format'] = 'github-copilot',
): boolean {
  const slash = path.lastIndexOf('/');
  const directory = path.slice(0, slash);
  const name = path.slice(slash + 1);
  if (glob.startsWith('**/*.')) return name.endsWith(glob.slice(4));
  // Claude Code and Cursor read `*.md` as the Markdown files of the root only; Copilot as any depth.
  if (glob.startsWith('*.'))
    return name.endsWith(glob.slice(1)) && (format === 'github-copilot' || !path.includes('/'));
  if (glob.endsWith('/**')) return path.startsWith(glob.slice(0, -2));
  const anyDepth = glob.lastIndexOf('/**/*.');
  if (anyDepth !== -1) {
    const base = glob.slice(0, anyDepth);
    const ending = glob.slice(anyDepth + 5);
    const endings = ending === '.{ts,tsx}' ? ['.ts', '.tsx'] : [ending];
    return path.startsWith(`${base}/`) && endings.some((candidate) => name.endsWith(candidate));
  }
  const own = glob.lastIndexOf('/*.');
  if (own !== -1) return directory === glob.slice(0, own) && name.endsWith(glob.slice(own + 2));
  throw new Error(`not a planned glob shape: ${glob}`);
}

/**
 * The ground truth of a replay with rules: for each event, the paths of the rules a correct session
 * delivers then, sorted: every rule with a glob matching the read file, minus those an earlier event
 * delivered. A directory listing delivers none (rules are about files).
 */
export function expectedRuleDeliveries(
  rules: readonly PlannedRule[],
  events: readonly TouchEvent[],
): string[][] {
  const delivered = new Set<string>();
  return events.map((event) => {
    if (event.kind === 'directory') return [];
    const found: string[] = [];
    for (const rule of rules) {
      if (delivered.has(rule.path)) continue;
      if (rule.globs.some((glob) => plannedGlobMatches(glob, event.path, rule.format))) {
        delivered.add(rule.path);
        found.push(rule.path);
      }
    }
    return found.sort();
  });
}
