import { useState } from 'react';
import { describeError } from '../../../lib/api.ts';

/**
 * An act asked about first (deleting a series, model or file, cancelling a task): `ask(item)`
 * opens the question, `confirm` does the act and closes it, a refusal stays in the open dialog.
 */
export function useConfirmAct<T>(act: (item: T) => Promise<unknown>) {
  const [item, setItem] = useState<T>();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  return {
    item,
    failure,
    pending,
    ask: (next: T) => {
      setFailure(undefined);
      setItem(next);
    },
    cancel: () => {
      if (!pending) setItem(undefined);
    },
    confirm: async () => {
      if (item === undefined) return;
      setPending(true);
      setFailure(undefined);
      try {
        await act(item);
        setItem(undefined);
      } catch (error) {
        setFailure(describeError(error));
      } finally {
        setPending(false);
      }
    },
  };
}
