/**
 * The composer's suggestion menus, derived from the draft and the caret:
 * - "/" at the start of the prompt lists the agent's slash commands, filtered as you type;
 * - "@" (alone, or followed by text) asks the host (debounced) for what can be mentioned: the
 *   selection, open editors, symbols and workspace files, or for "@https://…" the URL to fetch.
 * Arrow keys move, Enter or Tab picks, Escape closes until the text changes.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import type { AvailableCommand } from "../../src/shared/thread/sessionUpdate";
import type { MentionItem } from "../../src/shared/wire/protocol";
import { t } from "../l10n";

const SEARCH_DELAY_MS = 150;

const mentionKinds: Record<NonNullable<MentionItem["kind"]>, string> = {
  selection: t("Selection"),
  editor: t("Open editor"),
  symbol: t("Symbol"),
  file: t("File"),
  url: t("Fetch (asks first)"),
};

export interface Suggestion {
  readonly key: string;
  readonly label: string;
  readonly description?: string;
  readonly hint?: string;
}

export type Pick =
  | { readonly kind: "command"; readonly command: AvailableCommand }
  | { readonly kind: "file"; readonly item: MentionItem; readonly from: number; readonly to: number };

export interface SuggestionMenu {
  readonly kind: "command" | "file";
  readonly label: "Commands" | "Mentions";
  readonly items: readonly Suggestion[];
  readonly active: number;
  readonly pick: (index: number) => Pick | undefined;
}

interface MentionToken {
  readonly query: string;
  /** Where "@" is, and where the query ends (the caret). */
  readonly from: number;
  readonly to: number;
}

/** The "@word" (or lone "@") the caret is in, if any. */
export function mentionAt(text: string, caret: number): MentionToken | undefined {
  const match = /(^|\s)@([^\s@]*)$/.exec(text.slice(0, caret));
  if (!match) return undefined;
  return { query: match[2] ?? "", from: caret - (match[2]?.length ?? 0) - 1, to: caret };
}

/** Commands matching "/query": name prefix first, then names containing it. */
export function matchCommands(commands: readonly AvailableCommand[], text: string): AvailableCommand[] | undefined {
  const match = /^\/(\S*)$/.exec(text);
  if (!match) return undefined;
  const query = (match[1] ?? "").toLowerCase();
  const starts = commands.filter((c) => c.name.toLowerCase().startsWith(query));
  const contains = commands.filter(
    (c) => !c.name.toLowerCase().startsWith(query) && c.name.toLowerCase().includes(query),
  );
  return [...starts, ...contains];
}

export function useSuggestions(
  text: string,
  caret: number,
  commands: readonly AvailableCommand[],
  search: (query: string) => void,
) {
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<string | undefined>(undefined);
  const [results, setResults] = useState<{ query: string; items: readonly MentionItem[] }>({ query: "", items: [] });

  const commandMatches = useMemo(() => matchCommands(commands, text), [commands, text]);
  const mention = useMemo(() => (commandMatches ? undefined : mentionAt(text, caret)), [commandMatches, text, caret]);
  const query = mention?.query;

  useEffect(() => {
    if (query === undefined) return;
    const timer = window.setTimeout(() => search(query), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query, search]);

  // A different list starts at its first item.
  const listKey = commandMatches
    ? `/${commandMatches.map((c) => c.name).join(",")}`
    : query !== undefined && results.query === query
      ? `@${results.items.map((i) => i.uri).join(",")}`
      : "";
  useEffect(() => setActive(0), [listKey]);

  let menu: SuggestionMenu | undefined;
  if (dismissedAt !== text) {
    if (commandMatches && commandMatches.length > 0) {
      menu = {
        kind: "command",
        label: "Commands",
        items: commandMatches.map((c) => ({
          key: c.name,
          label: `/${c.name}`,
          description: c.description,
          ...(c.input?.hint ? { hint: c.input.hint } : {}),
        })),
        active: Math.min(active, commandMatches.length - 1),
        pick: (index) => {
          const command = commandMatches[index];
          return command ? { kind: "command", command } : undefined;
        },
      };
    } else if (mention && results.query === mention.query && results.items.length > 0) {
      const items = results.items;
      menu = {
        kind: "file",
        label: "Mentions",
        items: items.map((item) => ({
          key: item.uri,
          label: item.name,
          description: item.detail,
          hint: mentionKinds[item.kind ?? "file"],
        })),
        active: Math.min(active, items.length - 1),
        pick: (index) => {
          const item = items[index];
          return item ? { kind: "file", item, from: mention.from, to: mention.to } : undefined;
        },
      };
    }
  }

  const move = useCallback(
    (delta: number) => {
      const count = menu?.items.length ?? 0;
      if (count > 0) setActive((current) => (Math.min(current, count - 1) + delta + count) % count);
    },
    [menu?.items.length],
  );

  return {
    menu,
    move,
    setActive,
    dismiss: () => setDismissedAt(text),
    receiveResults: setResults,
  };
}
