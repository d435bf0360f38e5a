import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../server/core/clock";
import { invitations, invitationTeams, teamGuestUsers, users } from "../../server/db/schema";
import { hashToken, secureRandomString } from "../../server/modules/auth/tokens";
import { ROLE_IDS } from "../../shared/enums";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { freshPage, PASSWORD, setupConsole, signInBrowser, uniqueEmail, withPassword } from "./auth-support";

// Decision 0061 in the browser: an invitation is taken up after sign-in too. A person without
// a company joins from the sign-in page's warning; a guest reaches their guest team; a password
// sign-up for an address that has an account leads to sign-in and back to the invitation.
describe("accepting an invitation after sign-in", () => {
  const env = setupConsole();
  const f = () => factories(env.app.database.db, env.app.clock.now());

  async function memberInvitation(email: string) {
    const { company, team } = await f().companyWith("ADMIN");
    const token = secureRandomString();
    const [row] = await env.app.database.db
      .insert(invitations)
      .values({
        companyId: company.id,
        email,
        roleId: ROLE_IDS.OPERATOR,
        invitationTokenHash: hashToken(token),
        invitationExpireAt: new Date(env.app.clock.now().getTime() + 7 * DAY_MS),
      })
      .returning();
    await env.app.database.db.insert(invitationTeams).values({ invitationId: row!.id, teamId: team.id });
    return { company, team, token };
  }

  async function userRow(email: string) {
    const [row] = await env.app.database.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  it("joins from the pending invitation on the 'no company' warning", async () => {
    const email = uniqueEmail("stranded");
    const user = await f().user({ email });
    const { company, team } = await memberInvitation(email);
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, "/app/auth/signin");
    await page.getByText(en.auth.signIn.noCompanyTitle).waitFor();
    await page.getByText(en.auth.signIn.pendingTitle).waitFor();
    await page.getByRole("button", { name: `Join ${company.companyName}` }).click();
    await page.waitForURL(`${env.app.url}/app/console`);
    await page.getByText(team.name).first().waitFor();
    expect(await userRow(email)).toMatchObject({ companyId: company.id });
    await page.close();
  }, 60_000);

  it("takes a signed-in guest from the guest link to their guest team, not the warning", async () => {
    const email = uniqueEmail("guest");
    const user = await f().user({ email });
    const { company, team } = await f().companyWith("ADMIN", { company: { isConnectEnabled: true } });
    const token = secureRandomString();
    const [guest] = await env.app.database.db
      .insert(teamGuestUsers)
      .values({ companyId: company.id, teamId: team.id, email, invitationTokenHash: hashToken(token) })
      .returning();
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, `/app/auth/signup?invitationToken=${token}`);
    await page.waitForURL(`${env.app.url}/app/invitations/${token}`);
    await page.getByText(en.auth.invited.signedInAs.replace("{{email}}", email)).waitFor();
    await page.getByRole("button", { name: en.auth.invited.accept }).click();
    await page.waitForURL(`${env.app.url}/app/console`);
    await page.getByText(team.name).first().waitFor();
    const [linked] = await env.app.database.db
      .select()
      .from(teamGuestUsers)
      .where(eq(teamGuestUsers.id, guest!.id));
    expect(linked?.userId).toBe(user.id);

    // Back later: the console, not the "no company" warning on the sign-in page.
    await page.goto(`${env.app.url}/app/console`);
    await page.getByText(team.name).first().waitFor();
    expect(page.url()).toBe(`${env.app.url}/app/console`);
    await page.close();
  }, 60_000);

  it("sends a password sign-up for an existing account to sign in, then back to accept", async () => {
    const email = uniqueEmail("existing");
    await withPassword(env.app.database.db, await f().user({ email }));
    const { company, token } = await memberInvitation(email);
    await env.browser.context.clearCookies();
    const page = await freshPage(env.browser, env.app, `/app/auth/signup/${token}`);
    await page.getByLabel(en.auth.fields.fullName).fill("Existing Person");
    await page.getByLabel(en.auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: en.auth.invited.submit, exact: true }).click();
    await page.getByText(`An account for ${email} already exists.`, { exact: false }).waitFor();
    await page.getByRole("link", { name: en.auth.invited.signInToAccept }).click();
    await page.waitForURL(`${env.app.url}/app/auth/signin`);
    await page.getByLabel(en.auth.fields.email).fill(email);
    await page.getByLabel(en.auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: en.auth.signIn.submit, exact: true }).click();
    await page.waitForURL(`${env.app.url}/app/invitations/${token}`);
    await page.getByRole("button", { name: en.auth.invited.accept }).click();
    await page.waitForURL(`${env.app.url}/app/console`);
    expect(await userRow(email)).toMatchObject({ companyId: company.id });
    await page.close();
  }, 60_000);
});
