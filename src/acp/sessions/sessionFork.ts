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
import { SessionController } from "../client/session/sessionController";
import type { SessionContext } from "../client/session/sessionContext";
import { forkSession } from "../client/session/unstableSessions";
import { storedEntriesOf, type StoredEntry } from "../../shared/thread/storedTranscript";
import type { Thread } from "../../shared/thread/thread";
import type { ConfigOption, ModeState } from "../../shared/thread/sessionUpdate";
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
  /**
   * The source's pickers (Model, Reasoning effort, mode) as last reported: the fork shows them
   * until the agent reports its own, as a fork result may carry none (issue 29 §4).
   */
  readonly configOptions?: readonly ConfigOption[];
  readonly modes?: ModeState;
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
    ...(thread.configOptions.length > 0 ? { configOptions: thread.configOptions } : {}),
    ...(thread.modes ? { modes: thread.modes } : {}),
  };
}

/**
 * `session/fork` with the parameters a new session would get (cwd, MCP servers, directories).
 * What the result leaves out of the pickers comes from the source; the result's own fields, and
 * any later `config_option_update`, win. The agent's `defaultConfig` is not applied: the fork
 * continues the source, with the settings the user chose there.
 */
export function openFork(context: SessionContext, source: ForkSource): Promise<SessionController> {
  return SessionController.create(
    context,
    async (params) => {
      const response = await forkSession(context.client.connection, { ...params, sessionId: source.sessionId });
      return {
        ...response,
        ...(response.configOptions == null && source.configOptions ? { configOptions: [...source.configOptions] } : {}),
        ...(response.modes == null && source.modes ? { modes: source.modes } : {}),
      } as acp.NewSessionResponse;
    },
    { defaultConfig: false },
  );
}
