/** One filter of a list, as it goes into the query string. */
export type ListParamValue = string | number | null | undefined;
/** The filters of a list (`q`, `status`, `date`…), in the order they appear in the URL. */
export type ListParams = Readonly<Record<string, ListParamValue>>;

/**
 * The query string of `params` (without `?`): text is trimmed; empty values and values equal to
 * the server's default (`defaults`) are left out, so the default list has the plain URL.
 */
export function listQueryString(params: ListParams, defaults: ListParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    if (raw === null || raw === undefined) continue;
    const value = String(raw).trim();
    if (value === '') continue;
    const fallback = defaults[key];
    if (fallback !== null && fallback !== undefined && String(fallback) === value) continue;
    search.set(key, value);
  }
  return search.toString();
}

/** `url` with the query string of `params` appended (see listQueryString). */
export function listUrl(url: string, params: ListParams, defaults: ListParams = {}): string {
  const query = listQueryString(params, defaults);
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
