import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Write `text` to `file`, creating its missing parent folders first (fixture trees of the scripts). */
export function writeFixtureFile(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}
