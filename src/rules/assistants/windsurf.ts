import type { AssistantReading } from './assistant-reading.js';

/** Windsurf (Cascade): `.windsurf/rules`, and `AGENTS.md` (always on in the root, a `<directory>/**` rule below it). */
export const windsurfReading: AssistantReading = {
  name: 'windsurf',
  title: 'Windsurf',
  formats: ['windsurf'],
  filenames: [{ filename: 'AGENTS.md' }],
  overrides: [],
  perDirectory: 'all',
  directories: 'walk-up',
  order: 'root-first',
  onTouch: [{ filename: 'AGENTS.md' }],
  maxImportDepth: undefined,
  assetRoots: ['.windsurf'],
  sources: [
    {
      page: 'docs.windsurf.com/windsurf/cascade/agents-md',
      says: '`AGENTS.md` in the root directory is an always-on rule; in a subdirectory it is a glob rule `<directory>/**`, applied when Cascade reads or edits files inside that directory',
    },
    {
      page: 'docs.windsurf.com/windsurf/cascade/memories',
      says: 'rules in `.windsurf/rules` of the workspace, its subdirectories and its parents up to the git root, with `trigger` activation modes; legacy `.windsurfrules`',
    },
  ],
};
