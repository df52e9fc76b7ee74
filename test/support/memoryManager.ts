/**
 * The set-up most session-manager tests share: a SessionManager over the given agents on memory
 * ports (hostDeps.ts) with a memory-backed index. Each one made is kept for `disposeManagers`,
 * which a test file runs in its `after` hook.
 */
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import type { AgentLaunch } from "../../src/acp/ports";
import type { ChatSessionDeps } from "../../src/acp/sessions/chatSession";
import { SessionIndex } from "../../src/acp/sessions/sessionIndex";
import { SessionManager } from "../../src/acp/sessions/sessionManager";
import { hostDeps } from "./hostDeps";
import { steppingClock } from "./memoryPorts";
import { memorySessionStorage } from "./memorySessionStorage";

const managers: SessionManager[] = [];

export interface MemoryManagerOptions {
  /** The stepping clock's first reading, an ISO date (default 2026-12-01T10:00:00Z); `deps.clock` wins. */
  readonly startsAt?: string;
  readonly deps?: Partial<ChatSessionDeps>;
  /** Default: an empty index in memory. */
  readonly index?: SessionIndex;
  /** The manager's third argument: the transcripts or journals it keeps. */
  readonly transcripts?: ConstructorParameters<typeof SessionManager>[2];
}

export function memoryManager(
  agents: Array<AgentLaunch | AgentDefinition>,
  { startsAt = "2026-12-01T10:00:00Z", deps = {}, index, transcripts }: MemoryManagerOptions = {},
) {
  const managerIndex = index ?? new SessionIndex(memorySessionStorage());
  const m = new SessionManager(
    hostDeps(agents, { clock: steppingClock(Date.parse(startsAt)), ...deps }),
    managerIndex,
    transcripts,
  );
  managers.push(m);
  return { m, index: managerIndex };
}

export async function disposeManagers(): Promise<void> {
  await Promise.all(managers.splice(0).map((m) => m.dispose()));
}
