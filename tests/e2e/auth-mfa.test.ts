import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { generateTotpSecret } from "../../server/modules/auth/mfa/mfa.totp";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { freshPage, PASSWORD, setupConsole, withPassword } from "./auth-support";
import { toast } from "./toast-support";

// Sign in with MFA in the browser. The code is computed with otplib at the
// server's own (test) clock, as an authenticator app would at that moment.
describe("sign-in with multi-factor authentication", () => {
  const env = setupConsole();

  const codeNow = (secret: string) =>
    generate({ secret, epoch: Math.floor(env.app.clock.now().getTime() / 1000) });

  it("asks for the code after the password, keeps the console closed until it is given, refuses a wrong one", async () => {
    const f = factories(env.app.database.db, env.app.clock.now());
    const { user, team } = await f.companyWith("ADMIN");
    const secret = generateTotpSecret();
    await env.app.database.db
      .update(users)
      .set({ totpSecret: secret, isMultiFactorEnabled: true })
      .where(eq(users.id, user.id));
    await withPassword(env.app.database.db, user);

    // Signed out, the settings page sends to sign-in and remembers where the user was going.
    const page = await freshPage(env.browser, env.app, "/app/console/settings");
    await page.waitForURL(`${env.app.url}/app/auth/signin`);
    await page.getByLabel(en.auth.fields.email).fill(user.email);
    await page.getByLabel(en.auth.fields.password, { exact: true }).fill("Wrong-Password-1");
    await page.getByRole("button", { name: en.auth.signIn.submit, exact: true }).click();
    await toast(page, en.errors.INVALID_CREDENTIALS, { kind: "error" }).waitFor();
    // A failed sign-in keeps what was typed.
    await expect(page.getByLabel(en.auth.fields.email).inputValue()).resolves.toBe(user.email);

    await page.getByLabel(en.auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: en.auth.signIn.submit, exact: true }).click();
    await page.waitForURL(`${env.app.url}/app/auth/multi-factor-authentication`);
    await page.getByRole("heading", { level: 1, name: en.auth.mfa.title }).waitFor();

    // The console stays closed until the code is given.
    await page.goto(`${env.app.url}/app/console`);
    await page.waitForURL(`${env.app.url}/app/auth/multi-factor-authentication`);

    const code = page.getByLabel(en.auth.fields.mfaCode);
    await code.fill("12345");
    await page.getByRole("button", { name: en.auth.mfa.submit, exact: true }).click();
    await page.getByText(en.validation.mfaCode).waitFor();

    const right = await codeNow(secret);
    await code.fill(right === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: en.auth.mfa.submit, exact: true }).click();
    await toast(page, en.errors.MFA_CODE_INVALID, { kind: "error" }).waitFor();

    await code.fill(right);
    await page.getByRole("button", { name: en.auth.mfa.submit, exact: true }).click();
    await page.waitForURL(`${env.app.url}/app/console`);
    await page.getByRole("heading", { level: 1, name: en.shell.nav.shipments }).waitFor();
    await page.getByText(team.name).first().waitFor();
    await page.close();
  }, 90_000);

  it("returns to the remembered page after sign-in and MFA", async () => {
    const f = factories(env.app.database.db, env.app.clock.now());
    const { user } = await f.companyWith("MANAGER");
    const secret = generateTotpSecret();
    await env.app.database.db
      .update(users)
      .set({ totpSecret: secret, isMultiFactorEnabled: true })
      .where(eq(users.id, user.id));
    await withPassword(env.app.database.db, user);
    await env.browser.context.clearCookies();
    // The code of the previous test's time step is spent for that user only; this user has none.

    const page = await freshPage(env.browser, env.app, "/app/console/settings");
    await page.waitForURL(`${env.app.url}/app/auth/signin`);
    await page.getByLabel(en.auth.fields.email).fill(user.email);
    await page.getByLabel(en.auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: en.auth.signIn.submit, exact: true }).click();
    await page.waitForURL(`${env.app.url}/app/auth/multi-factor-authentication`);
    await page.getByLabel(en.auth.fields.mfaCode).fill(await codeNow(secret));
    await page.getByRole("button", { name: en.auth.mfa.submit, exact: true }).click();
    await page.waitForURL(`${env.app.url}/app/console/settings`);
    await page.getByRole("heading", { level: 1, name: en.account.title }).waitFor();
    await expect(page.getByText(en.account.mfa.statusOn, { exact: true }).isVisible()).resolves.toBe(true);
    await page.close();
  }, 90_000);
});
