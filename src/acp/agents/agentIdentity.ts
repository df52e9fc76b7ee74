/**
 * A stable id for an agent, for what is saved per agent (permission rules). The display name is
 * the key of the `acpPanel.agents` setting and anyone can reuse it: a registry entry or an edited
 * entry under an old name would inherit what the user granted the old program. So the id is
 * derived from what runs: transport, command, args and URL. Renaming an entry keeps its id (the
 * same program keeps its rules); changing what it runs gives a new id, and old rules no longer
 * answer for it (they stay listed, and the user is asked again). `env` is left out on purpose:
 * it holds keys and settings that change without changing the program.
 */
import { createHash } from "node:crypto";
import type { AgentDefinition } from "./agentDefinition";

/** An agent as rules see it: its display name (for messages) and its stable id (for matching). */
export interface AgentRef {
  readonly name: string;
  readonly id: string;
}

export function agentIdOf(definition: Pick<AgentDefinition, "transport" | "command" | "args" | "url">): string {
  const launch = JSON.stringify([definition.transport, definition.command, [...definition.args], definition.url ?? ""]);
  return `agent-${createHash("sha256").update(launch).digest("hex").slice(0, 16)}`;
}
