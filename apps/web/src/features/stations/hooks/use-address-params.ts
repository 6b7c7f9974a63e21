import { useSearchParams } from 'react-router';

/**
 * The address's query parameters, and a change of some of them in place: the others are kept, a
 * null removes one, and the change replaces the history entry (a chart's choice survives a reload
 * without filling the back button).
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return [params, update] as const;
}
