import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceContext } from "../../../../server/core/context";
import { createJobQueue } from "../../../../server/jobs/queue";
import { queueEmail } from "../../../../server/modules/mail/mail.internal";
import { sendEmailJob } from "../../../../server/modules/mail/mail.jobs";
import { outboxTransport } from "../../../../server/modules/mail/mail.transport";
import { en } from "../../../../shared/i18n/en";
import { startTestApp, type TestApp } from "../../../../tests/setup/app";
import { launchBrowser, type TestBrowser } from "../../../../tests/setup/browser";

// /app/debug_info in Chromium against the real server and the built console.
describe("debug info page", () => {
  let app: TestApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    app = await startTestApp({ env: { NODE_ENV: "development" } });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const context = (actor: { kind: "anonymous" } | { kind: "system"; reason: string }) =>
    createServiceContext(
      { db: app.database.db, jobs: createJobQueue(app.boss), clock: app.clock, log: app.app.log },
      actor,
    );

  it("lists outbox messages with links a developer can follow", async () => {
    const link = `${app.url}/app/auth/email-verification/debug-page-token`;
    const { id } = await queueEmail(context({ kind: "anonymous" }), {
      to: "dev@example.com",
      template: "verifyEmail",
      params: { name: "Dev", url: link },
    });
    await sendEmailJob.handle(
      context({ kind: "system", reason: "test" }),
      { emailId: id },
      { mail: outboxTransport },
    );

    const page = await browser.newPage();
    await page.goto(`${app.url}/app/debug_info`);
    await page.getByRole("heading", { level: 1, name: en.debug.title }).waitFor();
    const outbox = page.getByRole("list", { name: en.debug.outbox.title });
    await outbox.getByText(en.mail.verifyEmail.subject).waitFor();
    await outbox.getByText(en.debug.outbox.statuses.KEPT).waitFor();
    await outbox.getByText("dev@example.com").waitFor();

    await outbox.getByRole("link", { name: link }).click();
    await page.waitForURL(link);
    await page.close();
  }, 60_000);

  it("shows local storage and the account state, and reads a CSV file into the console only", async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/app/debug_info`);
    await page.evaluate(() => localStorage.setItem("debugProbe", "probe-value"));
    await page.reload();
    const storage = page.getByRole("definition").filter({ hasText: "probe-value" });
    await storage.waitFor();
    // Not signed in: the viewer query fails and the page says so rather than hiding it.
    await page.getByText(/^Request failed: /).waitFor();

    const logged: string[] = [];
    page.on("console", (message) => logged.push(message.text()));
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") uploads.push(request.url());
    });
    await page.getByLabel(en.debug.csv.file).setInputFiles({
      name: "rows.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "Liner,TrackingType,TrackingNumber\nMAERSK,BOOKING_NUMBER,BK1\nONE,CONTAINER_NUMBER,CN2\n",
      ),
    });
    await page.getByText("2 rows read from rows.csv.").waitFor();
    expect(logged.some((text) => text.includes("rows.csv: 2 rows"))).toBe(true);
    expect(uploads).toEqual([]);
    await page.close();
  }, 60_000);
});
