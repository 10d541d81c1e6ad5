/** The freelancer BFF through the gateway (same origin as the page, cookies included). */
export const BFF = '/bff/freelancer/api';
/** The freelancer's shifts (Trabalhos, and the completed ones the completion notice watches). */
export const SHIFTS_URL = `${BFF}/freelancers/jobs`;
