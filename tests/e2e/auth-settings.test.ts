import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { outboundEmails, sessions, users } from "../../server/db/schema";
import { verifyPassword } from "../../server/modules/auth/password/password";
import { createSession } from "../../server/modules/auth/session.internal";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { factories } from "../factories";
import { freshPage, PASSWORD, setupConsole, signInBrowser, withPassword } from "./auth-support";
import { toast } from "./toast-support";

// Account settings (spec 02 §2): nickname and language, MFA enrolment with the QR code and the
// manual key, password change, account deletion.
describe("account settings", () => {
  const env = setupConsole();

  async function memberPage() {
    const { user } = await factories(env.app.database.db, env.app.clock.now()).companyWith("ADMIN");
    await withPassword(env.app.database.db, user);
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, "/app/console/settings");
    await page.getByRole("heading", { level: 1, name: en.account.title }).waitFor();
    return { user, page };
  }

  const row = async (id: string) =>
    (await env.app.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it("saves the nickname and the language to the account and to the console", async () => {
    const { user, page } = await memberPage();
    const profile = page.getByRole("region", { name: en.account.profile.title });
    await profile.getByLabel(en.account.profile.nickname).fill("  ");
    await profile.getByRole("button", { name: en.common.save }).click();
    await profile.getByText(en.validation.required).waitFor();
    await profile.getByLabel(en.account.profile.nickname).fill("Captain Aiko");
    await profile.getByLabel(en.account.profile.language).selectOption("ja");
    await profile.getByRole("button", { name: en.common.save }).click();
    await page.getByRole("heading", { level: 1, name: ja.account.title }).waitFor();
    await toast(page, ja.account.profile.saved, { m: ja }).waitFor();
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("ja");
    expect(await row(user.id)).toMatchObject({ nickname: "Captain Aiko", language: "ja" });
    await page.close();
  }, 60_000);

  it("enrols MFA with the manual key and a 6-digit code, then turns it off with a code", async () => {
    const { user, page } = await memberPage();
    const mfa = page.getByRole("region", { name: en.account.mfa.title });
    await mfa.getByText(en.account.mfa.statusOff, { exact: true }).waitFor();
    await mfa.getByRole("button", { name: en.account.mfa.setUp }).click();
    const qr = mfa.getByRole("img", { name: en.account.mfa.qrAlt });
    await qr.waitFor();
    await expect(qr.getAttribute("src")).resolves.toMatch(/^data:image\/png;base64,/);
    const secret = (await mfa.getByTestId("mfa-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const epoch = Math.floor(env.app.clock.now().getTime() / 1000);
    await mfa.getByLabel(en.auth.fields.mfaCode).fill(await generate({ secret, epoch }));
    await mfa.getByRole("button", { name: en.account.mfa.enable, exact: true }).click();
    await mfa.getByText(en.account.mfa.statusOn, { exact: true }).waitFor();
    expect((await row(user.id)).isMultiFactorEnabled).toBe(true);
    // Enrolling proved the code in this session: the console stays open after a reload.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: en.account.title }).waitFor();

    // The code just used is spent; the next time step gives a fresh one.
    env.app.clock.advance(30_000);
    await mfa.getByLabel(en.auth.fields.mfaCode).fill(await generate({ secret, epoch: epoch + 30 }));
    await mfa.getByRole("button", { name: en.account.mfa.disable, exact: true }).click();
    await mfa.getByText(en.account.mfa.statusOff, { exact: true }).waitFor();
    expect((await row(user.id)).isMultiFactorEnabled).toBe(false);
    await page.close();
  }, 60_000);

  it("asks a session that signed in long ago for the password before MFA set-up (decision 0063)", async () => {
    const { user, page } = await memberPage();
    const other = await createSession(env.app.database.db, env.app.clock, user.id);
    env.app.clock.advance(11 * 60_000);
    const mfa = page.getByRole("region", { name: en.account.mfa.title });
    await mfa.getByRole("button", { name: en.account.mfa.setUp }).click();
    await mfa.getByRole("heading", { name: en.account.mfa.confirmTitle }).waitFor();
    expect((await row(user.id)).totpSecret).toBeNull();

    const password = mfa.getByLabel(en.account.mfa.currentPassword, { exact: true });
    await mfa.getByRole("button", { name: en.account.mfa.continue }).click();
    await mfa.getByText(en.validation.required).waitFor();
    await password.fill("Not-The-Password-1");
    await mfa.getByRole("button", { name: en.account.mfa.continue }).click();
    await toast(page, en.errors.WRONG_CURRENT_PASSWORD, { kind: "error" }).waitFor();
    await password.fill(PASSWORD);
    await mfa.getByRole("button", { name: en.account.mfa.continue }).click();
    await mfa.getByRole("img", { name: en.account.mfa.qrAlt }).waitFor();
    const secret = (await mfa.getByTestId("mfa-secret").textContent())?.trim() ?? "";

    // The password started a new session, so enabling asks for nothing more.
    const epoch = Math.floor(env.app.clock.now().getTime() / 1000);
    await mfa.getByLabel(en.auth.fields.mfaCode).fill(await generate({ secret, epoch }));
    await mfa.getByRole("button", { name: en.account.mfa.enable, exact: true }).click();
    await mfa.getByText(en.account.mfa.statusOn, { exact: true }).waitFor();
    expect((await row(user.id)).isMultiFactorEnabled).toBe(true);
    // The other browser is signed out, and the owner is told.
    const left = await env.app.database.db.select().from(sessions).where(eq(sessions.id, other.session.id));
    expect(left).toHaveLength(0);
    const [mail] = await env.app.database.db
      .select()
      .from(outboundEmails)
      .where(sql`${user.email} = any(${outboundEmails.to}) and ${outboundEmails.template} = 'mfaEnabled'`);
    expect(mail?.subject).toBe(en.mail.mfaEnabled.subject);
    await page.close();
  }, 60_000);

  it("changes the password with the spec's checks and messages", async () => {
    const { user, page } = await memberPage();
    const section = page.getByRole("region", { name: en.account.password.title });
    const submit = section.getByRole("button", { name: en.account.password.submit });
    await section.getByLabel(en.account.password.current, { exact: true }).fill(PASSWORD);
    await section.getByLabel(en.account.password.new, { exact: true }).fill("New-Harbour-2027");
    await section.getByLabel(en.account.password.confirm, { exact: true }).fill("New-Harbour-2028");
    await submit.click();
    await section.getByText(en.validation.passwordsDoNotMatch).waitFor();

    await section.getByLabel(en.account.password.current, { exact: true }).fill("Not-The-Password-1");
    await section.getByLabel(en.account.password.confirm, { exact: true }).fill("New-Harbour-2027");
    await submit.click();
    await toast(page, en.errors.WRONG_CURRENT_PASSWORD, { kind: "error" }).waitFor();
    // Nothing typed is lost on a refused change.
    await expect(section.getByLabel(en.account.password.new, { exact: true }).inputValue()).resolves.toBe(
      "New-Harbour-2027",
    );

    await section.getByLabel(en.account.password.current, { exact: true }).fill(PASSWORD);
    await submit.click();
    await toast(page, en.account.password.changed).waitFor();
    await expect(section.getByLabel(en.account.password.new, { exact: true }).inputValue()).resolves.toBe("");
    await expect(verifyPassword((await row(user.id)).passwordHash ?? "", "New-Harbour-2027")).resolves.toBe(
      true,
    );
    await page.close();
  }, 60_000);

  it("deletes the account only after the checkbox and the confirmation", async () => {
    const { user, page } = await memberPage();
    const section = page.getByRole("region", { name: en.account.delete.title });
    await section.getByRole("button", { name: en.account.delete.submit }).click();
    await section.getByText(en.validation.checkTheAbove).waitFor();
    await section.getByRole("checkbox").check();
    await section.getByRole("button", { name: en.account.delete.submit }).click();
    const dialog = page.getByRole("alertdialog", { name: en.account.delete.confirmTitle });
    await dialog.getByRole("button", { name: en.account.delete.confirm }).click();
    await page.waitForURL(`${env.app.url}/app/auth/signin`);
    await toast(page, en.account.delete.deleted).waitFor();
    expect(await env.app.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    await page.close();
  }, 60_000);
});
