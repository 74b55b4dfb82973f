import { renderSkillsCatalog } from '../inventory/render-skills-catalog.js';
import type { Capability, ContextSessionLike, Run, TouchedPath } from '../session/capability.js';
import { savedState } from '../session/saved-state.js';
import { type CompiledGlob, compileGlob } from '../shared/compile-glob.js';
import { toLabel } from '../workspace/labels.js';
import { isInside } from '../workspace/paths.js';
import type { LoadableSkill } from './load-skill-tool.js';

/** The skills the model may load in a run. */
export type SkillsOfRun = (run: Run) => Promise<readonly LoadableSkill[]>;

/** Options of {@link skillsOffer}. */
export interface SkillsOfferOptions {
  /** The capability name, on events and hidden messages. */
  capability: string;
  /** The loading tool's name, named in the offer. */
  toolName: string;
  skillsOf: SkillsOfRun;
}

/** The touch hooks of the skills capability. */
export type SkillsOffer = Required<Pick<Capability, 'afterToolCall' | 'onTouch'>>;

/**
 * The skills with `paths`, offered where they apply: after the first touch of a file that one of
 * the skill's globs matches (relative to the working directory; a glob without `/` matches the file
 * name at any depth), a hidden message lists the skill as the catalog would, anchored after the tool
 * result (or the user message) that touched it. Each skill is offered once per session; the run's
 * catalog never changes. A glob that cannot be compiled is a `diagnostic` event, once per session.
 */
export function skillsOffer(options: SkillsOfferOptions): SkillsOffer {
  const { capability, toolName, skillsOf } = options;
  // The skills offered in a session, by label; `reset()` forgets them.
  const offeredKey = {};
  const offeredOf = (session: ContextSessionLike) =>
    session.state(offeredKey, () => new Set<string>(), {
      key: `${capability}/offered`,
      save: (offered) => [...offered],
      restore: (saved) => new Set(savedState.strings(saved, 'offered')),
    });
  const globsOf = new WeakMap<LoadableSkill['skill'], CompiledGlob[]>();

  const compiled = (session: ContextSessionLike, skill: LoadableSkill['skill']): CompiledGlob[] => {
    let globs = globsOf.get(skill);
    if (globs) return globs;
    globs = [];
    for (const written of skill.paths) {
      const glob = compileGlob(written);
      if ('test' in glob) {
        globs.push(glob);
        continue;
      }
      const message = `Skill ${skill.name} (${skill.path}): the \`paths\` glob ${JSON.stringify(written)} is ignored: ${glob.reason}.`;
      session.emit({
        type: 'diagnostic',
        reason: 'skill',
        capability,
        path: skill.path,
        message,
        diagnostic: { severity: 'warning', code: 'invalid-glob', message, path: skill.path },
      });
    }
    globsOf.set(skill, globs);
    return globs;
  };

  const offer = async (
    run: Run | undefined,
    session: ContextSessionLike,
    touched: readonly TouchedPath[],
    anchor: string | undefined,
    trigger: string,
  ): Promise<void> => {
    if (run === undefined || touched.length === 0) return;
    const candidates = (await skillsOf(run)).filter(({ skill }) => skill.paths.length > 0);
    if (candidates.length === 0) return;
    const offered = offeredOf(session);
    const workspace = session.workspace;
    const relative = touched.flatMap(({ path }) => {
      try {
        const absolute = workspace.resolve(path);
        return isInside(workspace.cwd, absolute) ? [toLabel(workspace, absolute)] : [];
      } catch {
        return [];
      }
    });
    const matched: LoadableSkill[] = [];
    for (const entry of candidates) {
      if (offered.has(entry.skill.path)) continue;
      const globs = compiled(session, entry.skill);
      const hit = relative.find((path) => globs.some((glob) => glob.test(path)));
      if (hit === undefined) continue;
      offered.add(entry.skill.path);
      matched.push(entry);
      session.emit({
        type: 'surfaced',
        reason: 'skill',
        capability,
        path: entry.skill.path,
        trigger,
        message: `Skill ${entry.skill.name} offered: its \`paths\` match ${hit}.`,
      });
    }
    if (matched.length === 0) return;
    const text = renderSkillsCatalog(
      matched.map(({ skill }) => ({
        name: skill.name,
        description: skill.description,
        location: skill.path,
      })),
      {
        lead: `These skills apply to the files just touched. When the task matches one, call \`${toolName}\` with its name before you go on.`,
        maxChars: Number.MAX_SAFE_INTEGER,
      },
    ).text;
    session.deliverHidden(anchor === undefined ? { capability, text } : { capability, text, anchor });
  };

  return {
    afterToolCall(call, result, run) {
      if (result.isError || result.touched === undefined || result.touched.length === 0) return;
      return offer(run, run.session, result.touched, call.id, `${call.toolName} (${call.id})`);
    },
    onTouch(touch, session) {
      const run = (session as { currentRun?: Run }).currentRun;
      return offer(run, session, [touch], touch.anchor, touch.trigger);
    },
  };
}
