import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  text: string;
  tone: 'success' | 'danger' | 'warning' | 'info';
}

/**
 * A message that goes away by itself: `show(message, ms)` replaces the current one and hides it
 * after `ms` (spec 01 §4: success 5 s, completion 10 s); `clear()` hides it now.
 */
export function useTimedMessage() {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  const show = useCallback((next: TimedMessage, ms: number) => {
    clearTimeout(timer.current);
    setMessage(next);
    timer.current = setTimeout(() => setMessage(null), ms);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
