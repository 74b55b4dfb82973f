// The least an exact, contained reader of every file in one folder does in Node, as a peer of
// `agent-context inventory` and `inspect`: list the folder, open each regular file through the
// descriptor of the folder (so a folder swapped for a link cannot redirect the open), check what was
// opened, read it whole, close it. No parsing, no output but the byte count.
//
//   node bench/scan/verified-read-floor.mjs FOLDER
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync } from 'node:fs';

const folder = process.argv[2];
if (folder === undefined) throw new Error('usage: verified-read-floor.mjs FOLDER');
const directory = openSync(folder, constants.O_RDONLY | constants.O_DIRECTORY);
let bytes = 0;
for (const entry of readdirSync(folder, { withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const file = openSync(
    `/proc/self/fd/${directory}/${entry.name}`,
    constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
  );
  const stat = fstatSync(file);
  if (!stat.isFile()) throw new Error(`${entry.name} is not a regular file`);
  const buffer = Buffer.allocUnsafe(stat.size);
  bytes += readSync(file, buffer, 0, stat.size, 0);
  closeSync(file);
}
closeSync(directory);
process.stdout.write(`${bytes}\n`);
