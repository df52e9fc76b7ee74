/**
 * A listbox of suggestions under the prompt (slash commands, files). Focus stays in the prompt,
 * which points at the active option with aria-activedescendant; the mouse can pick too.
 */
import { useEffect, useRef } from "react";
import type { SuggestionMenu as Menu } from "./useSuggestions";
import { t } from "../l10n";

export function suggestionOptionId(menuId: string, index: number): string {
  return `${menuId}-option-${index}`;
}

export function SuggestionMenu({
  id,
  menu,
  onPick,
  onHover,
}: {
  id: string;
  menu: Menu;
  onPick: (index: number) => void;
  onHover: (index: number) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector(`[id="${suggestionOptionId(id, menu.active)}"]`)?.scrollIntoView({ block: "nearest" });
  }, [id, menu.active]);
  return (
    <ul
      className="suggestions"
      id={id}
      role="listbox"
      aria-label={menu.kind === "command" ? t("Commands") : t("Mentions")}
      ref={list}
    >
      {menu.items.map((item, index) => (
        <li
          key={item.key}
          id={suggestionOptionId(id, index)}
          role="option"
          aria-selected={index === menu.active}
          className={index === menu.active ? "suggestion suggestion-active" : "suggestion"}
          // Keep focus (and the caret) in the prompt while clicking.
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => index !== menu.active && onHover(index)}
          onClick={() => onPick(index)}
        >
          <span className="suggestion-label">{item.label}</span>
          {item.hint ? <span className="suggestion-hint">{item.hint}</span> : null}
          {item.description ? <span className="suggestion-description">{item.description}</span> : null}
        </li>
      ))}
    </ul>
  );
}
