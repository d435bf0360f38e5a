// @vitest-environment node
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { en } from "../../../../shared/i18n/en";
import { ja } from "../../../../shared/i18n/ja";
import { changeLanguage } from "../../lib/i18n";
import { createTrpcClient, trpc } from "../../lib/trpc";
import { DebugInfoPage } from "./debug-page";

function render(): string {
  // Queries do not run during a server render: this checks the page's frame, not its data.
  const queryClient = new QueryClient();
  return renderToString(
    <trpc.Provider client={createTrpcClient()} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <DebugInfoPage />
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

afterEach(() => changeLanguage("en"));

describe("debug info page", () => {
  it.each([
    ["en", en],
    ["ja", ja],
  ] as const)("shows every section in %s", async (lang, messages) => {
    await changeLanguage(lang);
    const html = render();
    for (const title of [
      messages.debug.title,
      messages.debug.state.title,
      messages.debug.build.title,
      messages.debug.csv.title,
      messages.debug.outbox.title,
    ]) {
      expect(html).toContain(title);
    }
    expect(html).toMatch(/<input[^>]+type="file"[^>]+accept=".csv,text\/csv"/);
  });
});
