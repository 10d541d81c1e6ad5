/** The freelancer BFF through the gateway (same origin as the page, cookies included). */
export const BFF = '/bff/freelancer/api';
