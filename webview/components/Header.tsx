/** The panel header: the agent picker. Picking an agent asks the host to switch to it. */
import VscodeOption from "@vscode-elements/react-elements/dist/components/VscodeOption.js";
import VscodeSingleSelect from "@vscode-elements/react-elements/dist/components/VscodeSingleSelect.js";
import { useCallback } from "react";
import { useHostActions, usePanel } from "../hooks";

export function Header() {
  const agents = usePanel((state) => state.agents);
  const selected = usePanel((state) => state.selectedAgent);
  const { selectAgent } = useHostActions();

  const onChange = useCallback((event: Event) => {
    const agent = (event.currentTarget as { value?: unknown } | null)?.value;
    if (typeof agent === "string" && agent !== "" && agent !== selected) selectAgent(agent);
  }, [selected, selectAgent]);

  return (
    <header className="panel-header">
      <VscodeSingleSelect className="agent-picker" label="Agent" value={selected ?? ""} disabled={agents.length === 0} onChange={onChange}>
        {agents.map((agent) => <VscodeOption key={agent} value={agent}>{agent}</VscodeOption>)}
      </VscodeSingleSelect>
    </header>
  );
}
