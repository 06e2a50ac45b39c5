/** The version stamp at the end of a menu route (/YG/BE/1732200000000), or null. */
export function stampOf(pathname: string): string | null {
  const m = /\/(\d{10,})\/?$/.exec(pathname);
  return m ? m[1] : null;
}

/** The menu route without its version stamp: /YG/BE/1732200000000 -> /YG/BE. */
export function stripStamp(pathname: string): string {
  const p = pathname.replace(/\/(\d{10,})\/?$/, '');
  return p === '' ? '/' : p.replace(/(.)\/+$/, '$1');
}
