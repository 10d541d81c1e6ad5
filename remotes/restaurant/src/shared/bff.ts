/** The restaurant BFF through the gateway, on the page's origin (cookies first-party). */
export const BFF = '/bff/restaurant/api';
