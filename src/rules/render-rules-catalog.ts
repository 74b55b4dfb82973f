import { cutWithEllipsis } from '../text/cut-text.js';
import type { Rule } from './rule.js';

/** The longest description a catalog line keeps; longer ones end with `…`. */
const maxDescription = 300;

/**
 * The rules catalog: one line per `described` rule, `- PATH: DESCRIPTION`, in load order, wrapped
 * in `<rules>`, telling the agent to read a rule's file when it is relevant. `''` when there is none.
 * The text depends only on the rules, so it stays byte-identical across runs of an unchanged tree.
 *
 * @example
 * renderRulesCatalog(rules)
 * // '<rules>\nRules that apply only in some situations (file: when it applies). ...\n- .cursor/rules/release.mdc: How to cut a release\n</rules>'
 */
export function renderRulesCatalog(rules: readonly Rule[]): string {
  const described = rules.filter((rule) => rule.scope === 'described');
  return renderRulesCatalogOf(
    described.map((rule) => ({ path: rule.path, description: rule.description ?? rule.name })),
  );
}

/** {@link renderRulesCatalog} of entries already chosen: a `<rules>` block, `''` for none. */
export function renderRulesCatalogOf(entries: ReadonlyArray<{ path: string; description: string }>): string {
  if (entries.length === 0) return '';
  const lines = entries.map((entry) => `- ${entry.path}: ${oneLine(entry.description)}`);
  return [
    '<rules>',
    'Rules that apply only in some situations (file: when it applies). When one is relevant to your task, read its file before you go on.',
    ...lines,
    '</rules>',
  ].join('\n');
}

function oneLine(text: string): string {
  return cutWithEllipsis(text.replace(/\s+/g, ' ').trim(), maxDescription);
}
