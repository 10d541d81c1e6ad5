/** Base of every call of this remote: its own BFF, through the gateway, on the page's origin. */
export const ADMIN_OPS_BFF = '/bff/admin-ops/api/admin';
