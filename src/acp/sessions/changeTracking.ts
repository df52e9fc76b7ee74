/**
 * The review's sources wired for one session: file events from `source` and the agent's reports
 * (TurnFileChanges), each change's "before" from the session's turn checkpoint, and whose change it
 * is from the session's activity. The VS Code watcher and the tests compose it the same way.
 */
import type { ChatSession } from "./chatSession";
import { AgentFileChanges } from "./agentFileChanges";
import { TurnFileChanges, type TurnFileChangesOptions } from "./turnFileChanges";
import type { FileEventSource } from "../ports";

export function trackAgentChanges(
  session: ChatSession,
  source: FileEventSource,
  roots: () => readonly string[],
  options: TurnFileChangesOptions,
): TurnFileChanges {
  const changes = new AgentFileChanges(
    () => session.review,
    undefined,
    roots,
    () => session.checkpoints.baseline(),
    session.activity,
  );
  return new TurnFileChanges(session.store, changes, source, options);
}
