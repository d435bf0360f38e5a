import { describe, expect, it } from "vitest";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { runPasswordResetJobs } from "../rest/auth-jobs";
import { freshPage, linkInLatestEmail, PASSWORD, setupConsole, withPassword } from "./auth-support";
import { toast } from "./toast-support";

// Password reset (spec 01 §2): request a link, follow it from the outbox, set the new password
// twice, then sign in with it. The old session ends with the reset.
describe("password reset", () => {
  const env = setupConsole();

  it("resets the password from the e-mailed link and signs in with the new one", async () => {
    const { user } = await factories(env.app.database.db, env.app.clock.now()).companyWith("ADMIN");
    await withPassword(env.app.database.db, user);

    const page = await freshPage(env.browser, env.app, "/app/auth/signin");
    await page.getByRole("link", { name: en.auth.signIn.forgotPassword }).click();
    await page.waitForURL(`${env.app.url}/app/auth/password-reset`);
    await page.getByLabel(en.auth.fields.email).fill("not an email");
    await page.getByRole("button", { name: en.auth.reset.submit }).click();
    await page.getByText(en.validation.invalidEmail).waitFor();
    await page.getByLabel(en.auth.fields.email).fill(user.email);
    await page.getByRole("button", { name: en.auth.reset.submit }).click();
    await page.getByRole("heading", { level: 1, name: en.auth.reset.sentTitle }).waitFor();

    // The e-mail is written by the background job (decision 0065); the test app runs no worker.
    expect(await runPasswordResetJobs(env.app)).toBe(1);
    const link = await linkInLatestEmail(env.app.database.db, user.email);
    expect(link).toMatch(/^\/app\/auth\/password-reset\?token=\S+$/);
    await page.goto(`${env.app.url}${link}`);
    await page.getByRole("heading", { level: 1, name: en.auth.reset.newTitle }).waitFor();
    await page.getByLabel(en.auth.fields.newPassword, { exact: true }).fill("Fresh-Quay-3031");
    await page.getByLabel(en.auth.fields.retypePassword, { exact: true }).fill("Fresh-Quay-3032");
    await page.getByRole("button", { name: en.auth.reset.newSubmit }).click();
    await page.getByText(en.validation.passwordsDoNotMatch).waitFor();
    await page.getByLabel(en.auth.fields.retypePassword, { exact: true }).fill("Fresh-Quay-3031");
    await page.getByRole("button", { name: en.auth.reset.newSubmit }).click();
    await page.waitForURL(`${env.app.url}/app/auth/signin`);
    await toast(page, en.auth.reset.done).waitFor();

    // The link is used once.
    await page.goto(`${env.app.url}${link}`);
    await page.getByLabel(en.auth.fields.newPassword, { exact: true }).fill("Another-Quay-4041");
    await page.getByLabel(en.auth.fields.retypePassword, { exact: true }).fill("Another-Quay-4041");
    await page.getByRole("button", { name: en.auth.reset.newSubmit }).click();
    await toast(page, en.errors.PASSWORD_RESET_TOKEN_INVALID, { kind: "error" }).waitFor();

    await page.goto(`${env.app.url}/app/auth/signin`);
    await page.getByLabel(en.auth.fields.email).fill(user.email);
    await page.getByLabel(en.auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: en.auth.signIn.submit, exact: true }).click();
    await toast(page, en.errors.INVALID_CREDENTIALS, { kind: "error" }).waitFor();
    await page.getByLabel(en.auth.fields.password, { exact: true }).fill("Fresh-Quay-3031");
    await page.getByRole("button", { name: en.auth.signIn.submit, exact: true }).click();
    await page.waitForURL(`${env.app.url}/app/console`);
    await page.getByRole("heading", { level: 1, name: en.shell.nav.shipments }).waitFor();
    await page.close();
  }, 90_000);

  it("shows 'Invalid Token. Please try again' and a way to a new link for a bad verification link", async () => {
    // Signed out: a signed-in, verified user would be sent on to the console instead.
    await env.browser.context.clearCookies();
    const page = await freshPage(env.browser, env.app);
    await page.goto(`${env.app.url}/app/auth/email-verification/forged-token-value`);
    await page.getByRole("heading", { level: 1, name: en.auth.verify.invalidTitle }).waitFor();
    const resend = page.getByRole("link", { name: en.auth.verify.resend });
    await expect(resend.getAttribute("href")).resolves.toBe("/app/auth/try-email-verification");
    await page.close();
  }, 60_000);
});
