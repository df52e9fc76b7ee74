/** The local path a `file:` URI names (`/C:/x` on Windows becomes `C:/x`); `undefined` for anything else. */
export function filePathOf(uri: string): string | undefined {
  try {
    const url = new URL(uri);
    if (url.protocol !== "file:") return undefined;
    const path = decodeURIComponent(url.pathname);
    return /^\/[A-Za-z]:/.test(path) ? path.slice(1) : path;
  } catch {
    return undefined;
  }
}
