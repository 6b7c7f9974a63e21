import { useCallback, useEffect, useState } from 'react';
import { countdownDeadline, secondsLeft } from '../lib/countdown.ts';

/**
 * A countdown in whole seconds, e.g. before a code may be sent again. It counts against a deadline
 * rather than decrementing, so a throttled background tab still shows the right time.
 */
export function useCountdown(): { seconds: number; start: (seconds?: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const seconds = secondsLeft(deadline, now);
  const running = seconds > 0;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [running]);

  const start = useCallback((span?: number) => {
    const current = Date.now();
    setNow(current);
    setDeadline(countdownDeadline(current, span));
  }, []);

  return { seconds, start };
}
