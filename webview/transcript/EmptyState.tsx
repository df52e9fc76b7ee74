/**
 * What a tab with no messages yet shows in its transcript: a line on how to send, a few starter
 * prompts, and the agent's slash commands (`available_commands_update`). Picking one puts it in
 * the composer to edit or send; nothing is sent from here.
 */
import { usePanel } from "../host/hooks";
import { useSetComposerText } from "../composer/composerHooks";
import { Codicon } from "../ui/Codicon";
import { t } from "../l10n";

/** General first questions: they suit any coding agent in any workspace. */
export const STARTER_PROMPTS: readonly string[] = [
  t("Explain what this project does and how it is organised."),
  t("Find a bug in the open file and propose a fix."),
  t("Write tests for the code I'm working on."),
];

export function EmptyState() {
  const agent = usePanel((state) => (state.connection.status === "none" ? undefined : state.connection.agent));
  const commands = usePanel((state) => state.thread.commands);
  const setComposerText = useSetComposerText();
  return (
    <div className="empty-state">
      <p className="transcript-empty">
        {agent === undefined
          ? t("Ask the agent anything. Enter sends, Shift+Enter adds a line.")
          : t("Ask {0} anything. Enter sends, Shift+Enter adds a line.", agent)}
      </p>
      <h2 className="empty-heading" id="starter-heading">
        {t("Try")}
      </h2>
      <ul className="starter-list" aria-label={t("Starter prompts")}>
        {STARTER_PROMPTS.map((text) => (
          <li key={text}>
            <button type="button" className="starter-button" onClick={() => setComposerText(text)}>
              <Codicon name="sparkle" />
              <span>{text}</span>
            </button>
          </li>
        ))}
      </ul>
      {commands.length > 0 ? (
        <>
          <h2 className="empty-heading">{t("Commands")}</h2>
          <ul className="starter-list" aria-label={t("Slash commands")}>
            {commands.map((command) => (
              <li key={command.name}>
                <button type="button" className="starter-button" onClick={() => setComposerText(`/${command.name} `)}>
                  <code className="command-name">/{command.name}</code>
                  {command.description ? <span className="command-description">{command.description}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
