import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities, shipments } from "../../server/db/schema";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { freshPage, setupConsole, signInBrowser } from "./auth-support";
import { toast } from "./toast-support";

// The share-link control of the detail page in Chromium (spec 02 §2): an editor copies the link,
// replaces it (confirmed: the old one stops working), turns it off (confirmed) and creates one
// again; a Readonly member is not offered any of it.

describe("the share link on the detail page", () => {
  const env = setupConsole();
  const f = () => factories(env.app.database.db, env.app.clock.now());
  const tokenOf = async (id: string) =>
    (await env.app.database.db.select().from(shipments).where(eq(shipments.id, id)))[0]?.shareToken;

  it("is copied, replaced, turned off and created again by an editor", async () => {
    const { team, user } = await f().companyWith("OPERATOR");
    const shipment = await f().shipment(team, { title: "Printers to Rotterdam" });
    const first = shipment.shareToken ?? "";
    await signInBrowser(env.browser, env.app, user);
    await env.browser.context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: env.app.url,
    });
    const page = await freshPage(env.browser, env.app, `/app/console/shipments/${shipment.id}`);
    const address = page.getByRole("textbox", { name: en.share.link.address });
    const open = () => page.getByRole("button", { name: en.share.link.title, exact: true }).click();

    await open();
    await expect.poll(() => address.inputValue()).toBe(`${env.app.url}/app/share/${first}`);
    await page.getByRole("button", { name: en.share.link.copy }).click();
    await toast(page, en.share.link.copied).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      `${env.app.url}/app/share/${first}`,
    );

    await page.getByRole("button", { name: en.share.link.regenerate, exact: true }).click();
    const replace = page.getByRole("alertdialog", { name: en.share.link.regenerateTitle });
    await replace.getByText(en.share.link.regenerateBody).waitFor();
    await replace.getByRole("button", { name: en.share.link.regenerateConfirm }).click();
    await toast(page, en.share.link.regenerated).waitFor();
    const second = await tokenOf(shipment.id);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    await open();
    await expect.poll(() => address.inputValue()).toBe(`${env.app.url}/app/share/${second}`);

    await page.getByRole("button", { name: en.share.link.revoke, exact: true }).click();
    const turnOff = page.getByRole("alertdialog", { name: en.share.link.revokeTitle });
    await turnOff.getByRole("button", { name: en.share.link.revokeConfirm }).click();
    await toast(page, en.share.link.revoked).waitFor();
    expect(await tokenOf(shipment.id)).toBeNull();
    await open();
    await page.getByText(en.share.link.off).waitFor();
    await page.getByRole("button", { name: en.share.link.create }).click();
    await toast(page, en.share.link.created).waitFor();
    const third = await tokenOf(shipment.id);
    expect(third).toBeTruthy();
    // The control stays open on the new link, ready to copy.
    await expect.poll(() => address.inputValue()).toBe(`${env.app.url}/app/share/${third}`);

    const recorded = await env.app.database.db
      .select({ kind: activities.kind })
      .from(activities)
      .where(eq(activities.shipmentId, shipment.id));
    expect(recorded.map((a) => a.kind)).toEqual([
      "shipment.shareLinkReset",
      "shipment.shareLinkRevoked",
      "shipment.shareLinkCreated",
    ]);
    await page.close();
  }, 90_000);

  it("is not offered to a Readonly member", async () => {
    const { company, team } = await f().companyWith("ADMIN");
    const readonly = await f().user({ companyId: company.id, role: "READONLY" });
    await f().teamMember(team, readonly);
    const shipment = await f().shipment(team, { title: "Read only cargo" });
    await signInBrowser(env.browser, env.app, readonly);
    const page = await freshPage(env.browser, env.app, `/app/console/shipments/${shipment.id}`);
    await page.getByRole("heading", { level: 1, name: "Read only cargo" }).waitFor();
    await expect(page.getByRole("button", { name: en.share.link.title, exact: true }).count()).resolves.toBe(
      0,
    );
    await page.close();
  }, 60_000);
});
