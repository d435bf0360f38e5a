import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { PASSWORD, setupConsole, withPassword } from "./auth-support";
import { toast } from "./toast-support";

// The sign-in page is the first page most people load, often on a phone: it paints with the
// start's code, its own chunk and its messages, and brings zod and the schemas (validation), Radix's
// toast code (a failure to show) and the dialogs only when they are used
// (docs/decisions/0029-console-delivery.md). The behaviour stays the same: the shared schema's
// messages, focus on the first field in error, and no CSP violation (zod stays jitless). Its code
// downloads with the messages and the first render waits for both, so no loading state shows first.

/** The paths of the scripts the page asks for, from the moment it is created. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** CSP violations the page reports. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__cspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __cspViolation(text: string): void }).__cspViolation;
      report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

/** Whether the page ever showed a loading state (role=status saying "Loading…") before its form. */
async function watchLoadingState(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript((text) => {
    const seen = { loading: false };
    (window as unknown as { __loadingSeen: typeof seen }).__loadingSeen = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll("[role='status']"))
        if (el.textContent?.includes(text)) seen.loading = true;
    }).observe(document, { childList: true, subtree: true });
  }, en.common.loading);
  return () =>
    page.evaluate(() => (window as unknown as { __loadingSeen: { loading: boolean } }).__loadingSeen.loading);
}

const loaded = (scripts: string[], chunk: string) => scripts.some((p) => p.startsWith(`/assets/${chunk}-`));
const LATER = ["zod", "schemas", "toast-region", "dialog", "common", "console-routes"];

describe("the sign-in page's first load", () => {
  const env = setupConsole();

  it("paints without the validation, toast and dialog code, and validates as before once used", async () => {
    const company = await factories(env.app.database.db, env.app.clock.now()).company();
    const user = await withPassword(
      env.app.database.db,
      await factories(env.app.database.db, env.app.clock.now()).user({ companyId: company.id }),
    );
    const page = await env.browser.newPage();
    const scripts = scriptsOf(page);
    const violations = await watchCsp(page);
    const showedLoading = await watchLoadingState(page);
    await page.goto(`${env.app.url}/app/auth/signin`);
    const submit = page.getByRole("button", { name: en.auth.signIn.submit, exact: true });
    await submit.waitFor();
    await page.waitForLoadState("networkidle");
    expect(scripts.some((p) => p.startsWith("/assets/signin-page-"))).toBe(true);
    expect(LATER.filter((chunk) => loaded(scripts, chunk))).toEqual([]);
    // The page's code came with the messages, before the first render: the form is the first paint.
    await expect(showedLoading()).resolves.toBe(false);

    // Submitted empty, before anything was typed: the schema arrives and says what is missing.
    await submit.click();
    const email = page.getByLabel(en.auth.fields.email);
    const password = page.getByLabel(en.auth.fields.password, { exact: true });
    await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(page.getByText(en.validation.required).count()).resolves.toBe(2);
    expect(loaded(scripts, "zod") && loaded(scripts, "schemas")).toBe(true);

    // Messages follow every change after the first submit, as in every other form.
    await email.fill("not-an-e-mail");
    await page.getByText(en.validation.invalidEmail).waitFor();

    // The server's refusal is a toast: Radix's toast code comes with the first one.
    await email.fill(user.email);
    await password.fill("Wrong-Password-1");
    await submit.click();
    await toast(page, en.errors.INVALID_CREDENTIALS, { kind: "error" }).waitFor();
    expect(loaded(scripts, "toast-region")).toBe(true);

    await password.fill(PASSWORD);
    await submit.click();
    await page.waitForURL((url) => !url.pathname.startsWith("/app/auth/signin"));
    expect(violations).toEqual([]);
    await page.close();
  }, 90_000);
});
