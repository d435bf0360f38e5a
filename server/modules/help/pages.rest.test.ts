import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../../shared/i18n/en";
import { ja } from "../../../shared/i18n/ja";
import { createTestApp, type TestApp } from "../../../tests/setup/app";

// Decision 0068: Help and the sign-up form's Terms and Privacy links lead somewhere
// real — the configured addresses, or built-in pages in English and Japanese.

let builtIn: TestApp;
let configured: TestApp;

beforeAll(async () => {
  [builtIn, configured] = await Promise.all([
    createTestApp({ env: { SUPPORT_EMAIL: "help@forwarder.example" } }),
    createTestApp({
      env: {
        SUPPORT_URL: "https://support.tracking.example/hc",
        TERMS_URL: "https://www.tracking.example/terms",
        PRIVACY_URL: "https://www.tracking.example/privacy",
      },
    }),
  ]);
});
afterAll(() => Promise.all([builtIn.close(), configured.close()]));

describe("built-in pages", () => {
  it.each([
    ["/help/", en.pages.help.title],
    ["/help", en.pages.help.title],
    ["/legal/terms/", en.pages.terms.title],
    ["/legal/privacy/", en.pages.privacy.title],
    ["/legal/privacy", en.pages.privacy.title],
  ])("serves %s as an HTML page", async (url, title) => {
    const res = await builtIn.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain(`<h1>${title}</h1>`);
    expect(res.body).not.toContain("<script");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("explains tracking, lists the lines with their Beta mark, and gives the contact address", async () => {
    const res = await builtIn.app.inject({ method: "GET", url: "/help/" });
    expect(res.body).toContain(en.pages.help.howTitle);
    expect(res.body).toContain("every 6 hours");
    expect(res.body).toContain("Hapag-Lloyd");
    expect(res.body).toMatch(/Höegh Autoliners <span class="beta">Beta<\/span>/);
    expect(res.body).toContain('<a href="mailto:help@forwarder.example">help@forwarder.example</a>');
  });

  it("answers in Japanese from ?lang=ja or the browser's language", async () => {
    const byQuery = await builtIn.app.inject({ method: "GET", url: "/help/?lang=ja" });
    expect(byQuery.body).toContain(`<h1>${ja.pages.help.title}</h1>`);
    expect(byQuery.body).toContain('<html lang="ja">');
    const byHeader = await builtIn.app.inject({
      method: "GET",
      url: "/legal/terms/",
      headers: { "accept-language": "ja-JP,ja;q=0.9" },
    });
    expect(byHeader.body).toContain(`<h1>${ja.pages.terms.title}</h1>`);
    expect(byHeader.body).toContain('href="/legal/terms/?lang=en"');
  });

  it("serves the pages' stylesheet from the same origin", async () => {
    const res = await builtIn.app.inject({ method: "GET", url: "/pages/pages.css" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/css");
  });
});

describe("configured addresses", () => {
  it.each([
    ["/help/", "https://support.tracking.example/hc"],
    ["/legal/terms/", "https://www.tracking.example/terms"],
    ["/legal/privacy/", "https://www.tracking.example/privacy"],
  ])("redirects %s to %s", async (url, location) => {
    const res = await configured.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });
});
