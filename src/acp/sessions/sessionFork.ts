/**
 * Fork Session (issue 18 §2): a new tab continues the history of another (`session/fork`,
 * offered when the agent advertises `sessionCapabilities.fork`). The protocol's fork answers with
 * a session id only and replays nothing (claude-agent-acp resumes the source with
 * `forkSession`), so the new tab shows a copy of the source tab's transcript, as this client
 * keeps transcripts (storedTranscript.ts), and the agent holds the context.
 *
 * Each tab runs its own agent process: the fork is sent by the new tab's process, which finds the
 * source where the agent keeps its sessions (claude-agent-acp: on disk).
 */
import type * as acp from "@agentclientprotocol/sdk";
import { SessionController, type SessionContext } from "../client/sessionController";
import { forkSession } from "../client/unstableSessions";
import { storedEntriesOf, type StoredEntry } from "../../shared/storedTranscript";
import type { Thread } from "../../shared/thread";
import { english, type Translate } from "../../shared/l10n";

export interface ForkSource {
  readonly sessionId: string;
  /** The source tab's transcript, shown in the new tab. */
  readonly entries: readonly StoredEntry[];
  readonly title?: string;
  /** A new session (not `session/fork`) that shows `entries`: the agent can't go back in its own (conversationRewind.ts). */
  readonly newSession?: boolean;
  /** Given to the agent with the new session's first prompt (the earlier conversation). */
  readonly context?: string;
}

export function forkSourceOf(
  sessionId: string,
  thread: Thread,
  title: string | undefined,
  t: Translate = english,
): ForkSource {
  return {
    sessionId,
    entries: storedEntriesOf(thread),
    ...(title === undefined ? {} : { title: t("{0} (fork)", title) }),
  };
}

/** `session/fork` with the parameters a new session would get (cwd, MCP servers, directories). */
export function openFork(context: SessionContext, source: ForkSource): Promise<SessionController> {
  return SessionController.create(
    context,
    async (params) =>
      (await forkSession(context.client.connection, {
        ...params,
        sessionId: source.sessionId,
      })) as acp.NewSessionResponse,
  );
}
