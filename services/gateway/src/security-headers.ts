/**
 * The security headers every answer of the portal carries (gateway, remotes' static servers; the
 * BFFs set theirs in @turno/bff-kit), in one place:
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy`, a `Permissions-Policy` that turns off the
 *   powerful features the portal never uses (the page itself may ask for the position and the
 *   camera: the freelancer's check-in by geofence and the store's QR code, issue 23);
 * - `Strict-Transport-Security` when the portal is served over HTTPS (never on local http, where it
 *   would pin localhost to HTTPS for every other project of the developer).
 * HTML pages also get a Content-Security-Policy with `frame-ancestors 'none'` (gateway.ts builds
 * the host's; `STANDALONE_PAGE_CSP` is for any page a remote's server might answer).
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(self), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), ' +
  'payment=(), usb=(), interest-cohort=()';

export const HSTS = 'max-age=31536000; includeSubDomains';

export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** A remote's server serves scripts for the host; a page of its own would only frame nothing and run its own files. */
export const STANDALONE_PAGE_CSP = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
