/**
 * The webview's split bundle (esbuild.mjs): main.js statically imports shared chunks with hashed
 * names, which the browser would only request once main.js has arrived and been parsed. The build
 * lists them in dist/webview/preload.json; the host turns the list into `<link rel="modulepreload">`
 * tags (nonce'd, like the script) so they load beside main.js. Only plain chunk names beside
 * main.js are accepted: anything else in the file is ignored.
 */
const CHUNK_NAME = /^[\w-]+\.js$/;

/** The chunk names in preload.json's text (`{ "preload": [...] }`); [] when it is missing or malformed. */
export function preloadChunks(json: string | undefined): string[] {
  if (json === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    const list = typeof parsed === "object" && parsed !== null ? (parsed as { preload?: unknown }).preload : undefined;
    return Array.isArray(list)
      ? list.filter((name): name is string => typeof name === "string" && CHUNK_NAME.test(name))
      : [];
  } catch {
    return [];
  }
}

/** One `<link rel="modulepreload">` per chunk; `uri` maps a chunk name to its webview URI. */
export function modulePreloadTags(chunks: readonly string[], uri: (name: string) => string, nonce: string): string {
  return chunks.map((name) => `<link rel="modulepreload" href="${uri(name)}" nonce="${nonce}">`).join("\n  ");
}
