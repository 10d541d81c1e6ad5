/** Wire shapes of issue 23 ("Shifts that happen"): presence. */
export {};
