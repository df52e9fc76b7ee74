/**
 * The steps of opening a session that do not depend on the panel: checking an agent may start,
 * signing in on `-32000`, reopening a session after a crash, and continuing one the agent cannot
 * reopen from the transcript kept locally.
 */
import type { AgentDefinition } from "../agents/agentDefinition";
import type { AgentClient } from "../client/connection/agentClient";
import type { FailureReport } from "../client/connection/agentErrors";
import { describeRequestError } from "../client/connection/agentErrors";
import { authenticate, isAuthRequired } from "../client/connection/authFlow";
import type { LaunchPlace } from "../client/connection/terminalSignIn";
import { capabilitiesOf } from "../client/connection/agentCapabilities";
import { agentUrlProblem, displayUrl } from "../agents/networkPolicy";
import { missingAgentDetails } from "../agents/remoteAgentSettings";
import { SessionController } from "../client/session/sessionController";
import type { SessionContext, ThreadSink } from "../client/session/sessionContext";
import type { KeptConversation } from "../journal/tabJournals";
import type { AgentCatalog, AuthPrompt, WorkspacePort } from "../ports";
import type { TabWorktree } from "../worktrees/tabWorktree";
import { stat } from "node:fs/promises";
import { english, type Translate } from "../../shared/l10n";

export interface LaunchDeps {
  readonly catalog: AgentCatalog;
  readonly workspace: WorkspacePort;
  readonly resolveEnv?: (env: Readonly<Record<string, string>>) => Promise<Record<string, string>>;
  /** Fills in secret references in a network agent's `headers` (`Bearer ${secret:NAME}`). */
  readonly resolveHeaders?: (headers: Readonly<Record<string, string>>) => Promise<Record<string, string>>;
  /** The user's language for what the panel writes (default English). */
  readonly translate?: Translate;
  /** The git worktree the tab works in: it must still be there. */
  readonly worktree?: TabWorktree;
}

/** The definition to launch, with secrets filled in, or why it may not start. */
export async function resolveLaunch(
  deps: LaunchDeps,
  name: string,
): Promise<{ definition: AgentDefinition } | FailureReport> {
  const t = deps.translate ?? english;
  const configured = deps.catalog.definition(name);
  if (!configured)
    return {
      message: t('No agent named "{0}" is configured.', name),
      details: missingAgentDetails(deps.workspace.remoteName?.()),
    };
  if (deps.workspace.isTrusted && !deps.workspace.isTrusted()) {
    return {
      message: t("ACP Panel does not start agents in Restricted Mode."),
      details: t("Agents run programs and edit files. Trust this workspace (Manage Workspace Trust) to use them."),
    };
  }
  const worktree = deps.worktree;
  if (
    worktree &&
    !(await stat(worktree.path).then(
      (found) => found.isDirectory(),
      () => false,
    ))
  )
    return {
      message: t(
        'The worktree of branch "{0}" is gone: its folder {1} was removed outside ACP Panel.',
        worktree.branch,
        worktree.path,
      ),
      details: t(
        "The conversation is kept. The branch is still in the repository: ACP: Manage Worktrees… lists it, and Open Session… opens the conversation again.",
      ),
    };
  const urlProblem =
    configured.transport !== "stdio" && configured.url !== undefined ? agentUrlProblem(configured.url) : undefined;
  if (urlProblem)
    return {
      message: t('Did not connect to "{0}": its url {1}.', name, urlProblem),
      details: `url: ${displayUrl(configured.url ?? "")}`,
    };
  try {
    const env = deps.resolveEnv ? await deps.resolveEnv(configured.env) : configured.env;
    const headers =
      configured.headers && deps.resolveHeaders ? await deps.resolveHeaders(configured.headers) : configured.headers;
    return { definition: { ...configured, env, ...(headers ? { headers } : {}) } };
  } catch (error) {
    return { message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Runs `call`; on `-32000` signs in with one of the agent's methods and retries once. `place` is
 * where the agent was launched from (a terminal sign-in starts where the launch did).
 */
export async function withAuth<T>(
  client: AgentClient,
  auth: AuthPrompt | undefined,
  place: LaunchPlace,
  note: (title: string) => void,
  call: () => Promise<T>,
  t: Translate = english,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAuthRequired(error) || !auth) throw error;
    note(t("{0} needs you to sign in.", client.name));
    // Tabs sharing the process share its sign-in (agentProcesses.ts): one question, not one per tab.
    const outcome = await client.signInOnce(() => authenticate(client, auth, place));
    if (outcome === "declined")
      throw new Error(t("{0} requires authentication, and sign-in was not completed.", client.name));
    if (outcome === "restart-needed") {
      client.retire();
      throw new Error(t("Signed in to {0}. Press Restart to connect again.", client.name));
    }
    const result = await call();
    note(t("Signed in to {0}.", client.name));
    return result;
  }
}

/**
 * After a crash: keep the transcript when resuming; reset and replay when loading. The reset
 * waits for the load's first update (or its success), so a failed load keeps the old transcript.
 */
export async function reopenAfterCrash(
  context: SessionContext,
  sessionId: string,
  note: (title: string) => void,
  crash?: FailureReport,
): Promise<SessionController> {
  const caps = capabilitiesOf(context.client.init);
  let pendingReset = !caps.resume && caps.load;
  const resetFirst = () => {
    if (!pendingReset) return;
    pendingReset = false;
    context.sink({ type: "thread/reset" });
  };
  const replaying: SessionContext = {
    ...context,
    sink: (action) => {
      resetFirst();
      context.sink(action);
    },
  };
  try {
    const reloading = pendingReset;
    const session = await SessionController.reopen(replaying, sessionId, false);
    resetFirst(); // an empty history still replaces the old transcript
    // The reload replaced the transcript, crash report included: say again what happened.
    if (reloading && crash)
      context.sink({
        type: "thread/error",
        entryId: context.newId(),
        message: `${crash.message} ${(context.translate ?? english)("The agent was restarted and the conversation reloaded.")}`,
        ...(crash.details ? { details: crash.details } : {}),
      });
    note(
      session.openedWith === "resume"
        ? (context.translate ?? english)("Reconnected to {0} and resumed the session.", context.client.name)
        : (context.translate ?? english)("Reconnected to {0} and reloaded the session.", context.client.name),
    );
    return session;
  } catch (error) {
    note(
      (context.translate ?? english)(
        "Could not reopen the previous session ({0}); started a new one. The transcript above is from the old session.",
        describeRequestError(error).message,
      ),
    );
    return SessionController.create(context);
  }
}

/**
 * Opens a listed session with `load` (session/load or session/resume). When that fails and this
 * client kept a copy of the transcript (gemini: "No previous sessions found"), a new session
 * continues it instead; without a copy the failure stands.
 */
export async function reopenOrContinue(
  context: SessionContext,
  load: () => Promise<SessionController>,
  hasKeptCopy: boolean,
): Promise<{ session: SessionController; loadFailure?: FailureReport }> {
  try {
    return { session: await load() };
  } catch (error) {
    const { client } = context;
    if (isAuthRequired(error) || !hasKeptCopy || client.isStopping || client.connection.isClosed) throw error;
    return { session: await SessionController.create(context), loadFailure: describeRequestError(error) };
  }
}

/**
 * A new session continues one the agent could not reopen: the kept transcript comes back (unless
 * the old one is still on screen, as after a crash), and a notice says what the next message does.
 */
export function showKeptTranscript(
  sink: ThreadSink,
  noticeId: string,
  what: { agent: string; shown: boolean; kept: KeptConversation | undefined; loadFailure?: FailureReport },
  t: Translate = english,
): void {
  const kept = what.shown ? undefined : what.kept;
  if (kept)
    sink({
      type: "thread/restored",
      entries: [...kept.entries],
      ...(kept.title === undefined ? {} : { title: kept.title }),
    });
  const cause = what.loadFailure
    ? t("Could not reopen this session ({0})", what.loadFailure.message)
    : t("{0} can't reopen past sessions", what.agent);
  const title =
    what.shown || kept
      ? t("{0}; your next message starts a new one. The transcript above is from the earlier session.", cause)
      : t("{0}, and ACP Panel has no copy of this one; your next message starts a new one.", cause);
  sink({ type: "acp/update", entryId: noticeId, update: { sessionUpdate: "notice", severity: "info", title } });
}

export function canReopen(client: AgentClient): boolean {
  const caps = capabilitiesOf(client.init);
  return caps.load || caps.resume;
}

/** A closed connection usually means the process is exiting; give the exit a moment to land. */
export async function diesSoon(client: AgentClient): Promise<boolean> {
  if (client.transport.hasEnded) return true;
  return Promise.race([
    client.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500)),
  ]);
}
