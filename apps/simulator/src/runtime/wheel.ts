/**
 * One timer for a whole fleet. Thousands of devices each with their own `setInterval` would each
 * wake the event loop on their own; here every task of the run (readings, command steps,
 * reconnects) waits in one heap ordered by due time, and one `setTimeout` is armed for the
 * earliest. Due tasks run in order of due time (ties in the order they were scheduled), and a
 * turn that has run for `budgetMs` yields to I/O before it goes on, so a burst of due work
 * (thousands of readings at one instant) does not starve the sockets that carry it.
 */

export interface ScheduledTask {
  /** Drops the task if it has not run yet. */
  cancel(): void;
}

interface Entry {
  at: number;
  order: number;
  task: () => void;
  cancelled: boolean;
}

export class TimerWheel {
  private readonly heap: Entry[] = [];
  private order = 0;
  private timer: NodeJS.Timeout | undefined;
  private armedAt = Infinity;
  private immediate: NodeJS.Immediate | undefined;
  private stopped = false;
  private readonly stopping = new AbortController();
  private readonly now: () => number;
  private readonly budgetMs: number;
  private readonly onError: (error: unknown) => void;
  /** Tasks run so far, for the run's statistics. */
  ran = 0;

  constructor(options: { now?: () => number; budgetMs?: number; onError?: (error: unknown) => void } = {}) {
    this.now = options.now ?? Date.now;
    this.budgetMs = options.budgetMs ?? 20;
    this.onError = options.onError ?? ((error) => console.error(error));
  }

  /** Tasks waiting. */
  get size(): number {
    return this.heap.length;
  }

  /** Runs `task` at real time `atMs` (at once, in a later turn, when that has passed). */
  at(atMs: number, task: () => void): ScheduledTask {
    const entry: Entry = { at: atMs, order: this.order++, task, cancelled: false };
    if (!this.stopped) {
      this.push(entry);
      this.arm();
    }
    return {
      cancel: () => {
        entry.cancelled = true;
      },
    };
  }

  /** Runs `task` in `delayMs` real milliseconds. */
  after(delayMs: number, task: () => void): ScheduledTask {
    return this.at(this.now() + Math.max(0, delayMs), task);
  }

  /** A promise resolved in `delayMs` real milliseconds (through the wheel). */
  sleep(delayMs: number): Promise<void> {
    return new Promise((resolve) => this.after(delayMs, resolve));
  }

  /**
   * Aborted when the wheel stops: work of the run that waits on something else than the wheel
   * (a firmware download over HTTP) ends with it.
   */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /** Drops every task and the timer; nothing runs any more. */
  stop(): void {
    this.stopped = true;
    this.stopping.abort();
    this.heap.length = 0;
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
    this.armedAt = Infinity;
  }

  private arm(): void {
    if (this.stopped || this.immediate) return;
    const first = this.heap[0];
    if (!first) return;
    if (this.timer && this.armedAt <= first.at) return;
    if (this.timer) clearTimeout(this.timer);
    const delay = Math.max(0, first.at - this.now());
    this.armedAt = first.at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.armedAt = Infinity;
      this.run();
    }, delay);
  }

  private run(): void {
    if (this.stopped) return;
    const started = this.now();
    let now = started;
    for (;;) {
      const first = this.heap[0];
      if (!first || first.at > now) break;
      this.pop();
      if (first.cancelled) continue;
      this.ran += 1;
      try {
        first.task();
      } catch (error) {
        this.onError(error);
      }
      if (this.stopped) return;
      now = this.now();
      if (now - started >= this.budgetMs) {
        // let the sockets breathe, then go on with what is due
        this.immediate = setImmediate(() => {
          this.immediate = undefined;
          this.run();
        });
        return;
      }
    }
    this.arm();
  }

  private before(a: Entry, b: Entry): boolean {
    return a.at < b.at || (a.at === b.at && a.order < b.order);
  }

  private push(entry: Entry): void {
    const heap = this.heap;
    heap.push(entry);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(heap[index]!, heap[parent]!)) break;
      [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
      index = parent;
    }
  }

  private pop(): Entry | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let smallest = index;
        if (left < heap.length && this.before(heap[left]!, heap[smallest]!)) smallest = left;
        if (right < heap.length && this.before(heap[right]!, heap[smallest]!)) smallest = right;
        if (smallest === index) break;
        [heap[index], heap[smallest]] = [heap[smallest]!, heap[index]!];
        index = smallest;
      }
    }
    return top;
  }
}
