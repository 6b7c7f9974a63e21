/** Reads one cookie from a `document.cookie` string. */
export function parseCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) return decodeURIComponent(part.slice(separator + 1).trim());
  }
  return null;
}

export function readCookie(name: string): string | null {
  return parseCookie(document.cookie, name);
}

/** Writes a site-wide cookie kept for a year. */
export function writeCookie(name: string, value: string): void {
  const oneYearS = 365 * 24 * 60 * 60;
  // biome-ignore lint/suspicious/noDocumentCookie: the brief keeps this one flag in a plain cookie without a library
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${oneYearS}; SameSite=Lax`;
}
