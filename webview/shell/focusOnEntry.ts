/**
 * When VS Code gives the panel keyboard focus (its "Focus on Chat View" command, the ACP keybinding,
 * a click on the view's title) and nothing inside has it yet, the prompt box takes it: that is where
 * the user continues. A click inside the panel is left alone: the user may be selecting text.
 */
import { focusComposer } from "../requests/composerPresence";

export function focusPromptOnEntry(): () => void {
  let pointer = false;
  const down = () => {
    pointer = true;
  };
  const up = () => {
    pointer = false;
  };
  const onFocus = () => {
    // A busy webview handles the event late: if the focus has moved on since (F1 opened VS Code's
    // palette), taking it would close what the user just opened.
    if (pointer || !document.hasFocus()) return;
    const active = document.activeElement;
    if (active === null || active === document.body || active === document.documentElement) focusComposer();
  };
  window.addEventListener("pointerdown", down, true);
  window.addEventListener("pointerup", up, true);
  window.addEventListener("focus", onFocus);
  window.addEventListener("blur", up); // a button released outside the panel sends no pointerup
  return () => {
    window.removeEventListener("blur", up);
    window.removeEventListener("pointerdown", down, true);
    window.removeEventListener("pointerup", up, true);
    window.removeEventListener("focus", onFocus);
  };
}
