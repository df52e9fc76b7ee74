/**
 * `@https://…`: the host fetches a page for the prompt after a modal that shows the exact URL, each
 * time (a redirect asks again for its target: `fetchWithConsent` in urlFetch.ts). A workspace or an
 * agent can't start a fetch: only the composer's pick does. Reaching 127.0.0.1 or a private address
 * is allowed only because the user agreed to that exact URL.
 */
import * as vscode from "vscode";
import type { Attachment, MentionItem } from "../shared/wire/protocol";
import {
  fetchableUrl,
  fetchPage,
  fetchWithConsent,
  MAX_FETCH_BYTES,
  MAX_PAGE_CHARS,
  FETCH_TIMEOUT_MS,
} from "../acp/context/urlFetch";

/** The "@" suggestion for a query that is a URL: picking it asks, then fetches. */
export function urlMention(query: string): MentionItem | undefined {
  if (!/^https?:\/\//i.test(query.trim())) return undefined;
  const url = fetchableUrl(query);
  if (!url) return undefined;
  return {
    kind: "url",
    uri: url.toString(),
    name: url.toString(),
    detail: vscode.l10n.t("Fetch this page (asks first)"),
  };
}

async function consent(url: string, redirectedFrom: string | undefined): Promise<boolean> {
  const fetchIt = vscode.l10n.t("Fetch");
  const answer = await vscode.window.showWarningMessage(
    redirectedFrom
      ? vscode.l10n.t("{0} redirects to another address. Fetch it for the prompt?", redirectedFrom)
      : vscode.l10n.t("Fetch this page for the prompt?"),
    {
      modal: true,
      detail: vscode.l10n.t(
        "{0}\n\nVS Code fetches it now (at most {1} KiB, {2} s), turns it into plain text (at most {3} KiB) and attaches it.",
        url,
        MAX_FETCH_BYTES / 1024,
        FETCH_TIMEOUT_MS / 1000,
        MAX_PAGE_CHARS / 1024,
      ),
    },
    fetchIt,
  );
  return answer === fetchIt;
}

/** Asks, fetches and returns the attachment (the page's URL and its text), or undefined. */
export async function fetchUrlAttachment(text: string): Promise<Attachment | undefined> {
  const url = fetchableUrl(text);
  if (!url) {
    void vscode.window.showWarningMessage(vscode.l10n.t("Only http and https addresses can be fetched."));
    return undefined;
  }
  const asked = url.toString();
  const outcome = await fetchWithConsent(url, {
    consent,
    fetch: (target) =>
      vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: vscode.l10n.t("Fetching {0}", target.host) },
        () => fetchPage(target),
      ),
  });
  if (outcome.kind === "declined") return undefined;
  if (outcome.kind === "failed") {
    void vscode.window.showWarningMessage(vscode.l10n.t("Could not fetch {0}: {1}", asked, outcome.reason));
    return undefined;
  }
  const note = outcome.truncated ? `\n${vscode.l10n.t("[cut at {0} KiB]", MAX_PAGE_CHARS / 1024)}` : "";
  // The chip keeps the URL the user typed (the composer's "@" token names it); the text says where it came from.
  return {
    uri: asked,
    name: asked,
    mimeType: "text/plain",
    text: `${outcome.url === asked ? "" : `(${outcome.url})\n`}${outcome.text}${note}\n`,
  };
}
