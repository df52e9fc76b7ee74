/** The chat panel: header, transcript, status line and composer over one replica store. */
import { type PanelServices, PanelContext } from "../hooks";
import { Composer } from "./Composer";
import { Header } from "./Header";
import { StatusLine } from "./StatusLine";
import { Transcript } from "./Transcript";

export function App({ services }: { services: PanelServices }) {
  return (
    <PanelContext value={services}>
      <main className="panel">
        <Header />
        <Transcript />
        <StatusLine />
        <Composer />
      </main>
    </PanelContext>
  );
}
