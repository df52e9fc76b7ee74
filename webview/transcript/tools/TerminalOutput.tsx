/**
 * A tool call's embedded terminal: the live output of `thread.terminals[id]` with its ANSI
 * colours, and how it ended. While a command the panel runs is running, Kill command ends it
 * (the host kills it; the turn goes on). Subscribes to its own terminal only, so streaming output
 * re-renders this block and nothing else.
 */
import { memo, useLayoutEffect, useRef } from "react";
import { useHostActions, usePanel } from "../../host/hooks";
import { AnsiText } from "../ansi/AnsiText";
import { Codicon } from "../../ui/Codicon";
import { IconButton } from "../../ui/IconButton";
import { t } from "../../l10n";

export const TerminalOutput = memo(function TerminalOutput({ terminalId }: { terminalId: string }) {
  const terminal = usePanel((state) => state.thread.terminals[terminalId]);
  const { killTerminal } = useHostActions();
  const output = useRef<HTMLPreElement>(null);
  const pinned = useRef(true);
  // Follow live output while the reader is at the bottom of the box.
  useLayoutEffect(() => {
    const element = output.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [terminal?.output]);
  if (!terminal) {
    return (
      <div className="terminal terminal-missing">
        <Codicon name="terminal" /> {t("Terminal output is not available")}
      </div>
    );
  }
  const { exit } = terminal;
  const ended =
    exit === undefined
      ? undefined
      : exit.exitCode !== null
        ? t("Exited with code {0}", exit.exitCode)
        : exit.signal !== null
          ? t("Killed by {0}", exit.signal)
          : t("Exited");
  const failed = exit !== undefined && exit.exitCode !== 0;
  return (
    <div
      className="terminal"
      role="group"
      aria-label={terminal.command ? t("Terminal: {0}", terminal.command) : t("Terminal")}
    >
      {terminal.command ? (
        <div className="terminal-command">
          <Codicon name="terminal" /> <code>{terminal.command}</code>
        </div>
      ) : null}
      <pre
        className="terminal-output"
        tabIndex={0}
        ref={output}
        onScroll={(event) => {
          const element = event.currentTarget;
          pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 4;
        }}
      >
        {terminal.output === "" ? (
          <span className="terminal-empty">{t("No output yet")}</span>
        ) : (
          <AnsiText text={terminal.output} />
        )}
      </pre>
      <div className={failed ? "terminal-exit terminal-exit-failed" : "terminal-exit"}>
        {ended === undefined ? (
          <>
            <Codicon name="loading" spin /> {t("Running…")}
            {terminal.killable ? (
              <IconButton
                icon="debug-stop"
                label={t("Kill command")}
                title={t("Kill this command (the turn goes on)")}
                onClick={() => killTerminal(terminalId)}
              />
            ) : null}
          </>
        ) : (
          <>
            <Codicon name={failed ? "error" : "check"} /> {ended}
          </>
        )}
      </div>
    </div>
  );
});
