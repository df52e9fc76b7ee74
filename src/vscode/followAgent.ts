/** "Follow agent": reveals each tool call's first location in the editor as it arrives. */
import type { PanelStore } from "../acp/sessions/panelStore";
import type { EditorNavigation } from "./editorNavigation";

export class FollowAgent {
  enabled = false;
  private lastShown = "";

  constructor(private readonly navigation: EditorNavigation) {}

  /** Follows `store` (the active tab) until the returned subscription is disposed. */
  track(store: PanelStore): { dispose(): void } {
    return store.subscribe((action, _seq, replayed) => {
      // A loaded session's history is not followed: it happened before.
      if (!this.enabled || replayed || action.type !== "acp/update") return;
      const update = action.update as { sessionUpdate: string; locations?: Array<{ path?: unknown; line?: unknown }> };
      if (update.sessionUpdate !== "tool_call" && update.sessionUpdate !== "tool_call_update") return;
      const location = update.locations?.[0];
      if (typeof location?.path !== "string") return;
      const line = typeof location.line === "number" ? location.line : undefined;
      const key = `${location.path}:${line ?? ""}`;
      if (key === this.lastShown) return;
      this.lastShown = key;
      void this.navigation.openLocation(location.path, line, true).catch(() => undefined);
    });
  }
}
