/**
 * First run, or a tab with no agent started: what the panel does, the agents it can start
 * (`agents/catalog`: configured ones first, then the built-in presets, each with its command and,
 * for presets, whether it is installed: on PATH, or by the panel), Install or the command to copy
 * for a preset that is not, how to add a custom agent, and any problems in the `acpPanel.agents` setting.
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import { useMemo } from "react";
import { useAgentCatalog, useHostActions } from "../host/hooks";
import type { AgentCatalog } from "../host/hostValueStore";
import { Codicon } from "../ui/Codicon";
import { CopyCommand, InstallButton, VendorLink } from "./InstallActions";
import { RemoteSettingsHint } from "./RemoteSettingsHint";
import { t, tParts } from "../l10n";

/** The entry the welcome view suggests adding to `acpPanel.agents`. */
export const CUSTOM_AGENT_SNIPPET = `"acpPanel.agents": {
  "My Agent": {
    "command": "my-agent",
    "args": ["--acp"]
  }
}`;

type CatalogAgent = AgentCatalog["agents"][number];

export function WelcomeView() {
  const { agents, problems } = useAgentCatalog();
  const { selectAgent, openSettings, addAgent } = useHostActions();
  // Configured agents first, then presets; each group keeps the host's order.
  const ordered = useMemo(() => [...agents.filter((a) => !a.preset), ...agents.filter((a) => a.preset)], [agents]);
  return (
    <section className="welcome" aria-labelledby="welcome-heading">
      <h2 id="welcome-heading" className="welcome-heading">
        <Codicon name="comment-discussion" /> {t("Start a session")}
      </h2>
      <p className="welcome-text">
        {t(
          "ACP Panel chats with any coding agent that speaks the Agent Client Protocol. Pick one to start it: it runs on this machine, asks before it edits files or runs commands, and you can switch agents at any time.",
        )}
      </p>
      <RemoteSettingsHint />
      {problems.length > 0 ? (
        <ul className="welcome-problems" aria-label={t("Settings problems")}>
          {problems.map((problem, index) => (
            <ProblemLine key={index} problem={problem} />
          ))}
        </ul>
      ) : null}
      {ordered.length === 0 ? (
        <p className="welcome-text">{t("No agents found yet. Add one in the settings.")}</p>
      ) : (
        <ul className="agent-catalog" role="list" aria-label={t("Agents")}>
          {ordered.map((agent) => (
            <CatalogRow key={agent.name} agent={agent} onStart={selectAgent} />
          ))}
        </ul>
      )}
      <div className="welcome-registry">
        <p className="welcome-text">{t("Or pick one of the agents published in the ACP registry:")}</p>
        <VscodeButton secondary onClick={() => addAgent("registry")}>
          <Codicon name="cloud-download" className="button-icon" />
          {t("Add from the ACP registry…")}
        </VscodeButton>
      </div>
      <div className="welcome-custom">
        <p className="welcome-text">
          {tParts("Another agent? Add it to {0} in your user settings:", <code>acpPanel.agents</code>)}
        </p>
        <pre className="welcome-snippet" aria-label={t("Settings snippet")}>
          <code>{CUSTOM_AGENT_SNIPPET}</code>
        </pre>
        <VscodeButton secondary onClick={() => openSettings()}>
          <Codicon name="settings-gear" className="button-icon" />
          {t("Add a custom agent in settings")}
        </VscodeButton>
      </div>
    </section>
  );
}

function CatalogRow({ agent, onStart }: { agent: CatalogAgent; onStart: (name: string) => void }) {
  const marker = !agent.preset
    ? { icon: "gear", text: t("Configured"), className: "agent-configured" }
    : agent.managed
      ? { icon: "pass", text: t("Installed by ACP Panel"), className: "agent-installed" }
      : agent.installed
        ? { icon: "pass", text: t("Found on PATH"), className: "agent-installed" }
        : { icon: "circle-slash", text: t("Not installed"), className: "agent-missing" };
  // Not installed: Install where the panel can install it; else its command to copy, and Start
  // (secondary) for once it is installed by hand.
  const offer = agent.installed ? undefined : agent.install;
  return (
    <li className="agent-row">
      <div className="agent-info">
        <span className="agent-name">{agent.name}</span>
        <span className={`agent-marker ${marker.className}`}>
          <Codicon name={marker.icon} />
          {marker.text}
        </span>
        <code className="agent-command" title={agent.command}>
          {agent.command}
        </code>
        {offer ? (
          <span className="agent-install">
            {offer.kind === "manual" ? <CopyCommand agent={agent.name} command={offer.command} /> : null}
            <VendorLink agent={agent.name} offer={offer} />
          </span>
        ) : null}
      </div>
      {offer?.kind === "npm" ? (
        <InstallButton agent={agent.name} />
      ) : (
        /* The user's own agents are the obvious choice; presets are offered, not pushed. */
        <VscodeButton
          secondary={agent.preset}
          aria-label={t("Start {0}", agent.name)}
          onClick={() => onStart(agent.name)}
        >
          {t("Start")}
        </VscodeButton>
      )}
    </li>
  );
}

/** Problems read `acpPanel.agents["X"].field: message`: the field is shown as code. */
function ProblemLine({ problem }: { problem: string }) {
  const match = /^(acpPanel\.(?:[\w.]|\[[^\]]*\])+)\s*:\s*(.*)$/s.exec(problem);
  return (
    <li className="welcome-problem">
      <Codicon name="warning" className="severity-warning" />
      <span>
        {match ? (
          <>
            <code>{match[1]}</code>: {match[2]}
          </>
        ) : (
          problem
        )}
      </span>
    </li>
  );
}
