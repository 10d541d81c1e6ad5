/** The business's agenda (its filters are libs/ui's agenda model, shared with Controle Mercado). */
export const JOBS_URL = '/bff/restaurant/api/jobs';
