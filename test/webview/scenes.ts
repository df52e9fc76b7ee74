/**
 * Panels brought, as the host and a user would bring them, to the views many tests start from:
 * the full fixture's transcript with every tool card open, the session list answered by the host,
 * and the first-run view.
 */
import * as assert from "node:assert/strict";
import type { Locator } from "playwright-core";
import type { HostMessage } from "../../src/shared/wire/protocol";
import { catalog, noAgentState, sessionsList } from "./featureFixture";
import { eventually } from "./harness";
import type { Panel } from "./panel";

type SessionsList = Extract<HostMessage, { type: "sessions/list" }>;
type AgentCatalog = Extract<HostMessage, { type: "agents/catalog" }>;

/**
 * Waits until the full fixture (fullFixture.ts) has rendered to its last tool card, then opens
 * every card (finished ones start collapsed). Returns the transcript.
 */
export async function expandFullFixture(panel: Panel): Promise<Locator> {
  const log = panel.transcript;
  await eventually(async () =>
    assert.equal(await log.getByRole("article", { name: "Tool: Write src/math.ts" }).count(), 1),
  );
  await panel.expandToolCards();
  return log;
}

/**
 * Opens the session list from the header's "Show sessions", waits for the `sessions/refresh` it
 * posts, and answers with the host's list as of the page's clock: `sessionsList`, or what `listed`
 * makes for that time. Returns the list (its rows may still be rendering).
 */
export async function openSessionList(
  panel: Panel,
  listed: (now: number) => SessionsList = sessionsList,
): Promise<Locator> {
  await panel.page.getByRole("button", { name: "Show sessions" }).click();
  await panel.waitForSent("sessions/refresh");
  await panel.send(listed(await panel.page.evaluate(() => Date.now())));
  return panel.page.getByRole("list", { name: "Session list" });
}

/**
 * The first-run view, as the host brings it up: the agent catalog (`catalog()` unless given),
 * then a snapshot with no agent started. Returns the catalog's "Agents" list.
 */
export async function openFirstRun(panel: Panel, agents: AgentCatalog = catalog()): Promise<Locator> {
  await panel.send(agents);
  await panel.snapshot(0, noAgentState());
  return panel.page.getByRole("list", { name: "Agents" });
}

/** The user has typed `draft` in the prompt box, and the keyboard is there. Returns the box. */
export async function typeDraft(panel: Panel, draft: string): Promise<Locator> {
  const prompt = panel.prompt;
  await prompt.fill(draft);
  await prompt.focus();
  return prompt;
}
