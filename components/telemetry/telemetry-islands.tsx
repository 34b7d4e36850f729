import { ReplayIsland } from './replay/replay-island';

// The browser telemetry's islands, mounted once in every root layout (portal, public, widget
// sites, embeds, the console): each loads its code after the page is interactive, never on the
// critical path (docs/telemetry.md).
export function TelemetryIslands() {
  return (
    <>
      <ReplayIsland />
    </>
  );
}
