import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { createOutboundPolicy } from "../../server/core/outbound-http";
import { webhookDeliveries, webhookSecrets } from "../../server/db/schema";
import { webhookRuntime } from "../../server/modules/webhooks/webhooks.runtime";
import {
  getSigningSecret,
  getViewerWebhookUrl,
  getWebhookSettings,
  listWebhookDeliveries,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookUrl,
} from "../../server/modules/webhooks/webhooks.service";
import { errorMessage } from "../../shared/i18n";
import { setupDatabase } from "../setup/db";
import { testRuntime, webhookKit } from "./kit";

// The API settings page's webhook procedures: who may, what a saved URL must be, the signing
// secret (sealed, shown to Admins), test events and the delivery log.

const t = setupDatabase();
const clock = new TestClock("2026-03-01T00:00:00Z");
const kit = () => webhookKit(t.db, clock);

/** The production rules, with a resolver the test controls (no DNS needed). */
const productionRuntime = {
  ...webhookRuntime({
    NODE_ENV: "production",
    SECRETS_KEY: Buffer.alloc(32, 7).toString("base64"),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: undefined,
  }),
  outbound: createOutboundPolicy({
    nodeEnv: "production",
    resolve: async (host) =>
      host === "internal.customer.example"
        ? [{ address: "10.20.30.40", family: 4 }]
        : [{ address: "93.184.215.14", family: 4 }],
  }),
};

describe("the webhook URL", () => {
  it("is saved, shown, and removed with an empty string", async () => {
    const k = kit();
    const { admin } = await k.company();
    expect(await getWebhookSettings(k.as(admin))).toEqual({
      url: null,
      enabled: false,
      disabledAt: null,
      disabledReason: null,
    });
    const saved = await updateWebhookUrl(
      k.as(admin),
      { webhookUrl: "  https://hooks.customer.example/tracking?v=1 " },
      productionRuntime,
    );
    expect(saved).toEqual({
      url: "https://hooks.customer.example/tracking?v=1",
      enabled: true,
      disabledAt: null,
      disabledReason: null,
    });
    expect(await getWebhookSettings(k.as(admin))).toEqual(saved);
    await updateWebhookUrl(k.as(admin), { webhookUrl: "" }, productionRuntime);
    expect((await getWebhookSettings(k.as(admin))).url).toBeNull();
  });

  it.each([
    ["http://hooks.customer.example/tracking", "WEBHOOK_URL_HTTPS_REQUIRED"],
    ["https://user:pass@hooks.customer.example/", "WEBHOOK_URL_CREDENTIALS"],
    ["https://127.0.0.1/hooks", "WEBHOOK_URL_PRIVATE_ADDRESS"],
    ["https://[::1]/hooks", "WEBHOOK_URL_PRIVATE_ADDRESS"],
    ["https://169.254.169.254/latest/meta-data", "WEBHOOK_URL_PRIVATE_ADDRESS"],
    ["https://10.0.0.1/", "WEBHOOK_URL_PRIVATE_ADDRESS"],
    ["https://internal.customer.example/hooks", "WEBHOOK_URL_PRIVATE_ADDRESS"],
    ["https://localhost/hooks", "WEBHOOK_URL_PRIVATE_ADDRESS"],
    ["javascript:alert(1)", "WEBHOOK_URL_INVALID"],
  ])("%s is refused in production with %s", async (webhookUrl, code) => {
    const k = kit();
    const { admin } = await k.company();
    await expect(updateWebhookUrl(k.as(admin), { webhookUrl }, productionRuntime)).rejects.toMatchObject({
      code,
    });
    expect((await getWebhookSettings(k.as(admin))).url).toBeNull();
  });

  it("has its refusals in English and Japanese", () => {
    for (const code of [
      "WEBHOOK_URL_HTTPS_REQUIRED",
      "WEBHOOK_URL_PRIVATE_ADDRESS",
      "WEBHOOK_URL_CREDENTIALS",
    ] as const) {
      expect(errorMessage("en", code)).not.toBe(code);
      expect(errorMessage("ja", code)).not.toBe(errorMessage("en", code));
    }
  });

  it("is the viewer's own: another Admin of the company has their own, and members of other roles none", async () => {
    const k = kit();
    const { team, admin } = await k.company();
    const second = await k.member(team, "ADMIN");
    await updateWebhookUrl(k.as(admin), { webhookUrl: "https://a.customer.example/" }, productionRuntime);
    expect((await getWebhookSettings(k.as(second))).url).toBeNull();
    for (const role of ["MANAGER", "OPERATOR", "READONLY"] as const) {
      const member = await k.member(team, role);
      await expect(getWebhookSettings(k.as(member))).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
      await expect(
        updateWebhookUrl(k.as(member), { webhookUrl: "https://b.customer.example/" }, productionRuntime),
      ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    }
  });

  it("needs a plan with the API to be changed", async () => {
    const k = kit();
    const { admin } = await k.company({ plan: "FREE" });
    expect((await getWebhookSettings(k.as(admin))).url).toBeNull();
    await expect(
      updateWebhookUrl(k.as(admin), { webhookUrl: "https://a.customer.example/" }, productionRuntime),
    ).rejects.toMatchObject({ code: "UPGRADE_REQUIRED" });
    await expect(getSigningSecret(k.as(admin), testRuntime)).rejects.toMatchObject({
      code: "UPGRADE_REQUIRED",
    });
  });
});

describe("the signing secret", () => {
  it("is whsec_ and 32 random bytes, created once, stored sealed, the same for every Admin of the company", async () => {
    const k = kit();
    const { company, team, admin } = await k.company();
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () => getSigningSecret(k.as(admin), productionRuntime)),
    );
    const { secret } = parallel[0] ?? { secret: "" };
    expect(new Set(parallel.map((p) => p.secret)).size).toBe(1);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice("whsec_".length), "base64").length).toBeGreaterThanOrEqual(24);

    const rows = await t.db.select().from(webhookSecrets).where(eq(webhookSecrets.companyId, company.id));
    expect(rows).toHaveLength(1);
    const sealed = rows[0]?.secretSealed ?? "";
    expect(sealed).not.toContain(secret.slice("whsec_".length, 20));
    expect(productionRuntime.secrets.open(sealed)).toBe(secret);
    // Sealed under another key, it does not open.
    expect(() => testRuntime.secrets.open(sealed)).toThrow();

    const second = await k.member(team, "ADMIN");
    expect(await getSigningSecret(k.as(second), productionRuntime)).toEqual({ secret });
    const other = await k.company();
    expect((await getSigningSecret(k.as(other.admin), productionRuntime)).secret).not.toBe(secret);
  });

  it("is replaced by a rotation", async () => {
    const k = kit();
    const { admin } = await k.company();
    const { secret: before } = await getSigningSecret(k.as(admin), testRuntime);
    const { secret: rotated } = await rotateWebhookSecret(k.as(admin), testRuntime);
    expect(rotated).not.toBe(before);
    expect(await getSigningSecret(k.as(admin), testRuntime)).toEqual({ secret: rotated });
  });
});

describe("test events and the delivery log", () => {
  it("needs a saved URL", async () => {
    const k = kit();
    const { admin } = await k.company();
    await expect(sendTestEvent(k.as(admin))).rejects.toMatchObject({ code: "WEBHOOK_NOT_CONFIGURED" });
  });

  it("queues a webhook.test delivery in the same transaction", async () => {
    const k = kit();
    const { admin } = await k.company();
    await updateWebhookUrl(k.as(admin), { webhookUrl: "https://a.customer.example/" }, productionRuntime);
    const { deliveryId } = await sendTestEvent(k.as(admin));
    const row = await k.delivery(deliveryId);
    expect(row).toMatchObject({ event: "webhook.test", status: "PENDING", attempts: 0 });
    expect(row.payload).toEqual({
      type: "webhook.test",
      timestamp: clock.now().toISOString(),
      data: { test: true },
    });
    expect(k.jobs.sent).toContainEqual({ name: "webhooks.deliver", payload: { deliveryId } });
  });

  it("lists the viewer's deliveries newest first, 20 a page, in an explicit shape", async () => {
    const k = kit();
    const { team, admin } = await k.company();
    await updateWebhookUrl(k.as(admin), { webhookUrl: "https://a.customer.example/" }, productionRuntime);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      ids.push((await sendTestEvent(k.as(admin))).deliveryId);
      clock.advance(1000);
    }
    const first = await listWebhookDeliveries(k.as(admin), { page: 1 });
    expect(first.hasNextPage).toBe(true);
    expect(first.items.map((i) => i.id)).toEqual(ids.slice().reverse().slice(0, 20));
    const second = await listWebhookDeliveries(k.as(admin), { page: 2 });
    expect(second).toMatchObject({ hasNextPage: false });
    expect(second.items.map((i) => i.id)).toEqual(ids.slice().reverse().slice(20));
    expect(Object.keys(first.items[0] ?? {}).sort()).toEqual(
      [
        "id",
        "eventId",
        "event",
        "status",
        "attempts",
        "responseCode",
        "lastError",
        "createdAt",
        "lastAttemptAt",
        "nextAttemptAt",
        "deliveredAt",
      ].sort(),
    );
    expect(first.items[0]).toMatchObject({ event: "webhook.test", status: "PENDING", responseCode: null });
    expect(typeof first.items[0]?.createdAt).toBe("string");

    // Another Admin of the company has their own (empty) log.
    const second_admin = await k.member(team, "ADMIN");
    expect(await listWebhookDeliveries(k.as(second_admin), undefined)).toEqual({
      items: [],
      hasNextPage: false,
    });
    const total = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.companyId, team.companyId));
    expect(total).toHaveLength(25);
  });
});

describe("the viewer's webhook URL (for the GraphQL viewer)", () => {
  it("is the Admin's saved URL, and null for members who cannot have one", async () => {
    const k = kit();
    const { team, admin } = await k.company();
    const operator = await k.member(team, "OPERATOR");
    expect(await getViewerWebhookUrl(k.as(admin))).toBeNull();
    await updateWebhookUrl(k.as(admin), { webhookUrl: "https://a.customer.example/x" }, productionRuntime);
    expect(await getViewerWebhookUrl(k.as(admin))).toBe("https://a.customer.example/x");
    expect(await getViewerWebhookUrl(k.as(operator))).toBeNull();
  });
});

describe("sending by hand", () => {
  it("is limited per person: test events and redeliveries past the window's budget are refused", async () => {
    const k = kit();
    const { team, admin } = await k.company();
    await updateWebhookUrl(k.as(admin), { webhookUrl: "https://a.customer.example/" }, productionRuntime);
    for (let i = 0; i < 30; i++) await sendTestEvent(k.as(admin));
    await expect(sendTestEvent(k.as(admin))).rejects.toMatchObject({ code: "RATE_LIMITED" });
    // Another Admin has their own budget.
    const second = await k.member(team, "ADMIN");
    await updateWebhookUrl(k.as(second), { webhookUrl: "https://b.customer.example/" }, productionRuntime);
    await expect(sendTestEvent(k.as(second))).resolves.toHaveProperty("deliveryId");
    clock.advance(10 * 60_000);
    await expect(sendTestEvent(k.as(admin))).resolves.toHaveProperty("deliveryId");
  });
});
