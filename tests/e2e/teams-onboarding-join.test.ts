import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { teamMembers } from "../../server/db/schema";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { freshPage, setupConsole, signInBrowser } from "./auth-support";

// Decision 0054 in the browser: a member with no team joins one at onboarding; further teams
// are no longer offered to join by themselves (a manager adds them), while an Admin may join any.
describe("team onboarding under the join rule", () => {
  const env = setupConsole();
  const f = () => factories(env.app.database.db, env.app.clock.now());

  it("an Operator joins a first team, then no other Join is offered, and Done opens the console", async () => {
    const company = await f().company();
    await f().contract(company.id);
    const tokyo = await f().team(company.id, { name: "Tokyo Import" });
    const osaka = await f().team(company.id, { name: "Osaka Export" });
    const user = await f().user({ companyId: company.id, role: "OPERATOR" });
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, "/app/console/onboarding");
    await page.getByRole("heading", { level: 1, name: en.teams.onboarding.title }).waitFor();
    const joinOsaka = page.getByRole("button", {
      name: en.teams.onboarding.joinTeam.replace("{{name}}", osaka.name),
    });
    await page
      .getByRole("button", { name: en.teams.onboarding.joinTeam.replace("{{name}}", tokyo.name) })
      .click();
    await page.getByText(en.teams.onboarding.joined, { exact: true }).waitFor();
    await joinOsaka.waitFor({ state: "detached" });
    const memberships = await env.app.database.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, user.id), eq(teamMembers.teamId, tokyo.id)));
    expect(memberships).toHaveLength(1);
    await page.getByRole("button", { name: en.teams.onboarding.done, exact: true }).click();
    await page.waitForURL(`${env.app.url}/app/console`);
    await page.close();
  }, 60_000);

  it("an Admin may still join every team", async () => {
    const company = await f().company();
    await f().contract(company.id);
    const first = await f().team(company.id, { name: "First" });
    const second = await f().team(company.id, { name: "Second" });
    const admin = await f().user({ companyId: company.id, role: "ADMIN" });
    await signInBrowser(env.browser, env.app, admin);
    const page = await freshPage(env.browser, env.app, "/app/console/onboarding");
    for (const team of [first, second]) {
      await page
        .getByRole("button", { name: en.teams.onboarding.joinTeam.replace("{{name}}", team.name) })
        .click();
      await page
        .getByRole("button", { name: en.teams.onboarding.joinTeam.replace("{{name}}", team.name) })
        .waitFor({ state: "detached" });
    }
    expect(await env.app.database.db.$count(teamMembers, eq(teamMembers.userId, admin.id))).toBe(2);
    await page.close();
  }, 60_000);
});
