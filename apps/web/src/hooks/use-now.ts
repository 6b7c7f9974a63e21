import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs` while the component is shown: for texts such as
 * "updated 5 seconds ago" that age between two answers of the server.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
