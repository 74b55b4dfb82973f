/**
 * A gate for tasks that arrive over time: at most `maximum` run at once; the others start, in
 * arrival order, as running ones settle. (For a list known up front, see `mapWithLimit`.)
 *
 * @example
 * const limit = concurrencyLimit(4);
 * await Promise.all(requests.map((request) => limit(() => answer(request))));
 */
export function concurrencyLimit(maximum: number): <Value>(task: () => Promise<Value>) => Promise<Value> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    // A settled task hands its slot straight to the first waiting one (arrival order).
    if (running >= maximum) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
