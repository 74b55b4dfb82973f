import type { Random } from '../random.js';
import type { RepositoryShape } from './repository-shape.js';

/** The asset files of a planned repository, sorted by code point. */
export interface PlannedAssets {
  skills: string[];
  agents: string[];
  settings: string[];
}

const skillRoots = ['.claude', '.agents', '.codex'];
const agentRoots = ['.claude', '.agents'];
const skillWords = ['review', 'deploy', 'migrate', 'triage', 'release', 'profile', 'document', 'refactor'];

/**
 * Plan the coding-assistant setup of a repository: skills (`<root>/skills/<name>/SKILL.md`, some
 * nested one level deeper, some with helper files beside them, a share with invalid frontmatter),
 * sub-agents (`<root>/agents/<name>.md`) and `.claude/settings.json` with hook events. Adds to
 * `files` and `directories` in place.
 */
export function planAssets(
  shape: RepositoryShape,
  random: Random,
  files: Map<string, string>,
  directories: string[],
): PlannedAssets {
  const skills: string[] = [];
  const agents: string[] = [];
  const settings: string[] = [];
  const addDirectory = (path: string) => {
    if (!directories.includes(path)) directories.push(path);
  };
  for (let index = 0; index < shape.skills; index += 1) {
    const root = skillRoots[index % skillRoots.length] as string;
    const name = `${random.pick(skillWords)}-${index}`;
    // A few skills are grouped one level deeper, as larger setups do.
    const folder = random.chance(0.25)
      ? `${root}/skills/group-${index % 3}/${name}`
      : `${root}/skills/${name}`;
    addDirectory(folder);
    const invalid = random.chance(shape.invalidSkillShare);
    const frontmatterName = invalid ? `${name.toUpperCase()}--` : name;
    const path = `${folder}/SKILL.md`;
    files.set(
      path,
      `---\nname: ${frontmatterName}\ndescription: ${invalid ? '' : `Helps ${random.pick(skillWords)} the code base.`}\nallowed-tools: read_file\n---\n\n# ${name}\n\nSteps for ${name}.\n`,
    );
    skills.push(path);
    const helpers = random.integer(0, 3);
    for (let helper = 0; helper < helpers; helper += 1) {
      addDirectory(`${folder}/scripts`);
      files.set(`${folder}/scripts/helper-${helper}.sh`, `#!/bin/sh\necho ${name} ${helper}\n`);
    }
  }
  for (let index = 0; index < shape.agents; index += 1) {
    const root = agentRoots[index % agentRoots.length] as string;
    addDirectory(`${root}/agents`);
    const name = `${random.pick(skillWords)}er-${index}`;
    const path = `${root}/agents/${name}.md`;
    files.set(
      path,
      `---\nname: ${name}\ndescription: A sub-agent that does ${name}.\n---\n\nYou are ${name}.\n`,
    );
    agents.push(path);
  }
  if (shape.settings) {
    addDirectory('.claude');
    const path = '.claude/settings.json';
    const hooks = {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo pre' }] }],
      PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'echo post' }] }],
      SessionStart: [{ hooks: [{ type: 'command', command: 'echo start' }] }],
    };
    files.set(path, `${JSON.stringify({ hooks }, null, 2)}\n`);
    settings.push(path);
  }
  const byCodePoint = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);
  return { skills: skills.sort(byCodePoint), agents: agents.sort(byCodePoint), settings };
}
