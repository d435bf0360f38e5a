import { and, eq, like } from "drizzle-orm";
import type { Role } from "../../../shared/enums";
import { factories } from "../../../tests/factories";
import { contextFor, recordingJobs } from "../../../tests/setup/context";
import type { TestDatabase } from "../../../tests/setup/db";
import type { TestClock } from "../../core/clock";
import {
  type NewCompany,
  type NewShipment,
  type NewTeam,
  type NewUser,
  outboundEmails,
  type Shipment,
  subscriptions,
  type Team,
  type User,
} from "../../db/schema";
import type { TrackingSnapshot } from "../carriers/carriers.types";
import { sendEmailJob } from "../mail/mail.jobs";
import type { MailTransport } from "../mail/mail.transport";
import { refreshShipments } from "../tracking/refresh.service";
import { type ShipmentChanged, shipmentChanged } from "../tracking/tracking.events";
import { ok, scriptedCarriers, TEST_SETTINGS } from "../tracking/tracking.testkit";
import { notifyChangesJob, notifyOnShipmentChanged } from "./notifications.jobs";

// Test-only: a company with subscribers, refreshed through the real tracking engine, whose
// notification jobs and e-mail sends are run by hand (the same handlers pg-boss runs).

export const APP_URL = "https://app.tracking.test";

export function notificationKit(t: TestDatabase, clock: TestClock) {
  const f = factories(t.db, clock.now());
  const answers = new Map<string, TrackingSnapshot>();
  const carriers = scriptedCarriers((_line, number) => {
    const s = answers.get(number);
    if (!s) throw new Error(`no answer scripted for ${number}`);
    return ok(s);
  });
  const system = () => contextFor(t.db, { kind: "system", reason: "test" }, { clock });

  return {
    f,
    async company(
      options: { plan?: "FREE" | "PREMIUM"; company?: Partial<NewCompany>; team?: Partial<NewTeam> } = {},
    ) {
      const company = await f.company(options.company);
      await f.contract(company.id, { plan: options.plan ?? "FREE" });
      const team = await f.team(company.id, options.team);
      return { company, team };
    },

    /** A team member subscribed to `shipment`, with the settings given. */
    async subscriber(
      team: Team,
      shipment: Shipment,
      settings: Partial<NewUser> & { role?: Role } = {},
    ): Promise<User> {
      const user = await f.user({
        companyId: team.companyId,
        notificationEmail: `sub-${crypto.randomUUID().slice(0, 8)}@example.com`,
        ...settings,
      });
      await f.teamMember(team, user);
      await t.db.insert(subscriptions).values({ userId: user.id, shipmentId: shipment.id });
      return user;
    },

    shipment: (team: Team, overrides: Partial<NewShipment> = {}) => f.shipment(team, overrides),

    /**
     * One refresh of `shipment` answering `snapshot`; returns the history ids of the notification
     * jobs its shipment-changed events become (the hook under test), in the order sent.
     */
    async refresh(shipment: Shipment, snapshot: TrackingSnapshot): Promise<string[]> {
      answers.set(shipment.trackingNumber, snapshot);
      const jobs = recordingJobs();
      const ctx = contextFor(t.db, { kind: "system", reason: "test" }, { clock, jobs });
      const job = { id: crypto.randomUUID(), shipmentId: shipment.id, retryCount: 0, retryLimit: 3 };
      await refreshShipments(ctx, [job], { carriers, tracking: TEST_SETTINGS });
      return jobs.sent
        .filter((s) => s.name === shipmentChanged.name)
        .map((s) => notifyOnShipmentChanged.payload(s.payload as ShipmentChanged).historyId);
    },

    // The job only queues e-mails (the send job uses a transport), so the transport is not its part.
    notify: (historyId: string, _transport: MailTransport, appUrl = APP_URL) =>
      notifyChangesJob.handle(system(), { historyId }, { appUrl }),

    /** Runs the send job of every pending notification of `companyId`; returns how many threw. */
    async deliver(companyId: string, transport: MailTransport): Promise<number> {
      const pending = await t.db
        .select({ id: outboundEmails.id })
        .from(outboundEmails)
        .where(
          and(
            eq(outboundEmails.companyId, companyId),
            eq(outboundEmails.status, "PENDING"),
            like(outboundEmails.dedupeKey, "notification:%"),
          ),
        );
      let failed = 0;
      for (const { id } of pending) {
        try {
          await sendEmailJob.handle(system(), { emailId: id }, { mail: transport });
        } catch {
          failed++;
        }
      }
      return failed;
    },

    outbox: (companyId: string) =>
      t.db.select().from(outboundEmails).where(eq(outboundEmails.companyId, companyId)),
  };
}
