import {
  assignmentOfPayoutId,
  invoiceChargeTxid,
  invoiceOfChargeTxid,
  isValidChargeTxid,
  isValidPixSendId,
  payoutComplementIdempotencyId,
  payoutIdempotencyId,
} from './identifiers';

describe('txid of an invoice charge', () => {
  it('follows the standard (26–35 [a-zA-Z0-9]) and is the same every time', () => {
    expect(invoiceChargeTxid(42)).toBe('TURNOFATURA0000000000000042R0000');
    expect(invoiceChargeTxid(42)).toBe(invoiceChargeTxid(42));
    for (const id of [1, 42, 123456789, Number.MAX_SAFE_INTEGER])
      for (const revision of [0, 1, 9999])
        expect(isValidChargeTxid(invoiceChargeTxid(id, revision))).toBe(true);
  });

  it('differs per invoice and per revision, and reads back', () => {
    expect(invoiceChargeTxid(42, 1)).not.toBe(invoiceChargeTxid(42, 0));
    expect(invoiceChargeTxid(4, 20)).not.toBe(invoiceChargeTxid(42, 0));
    expect(invoiceOfChargeTxid(invoiceChargeTxid(42, 3))).toEqual({ invoiceId: 42, revision: 3 });
    expect(invoiceOfChargeTxid('7978c0c97ea847e78e8849634473c1f1')).toBeNull();
    expect(invoiceOfChargeTxid('TURNOFATURA0000000000000000R0000')).toBeNull();
  });

  it('refuses ids and revisions it cannot write', () => {
    for (const id of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1])
      expect(() => invoiceChargeTxid(id)).toThrow(RangeError);
    expect(() => invoiceChargeTxid(1, 10000)).toThrow(RangeError);
    expect(() => invoiceChargeTxid(1, -1)).toThrow(RangeError);
  });

  it('tells charge txids from others by length and alphabet', () => {
    expect(isValidChargeTxid('a'.repeat(25))).toBe(false);
    expect(isValidChargeTxid('a'.repeat(26))).toBe(true);
    expect(isValidChargeTxid('a'.repeat(35))).toBe(true);
    expect(isValidChargeTxid('a'.repeat(36))).toBe(false);
    expect(isValidChargeTxid(`${'a'.repeat(30)}-`)).toBe(false);
  });
});

describe('idempotency id of a payout', () => {
  it('is a valid Efí idEnvio ([a-zA-Z0-9]{1,35}) derived from the assignment', () => {
    expect(payoutIdempotencyId(7)).toBe('TURNOREPASSE0000000000000007T000');
    for (const id of [1, 7, Number.MAX_SAFE_INTEGER])
      expect(isValidPixSendId(payoutIdempotencyId(id, 999))).toBe(true);
  });

  it('differs per assignment and attempt, and reads back', () => {
    expect(payoutIdempotencyId(7, 1)).not.toBe(payoutIdempotencyId(7));
    expect(payoutIdempotencyId(70)).not.toBe(payoutIdempotencyId(7));
    expect(assignmentOfPayoutId(payoutIdempotencyId(70, 2))).toEqual({ assignmentId: 70, attempt: 2 });
    expect(assignmentOfPayoutId(invoiceChargeTxid(70))).toBeNull();
    expect(() => payoutIdempotencyId(7, 1000)).toThrow(RangeError);
    expect(() => payoutIdempotencyId(0)).toThrow(RangeError);
  });

  it('refuses ids outside the idEnvio alphabet or length', () => {
    expect(isValidPixSendId('')).toBe(false);
    expect(isValidPixSendId('a'.repeat(36))).toBe(false);
    expect(isValidPixSendId('abc_1')).toBe(false);
  });
});

describe('idempotency id of a complement payout', () => {
  it("keeps the 32-character idEnvio shape and never equals a shift payout's id", () => {
    expect(payoutComplementIdempotencyId(9)).toBe('TURNOREPASSE0000000000000009C000');
    expect(payoutComplementIdempotencyId(9, 2)).toHaveLength(32);
    expect(isValidPixSendId(payoutComplementIdempotencyId(Number.MAX_SAFE_INTEGER, 999))).toBe(true);
    expect(payoutComplementIdempotencyId(9, 0)).not.toBe(payoutIdempotencyId(9, 0));
    expect(payoutComplementIdempotencyId(9, 1)).not.toBe(payoutComplementIdempotencyId(9, 0));
    expect(assignmentOfPayoutId(payoutComplementIdempotencyId(9))).toBeNull();
    expect(() => payoutComplementIdempotencyId(0)).toThrow(RangeError);
  });
});
