import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, users } from "../../server/db/schema";
import { en } from "../../shared/i18n/en";
import { launchBrowser } from "../setup/browser";
import { freshPage, linkInLatestEmail, PASSWORD, setupConsole, uniqueEmail } from "./auth-support";

// The company typed at sign-up is kept with the account on the server: the verification link
// opened in another browser (a phone's, with its own cookies and storage) still leads to the
// company being created with those details, never to "You don't belong to any company yet".
describe("sign-up verified on another device", () => {
  const env = setupConsole();

  it("creates the company typed at sign-up after signing in on the second browser", async () => {
    const email = uniqueEmail("phone");
    const page = await freshPage(env.browser, env.app, "/app/auth/signup");
    await page.getByLabel(en.auth.fields.companyName).fill("Nagoya Freight");
    await page.getByLabel(en.auth.fields.companyTel).fill("+81 52 000 0000");
    await page.getByLabel(en.auth.fields.fullName).fill("Ken Sato");
    await page.getByLabel(en.auth.fields.workEmail).fill(email);
    await page.getByLabel(en.auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: en.auth.signUp.submitTrial, exact: true }).click();
    await page.waitForURL(`${env.app.url}/app/auth/try-email-verification`);
    const [user] = await env.app.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      pendingCompanyName: "Nagoya Freight",
      pendingCompanyTel: "+81 52 000 0000",
    });
    await page.close();

    const link = await linkInLatestEmail(env.app.database.db, email);
    const phone = await launchBrowser();
    try {
      const other = await phone.newPage();
      await other.goto(`${env.app.url}${link}`);
      // Verified without a session on this device: the console sends it to sign in.
      await other.waitForURL(/\/app\/auth\/signin/);
      await other.getByLabel(en.auth.fields.email).fill(email);
      await other.getByLabel(en.auth.fields.password, { exact: true }).fill(PASSWORD);
      await other.getByRole("button", { name: en.auth.signIn.submit, exact: true }).click();

      await other.getByRole("heading", { level: 1, name: en.gates.approval.title }).waitFor();
      await other.getByText(en.gates.approval.company.replace("{{name}}", "Nagoya Freight")).waitFor();
      await expect(other.getByText(en.auth.signIn.noCompanyTitle).count()).resolves.toBe(0);
    } finally {
      await phone.close();
    }

    const created = await env.app.database.db.select().from(companies).where(eq(companies.workEmail, email));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ companyName: "Nagoya Freight", phoneNumber: "+81 52 000 0000" });
    const [after] = await env.app.database.db.select().from(users).where(eq(users.email, email));
    expect(after).toMatchObject({
      companyId: created[0]?.id,
      pendingCompanyName: null,
      pendingCompanyTel: null,
    });
  }, 120_000);
});
