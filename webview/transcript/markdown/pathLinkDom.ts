/**
 * Turns the plain paths of one rendered Markdown block into links, in its DOM (the cached HTML is
 * left as is): text outside code blocks, links and buttons (inline code counts) is scanned for
 * candidates (pathCandidates.ts); those the host confirmed become `<button role="link">` named by
 * their own text, built with the DOM API (no markup from the agent is ever parsed). Activation is
 * the Markdown's delegated click handler (`data-path-file`). Idempotent: linked text is inside a
 * button and is not scanned again.
 */
import { MAX_PATH_CANDIDATES_PER_BLOCK } from "../../../src/shared/wire/pathLinkLimits";
import { type PathCandidate, pathCandidates } from "./pathCandidates";

/** Where a path is never linked: code blocks, the plain-text fallback, and existing links or buttons. */
const SKIP = "pre, a, button, .markdown-unformatted";

/**
 * Links the candidates `file` confirms (a string: the absolute path to open) and returns the paths it
 * has no answer for yet (undefined), for the host to be asked.
 */
export function linkPaths(root: HTMLElement, file: (path: string) => string | null | undefined): Set<string> {
  const unknown = new Set<string>();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (node instanceof Text && !node.parentElement?.closest(SKIP)) texts.push(node);
  let budget = MAX_PATH_CANDIDATES_PER_BLOCK;
  for (const text of texts) {
    if (budget <= 0) break;
    const hits = pathCandidates(text.data, budget);
    budget -= hits.length;
    const linked: Array<{ hit: PathCandidate; file: string }> = [];
    for (const hit of hits) {
      const target = file(hit.path);
      if (typeof target === "string") linked.push({ hit, file: target });
      else if (target === undefined) unknown.add(hit.path);
    }
    // From the last hit back, so the earlier offsets stay valid as the text node is split.
    for (let i = linked.length - 1; i >= 0; i--) {
      const { hit, file: target } = linked[i]!;
      const tail = text.splitText(hit.start);
      tail.splitText(hit.end - hit.start);
      tail.replaceWith(pathLink(tail.data, target, hit));
    }
  }
  return unknown;
}

function pathLink(label: string, file: string, hit: PathCandidate): HTMLButtonElement {
  // A button in the role of a link: an <a href> would also be seen (and opened) by VS Code's webview frame.
  const button = document.createElement("button");
  button.type = "button";
  button.setAttribute("role", "link");
  button.className = "link-button path-link";
  button.dataset.pathFile = file;
  if (hit.line !== undefined) button.dataset.line = String(hit.line);
  if (hit.column !== undefined) button.dataset.column = String(hit.column);
  button.title = hit.line === undefined ? file : `${file}:${hit.line}`;
  button.textContent = label;
  return button;
}
