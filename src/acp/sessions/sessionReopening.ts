/**
 * The panel's side of opening a session (the steps that do not need the panel are in
 * sessionOpening.ts): which request opens it, "Loading session…" while a past session is
 * reopened, with the history the agent replays held and sent as one snapshot, and the transcript
 * this client kept when the agent could not reopen a session, so a new one continues it.
 */
import type { FailureReport } from "../client/connection/agentErrors";
import { SessionController } from "../client/session/sessionController";
import type { SessionContext } from "../client/session/sessionContext";
import { reopenAfterCrash, reopenOrContinue, showKeptTranscript } from "./sessionOpening";
import type { AgentLifecycleDeps, LifecyclePanel } from "./lifecycleContext";
import { english } from "../../shared/l10n";

/** `replay`: opened from the session list (load its history); else reopened after a crash. */
export interface Reopen {
  readonly sessionId: string;
  readonly replay: boolean;
}

/**
 * A new session; or a listed one reopened (continued from the kept copy when its load fails); or
 * the last one after a crash (`lastFailure`: the crash report, said again when a reload replaces
 * the transcript).
 */
export async function openSession(
  deps: AgentLifecycleDeps,
  panel: LifecyclePanel,
  context: SessionContext,
  name: string,
  reopen: Reopen | undefined,
  lastFailure: FailureReport | undefined,
): Promise<{ session: SessionController; loadFailure?: FailureReport }> {
  if (reopen === undefined) return { session: await SessionController.create(context) };
  const { sessionId } = reopen;
  if (!reopen.replay)
    return {
      session: await loading(panel, name, sessionId, () =>
        reopenAfterCrash(context, sessionId, (title) => panel.notes.note(title), lastFailure),
      ),
    };
  const kept = await deps.transcripts?.get(name, sessionId);
  // The journal's copy shows while the agent replays; the replay replaces it from its first update.
  if (kept)
    panel.store.dispatch({
      type: "thread/restored",
      entries: [...kept.entries],
      ...(kept.title === undefined ? {} : { title: kept.title }),
    });
  return reopenOrContinue(
    context,
    () =>
      loading(panel, name, sessionId, () =>
        SessionController.reopen(kept ? replacingOnFirstUpdate(context) : context, sessionId, true),
      ),
    kept !== undefined,
  );
}

/** A context whose first update (of a replay) clears the thread first: the copy shown meanwhile gives way. */
function replacingOnFirstUpdate(context: SessionContext): SessionContext {
  let pending = true;
  return {
    ...context,
    sink: (action) => {
      if (pending) {
        pending = false;
        context.sink({ type: "thread/reset" });
      }
      context.sink(action);
    },
  };
}

/**
 * Runs a `session/load` or `session/resume` (`open`): the panel says "Loading session…", and the
 * history the agent replays meanwhile is held, folded as one batch and sent to the webview as
 * one snapshot when the request returns or fails (see PanelStore.holdReplay).
 */
async function loading<T>(panel: LifecyclePanel, agent: string, sessionId: string, open: () => Promise<T>): Promise<T> {
  panel.store.dispatch({ type: "connection/loading", agent, sessionId });
  const release = panel.store.holdReplay();
  try {
    return await open();
  } finally {
    release();
  }
}

/** A new session continues `sessionId`, which the agent could not reopen: show what this client kept of it. */
export async function showContinuation(
  deps: AgentLifecycleDeps,
  panel: LifecyclePanel,
  agent: string,
  sessionId: string,
  loadFailure: FailureReport | undefined,
): Promise<void> {
  const { store, notes } = panel;
  const kept = await deps.transcripts?.get(agent, sessionId);
  if (loadFailure) store.dispatch({ type: "thread/reset" }); // a partial replay gives way to the kept copy
  showKeptTranscript(
    (action) => store.dispatch(action),
    notes.newEntryId(),
    {
      agent,
      shown: store.state.thread.entries.length > 0,
      kept,
      ...(loadFailure ? { loadFailure } : {}),
    },
    deps.translate ?? english,
  );
}
