// @vitest-environment node
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { en } from "../../../shared/i18n/en";
import { ja } from "../../../shared/i18n/ja";
import { changeLanguage } from "../lib/i18n";
import { ErrorBoundary } from "./error-boundary";

// No DOM here: the boundary is put in its error state the way React does it, through
// getDerivedStateFromError, and its output rendered to HTML.
function renderCrashed(error: unknown): string {
  const boundary = new ErrorBoundary({ children: "never shown", fullPage: true });
  boundary.state = { ...boundary.state, ...ErrorBoundary.getDerivedStateFromError(error) };
  return renderToString(boundary.render());
}

describe("crash screen", () => {
  afterEach(() => changeLanguage("en"));

  it("renders children while nothing has failed", () => {
    const boundary = new ErrorBoundary({ children: "all good" });
    expect(renderToString(boundary.render())).toBe("all good");
  });

  it("shows the title, the note, collapsible details, Reload and Clear cache and retry", () => {
    const html = renderCrashed(new TypeError("Cannot read properties of undefined (reading 'eta')"));
    expect(html).toContain(en.crash.title);
    expect(html).toContain(en.crash.notified);
    expect(html).toMatch(new RegExp(`<details[^>]*>\\s*<summary[^>]*>${en.crash.details}</summary>`));
    expect(html).toContain("TypeError: Cannot read properties of undefined (reading &#x27;eta&#x27;)");
    expect(html).toContain(`>${en.crash.reload}</button>`);
    expect(html).toContain(`>${en.crash.clearCacheAndRetry}</button>`);
    expect(html).toContain('role="alert"');
  });

  it("turns a thrown non-Error into readable details", () => {
    expect(renderCrashed("plain string")).toContain("Error: plain string");
  });

  it("speaks Japanese when the language is Japanese", async () => {
    await changeLanguage("ja");
    const html = renderCrashed(new Error("x"));
    expect(html).toContain(ja.crash.title);
    expect(html).toContain(ja.crash.clearCacheAndRetry);
  });
});
