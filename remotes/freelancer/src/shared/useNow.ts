import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs` (for "faltam 45 min" and the shift windows). */
export function useNow(everyMs: number, initial?: Date): Date {
  const [now, setNow] = useState(() => initial ?? new Date());
  useEffect(() => {
    if (initial) return undefined;
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, initial]);
  return now;
}
