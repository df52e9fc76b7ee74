/** The chat panel: header, transcript, status line, plan and composer over one replica store. */
import { type PanelServices, PanelContext } from "../hooks";
import { Composer } from "./Composer";
import { Header } from "./Header";
import { PlanView } from "./PlanView";
import { StatusLine } from "./StatusLine";
import { Transcript } from "./Transcript";

export function App({ services }: { services: PanelServices }) {
  return (
    <PanelContext value={services}>
      <div className="panel">
        <Header />
        <main className="panel-main">
          <Transcript />
          <StatusLine />
          <PlanView />
          <Composer />
        </main>
      </div>
    </PanelContext>
  );
}
