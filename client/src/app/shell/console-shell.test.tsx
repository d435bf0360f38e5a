// @vitest-environment node
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { en } from "../../../../shared/i18n/en";
import "../../lib/i18n";
import { ConsoleShell } from "./console-shell";
import type { ShellState } from "./shell-context";

function render(state: ShellState | undefined, children: ReactNode = null, path = "/app/console"): string {
  // The query never runs during a server render, so no request leaves the test.
  const queryClient = new QueryClient();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={path}>
        <ConsoleShell state={state}>{children}</ConsoleShell>
      </Router>
    </QueryClientProvider>,
  );
}

const nav = en.shell.nav;

describe("console shell", () => {
  it("shows all navigation for a normal team and marks the current page", () => {
    const html = render(undefined, <p>page body</p>);
    expect(html).toContain(nav.shipments);
    expect(html).toContain(nav.newShipment);
    expect(html).toContain(nav.team);
    expect(html).toMatch(/aria-current="page" href="\/app\/console"/);
    expect(html).toContain("page body");
  });

  it.each(["headquarters", "guest"] as const)("hides New shipment and Team for a %s team", (teamKind) => {
    const html = render({ teamKind });
    expect(html).toContain(nav.shipments);
    expect(html).not.toContain(nav.newShipment);
    expect(html).not.toContain(`>${nav.team}<`);
  });

  it("leaves the data slots empty until the shell state is known", () => {
    const html = render(undefined);
    expect(html).not.toContain(en.shell.topBar.upgrade);
    expect(html).not.toContain(`>${en.shell.teamSwitcher.label}<`);
    expect(html).not.toContain("trackings");
  });

  it("fills the slots: team name, tracking count, trial days, Upgrade on FREE", () => {
    const html = render({
      teamKind: "team",
      teamName: "Osaka Imports",
      plan: "FREE",
      trackingCount: 7,
      trialDaysLeft: 5,
    });
    expect(html).toContain("Osaka Imports");
    expect(html).toContain("7 trackings");
    expect(html).toContain("Trial: 5 days left");
    expect(html).toContain(en.shell.topBar.upgrade);
  });

  it("says the trial ends today on its last day, not '0 days' or '1 day left'", () => {
    const html = render({ teamKind: "team", plan: "FREE", trialDaysLeft: 0 });
    expect(html).toContain(en.shell.topBar.trialEndsToday);
    expect(html).not.toMatch(/Trial: \d+ days? left/);
  });

  it("draws the sidebar's background on a column that spans the page, not on the sticky sidebar", () => {
    const html = render(undefined, <p>long page</p>);
    expect(html).toMatch(/<div class="[^"]*\bbg-white\b[^"]*"><aside class="[^"]*\bsticky\b[^"]*\bh-dvh\b/);
    expect(html).not.toMatch(/<aside class="[^"]*\bbg-white\b/);
  });

  it("hides the trial days at TRIAL_DAYS_HIDDEN_AT and Upgrade on paid plans", () => {
    const html = render({
      teamKind: "team",
      plan: "PREMIUM",
      trialDaysLeft: 999,
      trackingCount: 1,
      trackingLimit: 500,
    });
    expect(html).not.toContain("Trial:");
    expect(html).not.toContain(en.shell.topBar.upgrade);
    expect(html).toContain("1 / 500 trackings");
  });
});
