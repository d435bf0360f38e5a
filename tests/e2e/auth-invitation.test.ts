import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../server/core/clock";
import { invitations, users } from "../../server/db/schema";
import { hashToken, secureRandomString } from "../../server/modules/auth/tokens";
import { ROLE_IDS } from "../../shared/enums";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { freshPage, PASSWORD, setupConsole, uniqueEmail } from "./auth-support";

// Invited-member sign-up (spec 01 §2, §5): the three addresses of the screen, the invited e-mail
// fixed, and the spec's messages for legacy and unknown links.
describe("invited-member sign-up", () => {
  const env = setupConsole();

  async function invite(email: string) {
    const { company } = await factories(env.app.database.db, env.app.clock.now()).companyWith("ADMIN");
    const token = secureRandomString();
    await env.app.database.db.insert(invitations).values({
      companyId: company.id,
      email,
      roleId: ROLE_IDS.OPERATOR,
      invitationTokenHash: hashToken(token),
      invitationExpireAt: new Date(env.app.clock.now().getTime() + 7 * DAY_MS),
    });
    return { company, token };
  }

  it.each(["/app/auth/signup/", "/app/invitations/", "/app/auth/invitations/"])(
    "%s<token> shows the form with the invited address, read-only",
    async (prefix) => {
      const email = uniqueEmail("invitee");
      const { company, token } = await invite(email);
      await env.browser.context.clearCookies();
      const page = await freshPage(env.browser, env.app);
      await page.goto(`${env.app.url}${prefix}${token}`);
      await page.getByRole("heading", { level: 1, name: en.auth.invited.title }).waitFor();
      await page.getByText(company.companyName).waitFor();
      const emailField = page.getByLabel(en.auth.fields.email);
      await expect(emailField.inputValue()).resolves.toBe(email);
      await expect(emailField.getAttribute("readonly")).resolves.not.toBeNull();
      await page.close();
    },
    60_000,
  );

  it("creates the account with the invited address and goes on to e-mail verification", async () => {
    const email = uniqueEmail("joiner");
    const { token } = await invite(email);
    await env.browser.context.clearCookies();
    const page = await freshPage(env.browser, env.app);
    await page.goto(`${env.app.url}/app/invitations/${token}`);
    const join = page.getByRole("button", { name: en.auth.invited.submit, exact: true });
    await join.click();
    await page.getByText(en.validation.acceptTosRequired).waitFor();
    await page.getByLabel(en.auth.fields.fullName).fill("Kenji Mori");
    await page.getByLabel(en.auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox").check();
    await join.click();
    await page.waitForURL(`${env.app.url}/app/auth/try-email-verification`);
    const [user] = await env.app.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.nickname).toBe("Kenji Mori");
    await page.close();
  }, 60_000);

  it("tells a legacy 32-character link and an unknown link apart", async () => {
    const page = await freshPage(env.browser, env.app);
    await page.goto(`${env.app.url}/app/auth/signup/${"a".repeat(32)}`);
    await page.getByRole("alert").filter({ hasText: en.errors.INVITATION_LEGACY }).waitFor();
    await page.goto(`${env.app.url}/app/auth/signup/not-a-real-invitation-token`);
    await page.getByRole("alert").filter({ hasText: en.errors.INVITATION_NOT_FOUND }).waitFor();
    await expect(page.getByLabel(en.auth.fields.password, { exact: true }).count()).resolves.toBe(0);
    await page.close();
  }, 60_000);
});
