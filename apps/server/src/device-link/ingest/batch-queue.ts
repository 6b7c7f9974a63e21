/**
 * The queue between the broker and the database. Messages wait in one queue and are written in
 * batches of up to `batchSize` weight (readings), one batch at a time; a message's promise settles
 * when its batch is written. While `maxWaiting` weight waits, new messages wait before they are
 * even queued, so a burst slows the devices down (their unacknowledged messages stay with them)
 * instead of growing the portal's memory.
 */

export interface Waiting<Item> {
  item: Item;
  weight: number;
  settle: () => void;
  fail: (error: unknown) => void;
}

export function batchQueue<Item>(options: {
  batchSize: number;
  maxWaiting: number;
  /** Writes a batch and settles or fails each of its messages. */
  write: (batch: Waiting<Item>[]) => Promise<void>;
}) {
  const { batchSize, maxWaiting } = options;
  const queue: Waiting<Item>[] = [];
  const spaceWaiters: (() => void)[] = [];
  let waitingWeight = 0;
  let flushing: Promise<void> | undefined;
  let closed = false;

  function takeBatch(): { batch: Waiting<Item>[]; weight: number } {
    const batch: Waiting<Item>[] = [];
    let weight = 0;
    while (queue.length > 0 && weight < batchSize) {
      const next = queue.shift()!;
      batch.push(next);
      weight += next.weight;
    }
    return { batch, weight };
  }

  function scheduleFlush(): void {
    if (flushing || queue.length === 0) return;
    flushing = (async () => {
      for (;;) {
        // Yield to I/O first, so every connection whose data has already arrived queues its
        // messages before the batch is taken. Without it the batch would start inside the first
        // message's socket callback; PGlite runs a whole transaction in microtasks, so each
        // connection's messages got a transaction of their own (measured: 5 readings a batch).
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (queue.length === 0) break;
        const { batch, weight } = takeBatch();
        await options.write(batch);
        waitingWeight -= weight;
        while (spaceWaiters.length > 0 && waitingWeight < maxWaiting) spaceWaiters.shift()!();
      }
    })().finally(() => {
      flushing = undefined;
      scheduleFlush();
    });
  }

  async function drain(): Promise<void> {
    while (flushing || queue.length > 0) await (flushing ?? Promise.resolve());
  }

  return {
    /** Resolves once there is room for more (and at once after close). */
    async waitForSpace(): Promise<void> {
      while (waitingWeight >= maxWaiting && !closed) {
        await new Promise<void>((resolve) => spaceWaiters.push(resolve));
      }
    },
    /** Queues an item; resolves when its batch is written. */
    enqueue(item: Item, weight: number): Promise<void> {
      return new Promise<void>((settle, fail) => {
        queue.push({ item, weight, settle, fail });
        waitingWeight += weight;
        scheduleFlush();
      });
    },
    /** Resolves when everything queued so far is written. */
    drain,
    /** Stops waiting for room (the caller refuses new messages); resolves when the queue is written. */
    async close(): Promise<void> {
      closed = true;
      for (const waiter of spaceWaiters.splice(0)) waiter();
      await drain();
    },
  };
}

export type BatchQueue<Item> = ReturnType<typeof batchQueue<Item>>;
