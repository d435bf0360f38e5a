import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runAdmin } from "../../scripts/admin";
import { companies, users } from "../../server/db/schema";
import { en } from "../../shared/i18n/en";
import { freshPage, linkInLatestEmail, PASSWORD, setupConsole, uniqueEmail } from "./auth-support";

// Sign up in the browser, open the verification link from the outbox, see the
// company created and 'Approval Required', approve it with the admin CLI, reach onboarding.
describe("sign-up journey", () => {
  const env = setupConsole();

  it("signs up, verifies from the outbox in another tab, creates the company, waits for approval, reaches onboarding", async () => {
    const email = uniqueEmail("founder");
    const page = await freshPage(env.browser, env.app, "/app/auth/signup");
    await page.getByRole("heading", { level: 1, name: en.auth.signUp.title }).waitFor();

    // The shared schema's messages appear under the fields, and nothing is sent.
    const submit = page.getByRole("button", { name: en.auth.signUp.submitTrial, exact: true });
    await submit.click();
    await page.getByText(en.validation.acceptTosRequired).waitFor();
    await expect(page.getByText(en.validation.required, { exact: true }).count()).resolves.toBe(5);
    await expect(
      page.getByLabel(en.auth.fields.companyName).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);

    await page.getByLabel(en.auth.fields.companyName).fill("Kobe Forwarding");
    await page.getByLabel(en.auth.fields.companyTel).fill("+81 78 000 0000");
    await page.getByLabel(en.auth.fields.fullName).fill("Aiko Tanaka");
    await page.getByLabel(en.auth.fields.workEmail).fill(email);
    await page.getByLabel(en.auth.fields.password, { exact: true }).fill("weak");
    await page.getByText(en.validation.passwordRule).waitFor();
    await page.getByLabel(en.auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox").check();
    await expect(page.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).resolves.toBe(
      "/legal/terms/?lang=en",
    );
    await expect(page.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).resolves.toBe(
      "/legal/privacy/?lang=en",
    );
    await submit.click();

    await page.waitForURL(`${env.app.url}/app/auth/try-email-verification`);
    await page.getByRole("heading", { level: 1, name: en.auth.verify.title }).waitFor();
    await page.getByText(email).waitFor();
    // Just sent at sign-up: the resend button counts down first.
    await expect(page.getByRole("button", { name: /Resend Email \(\d+ s\)/ }).isDisabled()).resolves.toBe(
      true,
    );
    const [user] = await env.app.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.isEmailVerified).toBe(false);
    expect(user?.companyId).toBeNull();

    // The link from the outbox, opened in a second tab as from a mail client.
    const link = await linkInLatestEmail(env.app.database.db, email);
    expect(link).toMatch(/^\/app\/auth\/email-verification\/\S+$/);
    const mailTab = await env.browser.newPage();
    await mailTab.goto(`${env.app.url}${link}`);
    await mailTab.getByRole("heading", { level: 1, name: en.gates.approval.title }).waitFor();
    await mailTab.getByText(en.gates.approval.company.replace("{{name}}", "Kobe Forwarding")).waitFor();

    // The first tab re-checks every second and follows on its own.
    await page.getByRole("heading", { level: 1, name: en.gates.approval.title }).waitFor({ timeout: 15_000 });
    await expect(page.getByRole("button", { name: en.gates.approval.cancelTrial }).isVisible()).resolves.toBe(
      true,
    );

    const created = await env.app.database.db.select().from(companies).where(eq(companies.workEmail, email));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      companyName: "Kobe Forwarding",
      phoneNumber: "+81 78 000 0000",
      approvalState: "PENDING",
    });
    // The sign-up details are not kept once the company exists.
    const [after] = await env.app.database.db.select().from(users).where(eq(users.email, email));
    expect(after).toMatchObject({ pendingCompanyName: null, pendingCompanyTel: null });

    // The CLI runs with the deployment's settings: its database, and its APP_URL for the mail's link.
    const out: string[] = [];
    const previous = { DATABASE_URL: process.env.DATABASE_URL, APP_URL: process.env.APP_URL };
    process.env.DATABASE_URL = env.app.database.url;
    process.env.APP_URL = env.app.url;
    try {
      await expect(runAdmin(["approve-company", email], (line) => out.push(line))).resolves.toBe(0);
    } finally {
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    expect(out.join("\n")).toContain("Kobe Forwarding");

    await page.reload();
    await page.waitForURL(`${env.app.url}/app/console/onboarding`);
    await page.getByRole("heading", { level: 1, name: en.teams.onboarding.title }).waitFor();
    await mailTab.close();
    await page.close();
  }, 90_000);
});
