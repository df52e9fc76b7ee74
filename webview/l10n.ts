/**
 * The webview's `t()`: the host puts the bundle of VS Code's display language into the page
 * (`<script type="application/json" id="acp-l10n">`, see media/webview.html); English is the key and
 * the fallback. Read once at load: the language only changes with a window reload.
 */
import { type Translate, parseBundle, translatorFor } from "../src/shared/l10n";

function pageBundle() {
  if (typeof document === "undefined") return undefined;
  return parseBundle(document.getElementById("acp-l10n")?.textContent);
}

export const t: Translate = translatorFor(pageBundle());
