import { useEffect, useState } from 'react';

const CLOCK_REFRESH_MS = 30_000;

/**
 * `fixed` (tests), or the current time read again every 30 s while the screen is open: a start of
 * today chosen a while ago may have passed, and a vacancy form (the business's and the admin's)
 * says so without waiting for a click.
 */
export function useClock(fixed: Date | undefined): Date {
  const [tick, setTick] = useState(() => new Date());
  useEffect(() => {
    if (fixed) return;
    const timer = setInterval(() => setTick(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [fixed]);
  return fixed ?? tick;
}
