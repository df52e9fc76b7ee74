/**
 * "Follow agent": reveals each tool call's first location in the editor as it arrives, only when
 * it is inside the workspace (openTarget.ts): a location outside is skipped, never asked about,
 * since a prompt per tool call would flood the user.
 */
import type { Navigation } from "../ports";
import type { PanelStore } from "./panelStore";
import { openVerdict } from "../client/callbacks/openTarget";

export class FollowAgent {
  enabled = false;
  private lastShown = "";

  /** `roots`: the workspace folders open now. */
  constructor(
    private readonly navigation: Pick<Navigation, "openLocation">,
    private readonly roots: () => readonly string[],
  ) {}

  /** Follows `store` (the active tab) until the returned subscription is disposed. */
  track(store: PanelStore): { dispose(): void } {
    return store.subscribe((action, _seq, replayed) => {
      // A loaded session's history is not followed: it happened before.
      if (!this.enabled || replayed || action.type !== "acp/update") return;
      const update = action.update as { sessionUpdate: string; locations?: Array<{ path?: unknown; line?: unknown }> };
      if (update.sessionUpdate !== "tool_call" && update.sessionUpdate !== "tool_call_update") return;
      const location = update.locations?.[0];
      if (typeof location?.path !== "string") return;
      const path = location.path;
      const line = typeof location.line === "number" ? location.line : undefined;
      const key = `${path}:${line ?? ""}`;
      if (key === this.lastShown) return;
      this.lastShown = key;
      void openVerdict(path, this.roots())
        .then((verdict) =>
          verdict.kind === "open" ? this.navigation.openLocation(path, line, { preserveFocus: true }) : undefined,
        )
        .catch(() => undefined);
    });
  }
}
