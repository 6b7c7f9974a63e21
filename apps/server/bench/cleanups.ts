/**
 * A bench's undo steps (temporary folders, databases, child processes, servers), run newest first
 * at the end, after a failure or on Ctrl-C; running them twice at once runs them once.
 */

/** Things to undo, newest first. */
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;

/** Registers an undo step; calling the returned function runs it now (once). */
export function defer(step: () => Promise<void> | void): () => Promise<void> {
  let done = false;
  const run = async () => {
    if (done) return;
    done = true;
    const index = cleanups.indexOf(run);
    if (index >= 0) cleanups.splice(index, 1);
    await step();
  };
  cleanups.push(run);
  return run;
}

/** Runs every registered step, newest first; a failing step is reported and the others still run. */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const step = cleanups.pop()!;
      try {
        await step();
      } catch (error) {
        process.stderr.write(`clean-up step failed: ${error instanceof Error ? error.message : error}\n`);
      }
    }
  })().finally(() => {
    cleaning = undefined;
  });
  return cleaning;
}
