import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runAdmin } from "../../scripts/admin";
import { createServiceContext } from "../../server/core/context";
import { outboundEmails, users } from "../../server/db/schema";
import { createJobQueue } from "../../server/jobs/queue";
import { approveCompany } from "../../server/modules/companies/provider.service";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { factories } from "../factories";
import { silentLog } from "../setup/context";
import {
  freshPage,
  linkInLatestEmail,
  PASSWORD,
  setupConsole,
  signInBrowser,
  uniqueEmail,
} from "./auth-support";

// Decision 0059: Approval Required notices the provider's approval by itself —
// every 30 s and when the window regains focus — and the company's Admins get an e-mail about it,
// each in their own language.
describe("Approval Required moves on by itself", () => {
  const env = setupConsole();
  const db = () => env.app.database.db;

  async function approvalMails(email: string) {
    return db()
      .select()
      .from(outboundEmails)
      .where(and(sql`${email} = any(${outboundEmails.to})`, eq(outboundEmails.template, "companyApproved")));
  }

  it("a fresh sign-up waits for approval, the admin CLI approves, the page reaches onboarding within 30 s, and the e-mail is in the outbox", async () => {
    const email = uniqueEmail("waiting");
    const page = await freshPage(env.browser, env.app);
    // The page's timers run on a clock the test can move: the 30-second re-check without waiting.
    await page.clock.install();
    await page.goto(`${env.app.url}/app/auth/signup`);
    await page.getByLabel(en.auth.fields.companyName).fill("Nagoya Freight");
    await page.getByLabel(en.auth.fields.companyTel).fill("+81 52 000 0000");
    await page.getByLabel(en.auth.fields.fullName).fill("Ren Ito");
    await page.getByLabel(en.auth.fields.workEmail).fill(email);
    await page.getByLabel(en.auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: en.auth.signUp.submitTrial, exact: true }).click();
    await page.waitForURL(`${env.app.url}/app/auth/try-email-verification`);
    await page.goto(`${env.app.url}${await linkInLatestEmail(db(), email)}`);
    await page.getByRole("heading", { level: 1, name: en.gates.approval.title }).waitFor();
    expect(await approvalMails(email)).toHaveLength(0);

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
    expect(out.join("\n")).toContain("Approved Nagoya Freight");

    // No reload, no click: the next re-check finds the company approved.
    await page.clock.fastForward(30_000);
    await page.waitForURL(`${env.app.url}/app/console/onboarding`);
    await page.getByRole("heading", { level: 1, name: en.teams.onboarding.title }).waitFor();

    const mails = await approvalMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      language: "en",
      subject: en.mail.companyApproved.subject
        .replace("{{companyName}}", "Nagoya Freight")
        .replace("{{appName}}", en.common.appName),
    });
    expect(mails[0]?.text).toContain("Hello Ren Ito,");
    expect(mails[0]?.text).toContain(`${env.app.url}/app/console`);
    await page.close();
  }, 120_000);

  it("re-checks when the window regains focus, and e-mails every Admin in their language, no one else", async () => {
    const f = factories(db(), env.app.clock.now());
    const company = await f.company({
      approvalState: "PENDING",
      approvedAt: null,
      companyName: "Sakai Lines",
    });
    await f.contract(company.id);
    const team = await f.team(company.id, { name: "Export" });
    const admin = await f.user({ companyId: company.id, role: "ADMIN", email: uniqueEmail("admin-en") });
    const jaAdmin = await f.user({
      companyId: company.id,
      role: "ADMIN",
      email: uniqueEmail("admin-ja"),
      nickname: "佐藤 葵",
      language: "ja",
    });
    const operator = await f.user({ companyId: company.id, role: "OPERATOR", email: uniqueEmail("op") });
    await f.teamMember(team, admin);
    await signInBrowser(env.browser, env.app, admin);
    const page = await freshPage(env.browser, env.app, "/app/console");
    await page.getByRole("heading", { level: 1, name: en.gates.approval.title }).waitFor();

    const provider = createServiceContext(
      { db: db() as never, jobs: createJobQueue(env.app.boss), clock: env.app.clock, log: silentLog },
      { kind: "system", reason: "admin-cli:test" },
    );
    await approveCompany(provider, company.id, { appUrl: env.app.url });
    // Approving again changes and sends nothing.
    await approveCompany(provider, company.id, { appUrl: env.app.url });

    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await page.waitForURL(`${env.app.url}/app/console`);
    await page.getByRole("button", { name: en.shell.userMenu.label, exact: true }).waitFor();

    const [enMail] = await approvalMails(admin.email);
    const [jaMail] = await approvalMails(jaAdmin.email);
    expect(enMail?.language).toBe("en");
    expect(jaMail?.language).toBe("ja");
    expect(jaMail?.subject).toBe(
      ja.mail.companyApproved.subject
        .replace("{{companyName}}", "Sakai Lines")
        .replace("{{appName}}", ja.common.appName),
    );
    expect(await approvalMails(admin.email)).toHaveLength(1);
    expect(await approvalMails(jaAdmin.email)).toHaveLength(1);
    expect(await approvalMails(operator.email)).toHaveLength(0);
    const [stillOperator] = await db().select().from(users).where(eq(users.id, operator.id));
    expect(stillOperator?.companyId).toBe(company.id);
    await page.close();
  }, 120_000);
});
