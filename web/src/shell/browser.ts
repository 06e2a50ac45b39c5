/**
 * Whether the user agent is an old Internet Explorer (up to 11: "MSIE n" or "Trident/n"),
 * which gets the notice recommending Chrome (documents.md 2 and 8). Edge is not IE.
 * index.html holds the same test as plain ES3 for the IE that cannot run this app at all.
 */
export function isOldInternetExplorer(userAgent: string | undefined | null): boolean {
  if (!userAgent) return false;
  return /MSIE \d|Trident\/\d/.test(userAgent);
}
