/** Wire shapes of issue 23 ("Shifts that happen"): check-out. */
export {};
