/**
 * In-app browsers (spec 01 §2 "Landing page"): identity providers such as Google refuse to sign in
 * inside them (`disallowed_useragent`), so the landing page warns and does not start sign-in.
 */
const IN_APP_PATTERNS: readonly RegExp[] = [
  /Instagram/i,
  /\bFBAN\/|\bFBAV\/|\bFB_IAB\/|\bFBIOS\b/, // Facebook and Messenger
  /Twitter/i,
  /WhatsApp/i,
  /\bLine\//, // LINE
  /; wv\)/, // Android System WebView
];

/** True when the user agent is an app's embedded browser rather than Chrome, Safari, Firefox or Edge. */
export function isInAppBrowser(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  if (IN_APP_PATTERNS.some((pattern) => pattern.test(userAgent))) return true;
  // iOS WKWebView: an iPhone/iPad/iPod WebKit without the "Safari" token (Safari, Chrome and
  // Firefox for iOS all carry it).
  return (
    /\b(iPhone|iPod|iPad)\b/.test(userAgent) && /AppleWebKit/.test(userAgent) && !/Safari/.test(userAgent)
  );
}
