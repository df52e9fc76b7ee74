/**
 * The panel header: the tab strip and "Show sessions" (the session list; "New session" is the
 * view title's), none of which an editor tab shows (it is one session, and VS Code's own tab),
 * the session's title, the agent's sign-in state (auth/status), the agent picker, "Follow agent", the context meter, and the session's
 * config pickers. Picking an agent asks the host to switch to it; its last option, "Add agent…",
 * asks the host to offer the registry or the settings. The session's config pickers are in the
 * composer's toolbar (Composer.tsx), where they take no rows of their own.
 */
import VscodeOption from "@vscode-elements/react-elements/dist/components/VscodeOption.js";
import { useCallback } from "react";
import type { PanelState } from "../../src/shared/wire/panelState";
import { useEditorSession, useHostActions, usePanel } from "../host/hooks";
import { ContextMeter } from "./ContextMeter";
import { AuthStatus } from "./AuthStatus";
import { Codicon } from "../ui/Codicon";
import { FollowToggle } from "./FollowToggle";
import { TabStrip } from "../tabs/TabStrip";
import { t } from "../l10n";
import { SingleSelect } from "../ui/QuietControls";

/** The picker's last option: not an agent, but the way to add one (registry or settings). */
const ADD_AGENT = "__acp_panel_add_agent__";

/** The agent's title for the session, else the first line of the first prompt. */
export function sessionTitle(state: PanelState): string {
  const { title, entries } = state.thread;
  if (title) return title;
  const first = entries.find((entry) => entry.kind === "user" && entry.text.trim() !== "");
  const line = first?.kind === "user" ? first.text.trim().split("\n", 1)[0]?.trim() : undefined;
  return line || t("New session");
}

interface HeaderProps {
  /** Whether the session list replaces the chat. */
  readonly sessionsOpen: boolean;
  readonly onToggleSessions: () => void;
}

export function Header({ sessionsOpen, onToggleSessions }: HeaderProps) {
  const agents = usePanel((state) => state.agents);
  const selected = usePanel((state) => state.selectedAgent);
  const title = usePanel(sessionTitle);
  const inEditor = useEditorSession() !== undefined;
  const { selectAgent, addAgent } = useHostActions();

  const onChange = useCallback(
    (event: Event) => {
      const picker = event.currentTarget as { value?: unknown } | null;
      const agent = picker?.value;
      if (agent === ADD_AGENT) {
        // Not an agent: put the current one back, and let the host offer the registry or settings.
        if (picker) picker.value = selected ?? "";
        addAgent();
        return;
      }
      if (typeof agent === "string" && agent !== "" && agent !== selected) selectAgent(agent);
    },
    [selected, selectAgent, addAgent],
  );

  return (
    <header className="panel-header">
      {inEditor ? null : (
        <div className="tab-bar">
          <TabStrip />
          <button
            type="button"
            className={sessionsOpen ? "icon-button icon-button-checked" : "icon-button"}
            aria-label={t("Show sessions")}
            aria-expanded={sessionsOpen}
            aria-controls={sessionsOpen ? "session-list-view" : undefined}
            title={sessionsOpen ? t("Back to the chat") : t("Show sessions")}
            onClick={onToggleSessions}
          >
            <Codicon name="history" />
          </button>
        </div>
      )}
      {/* One row: the agent, Follow agent, the sign-in state and the context meter (the tab shows the
          title, and the first message says it again: here it is only the page's heading). */}
      <div className="header-row">
        <h1 className="session-title visually-hidden">{title}</h1>
        <SingleSelect className="agent-picker" label={t("Agent")} value={selected ?? ""} onChange={onChange}>
          {pickerAgents(agents, selected).map((agent) => (
            <VscodeOption key={agent} value={agent}>
              {agent}
            </VscodeOption>
          ))}
          <VscodeOption key={ADD_AGENT} value={ADD_AGENT}>
            {t("Add agent…")}
          </VscodeOption>
        </SingleSelect>
        <FollowToggle />
        <AuthStatus />
        <ContextMeter />
      </div>
    </header>
  );
}

/**
 * The picker's agents: the tab's own agent is always among them, even when the list leaves it out
 * (a preset whose command was not found is not listed), so the picker never shows blank.
 */
export function pickerAgents(agents: readonly string[], selected: string | undefined): readonly string[] {
  return selected === undefined || selected === "" || agents.includes(selected) ? agents : [...agents, selected];
}
