/**
 * The fake Bub behind a real ChatSession that offers files (DiskFiles + ScriptedConsent), terminals
 * and forms, so Bub routes fs, bash and ask_user through the client (docs/reference/bub-and-lody.md §5).
 */
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Thread } from "../../src/shared/thread/thread";
import { fakeAgent } from "./fakeAgentLaunch";
import { DiskFiles, ScriptedConsent } from "./diskFiles";
import { fixedWorkspace } from "./memoryPorts";
import { type Cleanup, chatSession } from "./hostHarness";
import { scratchDir } from "./scratchDir";

/** What notes.txt holds in the workspace when the session starts. */
export const NOTES = "line one\nline two\nline three\nline four\nline five\n";

/** A started session with Bub in a scratch workspace holding notes.txt; `files: false` or `terminals: false` offers less. */
export async function bubWithClientTools(cleanup: Cleanup, ports: { terminals?: boolean; files?: boolean } = {}) {
  const dir = realpathSync(scratchDir("acp-bub-tools-"));
  writeFileSync(join(dir, "notes.txt"), NOTES);
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const files = new DiskFiles();
  const { chat } = chatSession(cleanup, [agent.launch], {
    workspace: fixedWorkspace(dir),
    ports: {
      ...(ports.files === false ? {} : { files, consent: new ScriptedConsent() }),
      ...(ports.terminals === false ? { terminals: false } : {}),
    },
  });
  /** Every thread state, to see what the card showed between updates. */
  const states: Thread[] = [];
  chat.store.subscribe(() => states.push(chat.store.state.thread));
  await chat.start();
  return { dir, agent, chat, files, states };
}
