import * as limits from './limits';

describe('limits', () => {
  it('holds the values of spec 01 §9, spec 02 §9 and the decisions', () => {
    expect(limits.QUANTITY_MIN).toBe(1);
    expect(limits.BUSINESS_QUANTITY_MAX).toBe(5);
    expect(limits.ADMIN_QUANTITY_MAX).toBe(10);
    expect(limits.SELECTABLE_DAYS).toBe(7);
    expect(limits.APPLICATION_EXPIRY_MINUTES).toBe(120);
    expect(limits.RATING_MIN).toBe(1);
    expect(limits.RATING_MAX).toBe(5);
    expect(limits.RATING_COMMENT_MAX_LENGTH).toBe(500);
    expect(limits.RATING_WINDOW_DAYS).toBe(30);
    expect(limits.PHOTO_MIN_BYTES).toBe(1024);
    expect(limits.PHOTO_MAX_BYTES).toBe(5_242_880);
    expect(limits.EXPERIENCE_YEARS_MIN).toBe(0);
    expect(limits.EXPERIENCE_YEARS_MAX).toBe(50);
    expect(limits.PAYMENT_HISTORY_WINDOW_DAYS).toBe(30);
    expect(limits.POLL_INTERVAL_MS).toEqual({
      restaurantJobs: 15_000,
      freelancerActiveJobs: 10_000,
      adminJobs: 30_000,
    });
    expect(limits.WEEKLY_GENERATION_OFFSETS).toEqual([0, -1, -2, -3]);
    expect(limits.INVOICE_PAYMENT_TERM_DAYS).toBe(7);
    expect(limits.PHONE_DIGITS).toBe(11);
    expect(limits.CEP_DIGITS).toBe(8);
    expect(limits.SUCCESS_MESSAGE_MS).toBe(5_000);
    expect(limits.COMPLETION_MESSAGE_MS).toBe(10_000);
    expect(limits.RATING_PROMPT_DELAY_MS).toBe(3_000);
    expect(limits.DELETE_CONFIRMATION_WORD).toBe('CONFIRMAR');
  });
});
