/**
 * The ACP Panel's chat webview as a user sees it, by accessible names only: the "Prompt"
 * textbox, the "Send" and "Stop" buttons, the role="log" transcript and the role="status" line.
 */
import type { FrameLocator, Locator, Page } from "playwright-core";
import { chatFrame, editorChatFrame, openChatView } from "./browser";

export interface Chat {
  readonly frame: FrameLocator;
  readonly prompt: Locator;
  readonly send: Locator;
  readonly stop: Locator;
  readonly log: Locator;
  readonly status: Locator;
}

/** The side panel's chat, or (`where: "editor"`) the one in an editor tab. */
export function chat(page: Page, where: "panel" | "editor" = "panel"): Chat {
  const frame = where === "editor" ? editorChatFrame(page) : chatFrame(page);
  return {
    frame,
    prompt: frame.getByRole("textbox", { name: "Prompt" }),
    send: frame.getByRole("button", { name: "Send" }),
    stop: frame.getByRole("button", { name: "Stop" }),
    log: frame.getByRole("log"),
    status: frame.getByRole("status"),
  };
}

/** Opens the view and waits until the status line matches `ready` (default: "… is ready"). */
export async function openChat(page: Page, ready: RegExp = /is ready/, timeoutMs = 90_000): Promise<Chat> {
  await openChatView(page);
  const view = chat(page);
  await view.status.filter({ hasText: ready }).waitFor({ timeout: timeoutMs });
  return view;
}

/** Types `text` into the Prompt box and presses Send. */
export async function sendPrompt(view: Chat, text: string): Promise<void> {
  await view.prompt.click();
  await view.prompt.fill(text);
  await view.send.click();
}

/** Polls until `check` resolves true (Playwright's `expect.poll` without the test runner). */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The summary-row buttons of the panels above the composer, by the start of their accessible names. */
const panelToggles = {
  Plan: /^Plan \d+ of \d+ done/,
  "Files changed": /^Files changed/,
  Queued: /^Queued/,
} as const;

/**
 * Expands a panel above the composer as a user would: each starts as one collapsed summary row
 * (issue 29), and the choice is kept, so a panel already expanded is left as it is.
 */
export async function expandPanel(view: Chat, panel: keyof typeof panelToggles, timeoutMs = 30_000): Promise<void> {
  const toggle = view.frame.getByRole("button", { name: panelToggles[panel] });
  await toggle.waitFor({ timeout: timeoutMs });
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
}
