/**
 * The checkpoint e2e tests' shared set-up (issue 25): a git repository with a first commit, a
 * code-server window with the fake agent on a folder or a `.code-workspace` file, and the review's
 * rows and turns by accessible names. `CHECKPOINT_E2E_VSIX` (or `ACP_PANEL_VSIX`, which every e2e
 * honours: paths.ts) installs another build instead of this clone's (to show a test failing on an
 * older commit's .vsix).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openWorkbench } from "./browser";
import { openChat, sendPrompt, type Chat } from "./chat";
import { startCodeServer, type CodeServer } from "./codeServer";
import { vsixPath } from "./paths";
import { agentSettings, fakeAgentEntry } from "./workbench";
import { tearDownUi } from "./teardown";

export const AGENT = "Demo Agent";

export function gitRepo(dir: string, files: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=U", "-c", "user.email=u@example.invalid", ...args], { cwd: dir });
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "init");
}

export interface Ui {
  server: CodeServer | undefined;
  browser: Browser | undefined;
  page: Page;
  errors: string[];
  view: Chat;
}

export async function openUi(
  label: string,
  scratch: string,
  workspace: string,
  url?: (server: CodeServer) => string,
): Promise<Ui> {
  const server = await startCodeServer({
    label,
    workspace,
    extensionVsix: process.env.CHECKPOINT_E2E_VSIX ?? vsixPath(),
    settings: agentSettings({ [AGENT]: fakeAgentEntry({ FAKE_AGENT_LOG: join(scratch, "wire.jsonl") }) }),
  });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser({ homeDir: server.homeDir });
    const { page, errors } = await openWorkbench(browser, url ? url(server) : server.folderUrl());
    const view = await openChat(page);
    return { server, browser, page, errors, view };
  } catch (error) {
    // Nothing started here may outlive a failed set-up: a live server or browser keeps the test process running.
    await tearDownUi(browser, server, undefined);
    throw error;
  }
}

export function changedRow(view: Chat, name: string) {
  const review = view.frame.getByRole("region", { name: "Files changed" });
  return review.getByRole("list", { name: "Changed files" }).getByRole("listitem").filter({ hasText: name }).first();
}

export async function turn(view: Chat, prompt: string, reply: string): Promise<void> {
  await sendPrompt(view, prompt);
  await view.log.getByText(reply).first().waitFor({ timeout: 30_000 });
  await view.status.filter({ hasText: `${AGENT} is ready` }).waitFor({ timeout: 15_000 });
}
