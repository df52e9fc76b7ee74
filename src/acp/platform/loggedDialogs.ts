/**
 * Dialogs whose warnings and errors also go to the log ("ACP Panel" output): a toast fades, and a
 * failure a user saw (a Redo that could not run, an agent that would not start) must still be
 * there to read, and to report, afterwards. Questions (confirm, pick, input) are not logged.
 */
import type { Dialogs, Logger } from "../ports";

export function loggedDialogs(dialogs: Dialogs, logger: Pick<Logger, "warn" | "error">): Dialogs {
  return {
    info: (message, ...actions) => dialogs.info(message, ...actions),
    warning: (message, ...actions) => {
      logger.warn(`shown: ${message}`);
      return dialogs.warning(message, ...actions);
    },
    error: (message, ...actions) => {
      logger.error(`shown: ${message}`);
      return dialogs.error(message, ...actions);
    },
    confirm: (message, detail, ...actions) => dialogs.confirm(message, detail, ...actions),
    pick: (choices, options) => dialogs.pick(choices, options),
    input: (options) => dialogs.input(options),
    progress: (title, task) => dialogs.progress(title, task),
  };
}
