/**
 * Localization shared by the host and the webview. A message's key is its English text, with
 * `{0}`, `{1}`… for the arguments (the `vscode.l10n.t` convention), so English needs no bundle and a
 * missing or empty translation falls back to English. Only our own strings go through `t`; text an
 * agent supplies (option names, titles, errors) is shown as it came.
 */

/** A translated string. Callers pass a string literal as `message`: the l10n test finds the keys by scanning the sources for such calls. */
export type Translate = (message: string, ...args: readonly (string | number | boolean)[]) => string;

/** A bundle: English message → translation (the format of `l10n/bundle.l10n.<locale>.json`). */
export type L10nBundle = Readonly<Record<string, string>>;

/** Replaces `{0}`, `{1}`… with the arguments; a placeholder with no argument stays as written. */
export function formatMessage(message: string, args: readonly (string | number | boolean)[]): string {
  return message.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}

/** A `Translate` over `bundle`; English (no bundle) when it is undefined. */
export function translatorFor(bundle: L10nBundle | undefined): Translate {
  return (message, ...args) => {
    const translated = bundle?.[message];
    return formatMessage(typeof translated === "string" && translated !== "" ? translated : message, args);
  };
}

/** English: the key itself, formatted. The default wherever no translator is injected. */
export const english: Translate = translatorFor(undefined);

/** Reads a bundle from untrusted JSON: only string values are kept. */
export function parseBundle(json: string | null | undefined): L10nBundle | undefined {
  if (!json) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    const bundle: Record<string, string> = {};
    for (const [key, text] of Object.entries(value)) if (typeof text === "string") bundle[key] = text;
    return bundle;
  } catch {
    return undefined;
  }
}
