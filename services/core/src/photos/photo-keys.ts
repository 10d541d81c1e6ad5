/** Keys are made by the service, never by a caller: letters, digits, `/`, `-`, `_`, `.`, never `..`. */
export function assertSafeKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) || key.includes('..')) throw new Error(`unsafe key ${key}`);
  return key;
}

/** The key of a freelancer's photo of one version. */
export const freelancerPhotoKey = (freelancerId: number, version: string) =>
  assertSafeKey(`freelancers/${freelancerId}/${version}.jpg`);

/** The address the screens show a freelancer's uploaded photo at (the shell BFF's photo route). */
export const freelancerPhotoUrl = (freelancerId: number, version: string) =>
  `/api/photos/${freelancerId}?v=${version}`;

const UPLOADED_URL = /^\/api\/photos\/(\d+)\?v=([a-f0-9]{8,64})$/;

/** The version of an uploaded photo's stored URL, or null for another URL (the demo's SVGs). */
export function uploadedPhotoVersion(url: string | null | undefined, freelancerId: number): string | null {
  const match = url ? UPLOADED_URL.exec(url) : null;
  return match && Number(match[1]) === freelancerId ? (match[2] as string) : null;
}
