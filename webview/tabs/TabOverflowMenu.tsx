/**
 * "All sessions (n)": a menu of every open tab, for a strip too narrow to show them all. A menu
 * button (MenuButton.tsx) opening a `menu` of `menuitemradio`s, the active one checked.
 */
import { useRef, useState } from "react";
import type { TabSummary } from "../../src/shared/wire/protocol";
import { Codicon } from "../ui/Codicon";
import { MenuButton } from "../ui/MenuButton";
import { t } from "../l10n";

interface TabOverflowMenuProps {
  readonly tabs: readonly TabSummary[];
  readonly activeKey: string | undefined;
  readonly labelOf: (tab: TabSummary) => string;
  readonly onActivate: (key: string) => void;
}

export function TabOverflowMenu({ tabs, activeKey, labelOf, onActivate }: TabOverflowMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const name = t("All sessions ({0})", tabs.length);

  return (
    <MenuButton
      className="tab-overflow"
      icon="chevron-down"
      name={name}
      title={name}
      menuLabel={t("Open sessions")}
      open={open}
      setOpen={setOpen}
      button={button}
      items={tabs.map((tab) => ({
        key: tab.key,
        label: labelOf(tab),
        checked: tab.key === activeKey,
        onSelect: () => tab.key !== activeKey && onActivate(tab.key),
        content: (
          <>
            <Codicon name={tab.key === activeKey ? "check" : "blank"} />
            <span className="tab-title">{tab.title || "New session"}</span>
          </>
        ),
      }))}
    />
  );
}
