/**
 * The active tab's agent sign-in state, from its `auth/status` (unstable; only agents that offer
 * it): "Signed in", "Not signed in", "No sign-in needed". Nothing for other agents, or "unknown".
 */
import type { TabSummary } from "../../src/shared/wire/protocol";
import { useTabs } from "../host/hooks";
import { Codicon } from "../ui/Codicon";
import { t } from "../l10n";

const labels: Record<Exclude<NonNullable<TabSummary["auth"]>, "unknown">, { text: string; icon: string }> = {
  authenticated: { text: t("Signed in"), icon: "account" },
  unauthenticated: { text: t("Not signed in"), icon: "warning" },
  not_required: { text: t("No sign-in needed"), icon: "pass" },
};

export function AuthStatus() {
  const { tabs, activeKey } = useTabs();
  const auth = tabs.find((tab) => tab.key === activeKey)?.auth;
  if (auth === undefined || auth === "unknown") return null;
  const { text, icon } = labels[auth];
  return (
    <span
      className={`auth-status auth-status-${auth}`}
      role="note"
      aria-label={t("Agent sign-in: {0}", text)}
      title={t("The agent reports: {0}", text.toLowerCase())}
    >
      <Codicon name={icon} /> {text}
    </span>
  );
}
