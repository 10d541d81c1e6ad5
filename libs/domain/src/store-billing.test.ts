import {
  groupInvoiceLinesByStore,
  isBillingMode,
  STORE_BILLING_MESSAGES,
  storeGroupsToShow,
} from './store-billing';

describe('groupInvoiceLinesByStore', () => {
  it('groups by store in name order, keeps line order, sums in centavos', () => {
    const groups = groupInvoiceLinesByStore([
      { store_id: 2, store_name: 'Vila Mariana', restaurant_payment_amount: 0.1, n: 1 },
      { store_id: 1, store_name: 'Centro', restaurant_payment_amount: 100, n: 2 },
      { store_id: 2, store_name: 'Vila Mariana', restaurant_payment_amount: 0.2, n: 3 },
    ]);
    expect(groups.map((g) => [g.storeName, g.lines.map((l) => l.n), g.subtotal])).toEqual([
      ['Centro', [2], 100],
      ['Vila Mariana', [1, 3], 0.3],
    ]);
  });

  it('puts lines without a store in one group of their own', () => {
    const groups = groupInvoiceLinesByStore([
      { restaurant_payment_amount: 5 },
      { store_id: null, restaurant_payment_amount: 5 },
    ]);
    expect(groups).toEqual([
      {
        storeId: null,
        storeName: STORE_BILLING_MESSAGES.storeUnknown,
        lines: expect.any(Array),
        subtotal: 10,
      },
    ]);
  });

  it('shows the groups only when the lines are of two stores or more', () => {
    const centro = { store_id: 1, store_name: 'Centro', restaurant_payment_amount: 10 };
    const vila = { store_id: 2, store_name: 'Vila Mariana', restaurant_payment_amount: 20 };
    expect(storeGroupsToShow([centro, vila])?.map((g) => [g.storeName, g.subtotal])).toEqual([
      ['Centro', 10],
      ['Vila Mariana', 20],
    ]);
    expect(storeGroupsToShow([centro, centro])).toBeNull();
    expect(storeGroupsToShow([{ restaurant_payment_amount: 5 }])).toBeNull();
    expect(storeGroupsToShow([])).toBeNull();
  });

  it('knows the modes', () => {
    expect(isBillingMode('per_store')).toBe(true);
    expect(isBillingMode('per-store')).toBe(false);
  });
});
