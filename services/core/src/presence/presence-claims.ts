/**
 * One presence code serves one shift: the first shift checked in or out with a code of step `step`
 * at a store claims that step; the same shift may use it again (a retry, or its check-out), any
 * other shift is refused and waits for the next code. The BFFs keep the claims in Redis (shared by
 * every replica, expiring after the code can no longer be accepted); tests and the bench in memory.
 */
export interface PresenceCodeClaims {
  /** True when `assignmentId` holds the step now (it claimed it now or before). */
  claim(storeId: number, step: number, assignmentId: number): Promise<boolean>;
}

export function memoryPresenceCodeClaims(): PresenceCodeClaims {
  const holders = new Map<string, number>();
  return {
    claim: async (storeId, step, assignmentId) => {
      const key = `${storeId}:${step}`;
      const holder = holders.get(key) ?? assignmentId;
      holders.set(key, holder);
      return holder === assignmentId;
    },
  };
}
