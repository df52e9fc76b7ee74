/**
 * @vscode-elements' select and checkbox, given their `value` / `checked` only when it changed.
 *
 * Their setters re-render the element on every assignment, equal or not (`requestUpdate` without
 * a dirty check), and @lit/react assigns every property on every React render ("elements are
 * assumed to dirty-check"). The select's render also reads its own `getBoundingClientRect` (to
 * place its closed dropdown), which lays out the whole page. So the header's agent picker,
 * re-rendered only because the session's title changed, laid the page out again in the middle of
 * a long thread's first frames: 8 to 33 ms each time in the bench's traces. These wrappers keep
 * the controlled contract (every render puts the element back to the prop) and assign only when
 * the element's own value differs.
 */
import VscodeCheckbox from "@vscode-elements/react-elements/dist/components/VscodeCheckbox.js";
import VscodeSingleSelect from "@vscode-elements/react-elements/dist/components/VscodeSingleSelect.js";
import type { VscodeCheckbox as CheckboxElement } from "@vscode-elements/elements/dist/vscode-checkbox/vscode-checkbox.js";
import type { VscodeSingleSelect as SelectElement } from "@vscode-elements/elements/dist/vscode-single-select/vscode-single-select.js";
import { type ComponentPropsWithoutRef, useLayoutEffect, useRef } from "react";

/**
 * A ref for the element, and after every render (as @lit/react's own assignment ran) its `key`
 * set to `value` when the element's own differs.
 */
function useQuietProperty<E extends HTMLElement, K extends keyof E>(key: K, value: E[K]) {
  const element = useRef<E>(null);
  useLayoutEffect(() => {
    const node = element.current;
    if (node && node[key] !== value) node[key] = value;
  });
  return element;
}

type SelectProps = Omit<ComponentPropsWithoutRef<typeof VscodeSingleSelect>, "value"> & { readonly value: string };

export function SingleSelect({ value, ...props }: SelectProps) {
  const element = useQuietProperty<SelectElement, "value">("value", value);
  return <VscodeSingleSelect ref={element} {...props} />;
}

type CheckboxProps = Omit<ComponentPropsWithoutRef<typeof VscodeCheckbox>, "checked"> & { readonly checked: boolean };

export function Checkbox({ checked, ...props }: CheckboxProps) {
  const element = useQuietProperty<CheckboxElement, "checked">("checked", checked);
  return <VscodeCheckbox ref={element} {...props} />;
}
