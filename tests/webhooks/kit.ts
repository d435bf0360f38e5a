import { eq } from "drizzle-orm";
import type { TestClock } from "../../server/core/clock";
import type { Db } from "../../server/db/client";
import {
  type NewUser,
  type Shipment,
  type Team,
  type User,
  webhookDeliveries,
  webhookEndpoints,
} from "../../server/db/schema";
import type { TrackingSnapshot } from "../../server/modules/carriers/carriers.types";
import { refreshShipments } from "../../server/modules/tracking/refresh.service";
import { type ShipmentChanged, shipmentChanged } from "../../server/modules/tracking/tracking.events";
import { ok, scriptedCarriers, TEST_SETTINGS } from "../../server/modules/tracking/tracking.testkit";
import { attemptDelivery } from "../../server/modules/webhooks/webhooks.delivery.service";
import { webhooksOnShipmentChanged } from "../../server/modules/webhooks/webhooks.jobs";
import { webhookRuntime } from "../../server/modules/webhooks/webhooks.runtime";
import type { ScheduleAttempt } from "../../server/modules/webhooks/webhooks.store";
import type { Plan, Role } from "../../shared/enums";
import { factories } from "../factories";
import { contextFor, recordingJobs } from "../setup/context";

// Test-only: companies with the API, endpoints, and the webhook handlers run by hand (the same
// functions pg-boss runs), with the attempts they schedule recorded instead of queued.

export const APP_URL = "https://app.tracking.test";

/** The runtime of tests: the development key, and loopback receivers allowed. */
export const testRuntime = webhookRuntime({
  NODE_ENV: "test",
  SECRETS_KEY: undefined,
  WEBHOOK_ALLOW_PRIVATE_TARGETS: true,
});

export function webhookKit(db: Db, clock: TestClock) {
  const f = factories(db, clock.now());
  const scheduled: { deliveryId: string; delayMs: number }[] = [];
  const schedule: ScheduleAttempt = async (_ctx, ids, delayMs = 0) => {
    for (const deliveryId of ids) scheduled.push({ deliveryId, delayMs });
  };
  const jobs = recordingJobs();
  const system = () => contextFor(db, { kind: "system", reason: "test" }, { clock, jobs });
  const answers = new Map<string, TrackingSnapshot>();
  const carriers = scriptedCarriers((_line, number) => {
    const s = answers.get(number);
    if (!s) throw new Error(`no answer scripted for ${number}`);
    return ok(s);
  });

  const kit = {
    f,
    jobs,
    scheduled,
    schedule,
    system,
    as: (user: User) => contextFor(db, user, { clock, jobs }),

    /** An approved company on `plan` (PREMIUM) with the API approved, one team and an Admin in it. */
    async company(options: { plan?: Plan; apiEnabled?: boolean; adminLanguage?: "en" | "ja" } = {}) {
      const company = await f.company({ isApiEnabled: options.apiEnabled ?? true });
      await f.contract(company.id, {
        plan: options.plan ?? "PREMIUM",
        startsAt: new Date(clock.now().getTime() - 86_400_000),
        endsAt: new Date("2099-12-31T00:00:00Z"),
        maxMembers: 100,
        maxTrackings: 1000,
      });
      const team = await f.team(company.id);
      const admin = await kit.member(team, "ADMIN", { language: options.adminLanguage ?? "en" });
      return { company, team, admin };
    },

    async member(team: Team | null, role: Role, overrides: Partial<NewUser> = {}, companyId?: string) {
      const user = await f.user({ companyId: companyId ?? team?.companyId, role, ...overrides });
      if (team) await f.teamMember(team, user);
      return user;
    },

    /** An endpoint saved directly (the service's URL checks are tested on their own). */
    async endpoint(user: User, url: string) {
      if (!user.companyId) throw new Error("the endpoint's user has no company");
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ companyId: user.companyId, userId: user.id, url })
        .returning();
      if (!row) throw new Error("endpoint insert returned nothing");
      return row;
    },

    attempt: (deliveryId: string) =>
      attemptDelivery(system(), deliveryId, testRuntime, { appUrl: APP_URL, schedule }),

    async delivery(id: string) {
      const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      if (!row) throw new Error(`no delivery ${id}`);
      return row;
    },

    async endpointRow(id: string) {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row ?? null;
    },

    deliveriesOf: (endpointId: string) =>
      db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)),

    /**
     * One refresh of `shipment` through the real tracking engine; returns the history ids of the
     * webhook jobs its shipment-changed events become (the hook under test).
     */
    async refresh(shipment: Shipment, next: TrackingSnapshot): Promise<string[]> {
      answers.set(shipment.trackingNumber, next);
      const refreshJobs = recordingJobs();
      const ctx = contextFor(db, { kind: "system", reason: "test" }, { clock, jobs: refreshJobs });
      const job = { id: crypto.randomUUID(), shipmentId: shipment.id, retryCount: 0, retryLimit: 3 };
      await refreshShipments(ctx, [job], { carriers, tracking: TEST_SETTINGS });
      return refreshJobs.sent
        .filter((s) => s.name === shipmentChanged.name)
        .map((s) => webhooksOnShipmentChanged.payload(s.payload as ShipmentChanged).historyId);
    },
  };
  return kit;
}
