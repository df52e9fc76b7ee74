/**
 * The webview's `t()`: the host puts the bundle of VS Code's display language into the page
 * (`<script type="application/json" id="acp-l10n">`, see media/webview.html); English is the key and
 * the fallback. Read once at load: the language only changes with a window reload.
 */
import { Fragment, type ReactNode, createElement } from "react";
import { type Translate, parseBundle, translatorFor } from "../src/shared/l10n";

function pageBundle() {
  if (typeof document === "undefined") return undefined;
  return parseBundle(document.getElementById("acp-l10n")?.textContent);
}

export const t: Translate = translatorFor(pageBundle());

/**
 * `t` for a sentence with markup in it: `{0}`, `{1}`… are replaced by the given nodes (an element,
 * or text), so a translation can move them. Each part is keyed, so React does not warn.
 */
export function tParts(message: string, ...nodes: readonly ReactNode[]): ReactNode[] {
  const pieces = t(message).split(/\{(\d+)\}/);
  return pieces.map((piece, index) =>
    createElement(Fragment, { key: index }, index % 2 === 1 ? (nodes[Number(piece)] ?? `{${piece}}`) : piece),
  );
}
