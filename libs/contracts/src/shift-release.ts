/** Wire shapes of issue 23 ("Shifts that happen"): shift-release. */
export {};
