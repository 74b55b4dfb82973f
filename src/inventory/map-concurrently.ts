/**
 * `Promise.all(items.map(task))` with at most `limit` tasks running at once; results keep the items'
 * order. Used so a folder of thousands of files never opens thousands of handles at once.
 */
export async function mapConcurrently<Item, Result>(
  items: readonly Item[],
  limit: number,
  task: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Files read at once by the inventory: enough to overlap I/O, few enough never to run out of file handles. */
export const READ_CONCURRENCY = 16;
