import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../core/clock";
import { contracts, subscriptions } from "../../db/schema";
import { snapshot } from "../tracking/tracking.testkit";
import { setupNotifyTests } from "./notify.setup.testkit";

// Which changes are mailed to whom: the real tracking engine writes change records, the job
// composes the e-mails, the send job delivers them to a real SMTP server (smtp-server in process).

const env = setupNotifyTests();
const ARRIVAL = "2026-02-15T08:00:00-08:00";

describe("the tracking engine's hook", () => {
  it("enqueues one notification job per refresh that wrote changes, and none for an unchanged one", async () => {
    const { company, shipment } = await env.trackedShipment();
    expect(await env.kit.refresh(shipment, snapshot())).toEqual([]);
    const ids = await env.kit.refresh(shipment, snapshot({ arrival: "2026-02-16T08:00:00-08:00" }));
    expect(ids).toHaveLength(1);
    expect(await env.kit.outbox(company.id)).toEqual([]);
  });
});

describe("thresholds per ETD, ETA and place-of-delivery ETA", () => {
  it("0 mails any change, N hours only changes of at least N hours, -1 only date changes", async () => {
    const { company, team, shipment } = await env.trackedShipment();
    const any = await env.kit.subscriber(team, shipment, { minUpdateIntervalHoursEta: 0 });
    const hours = await env.kit.subscriber(team, shipment, { minUpdateIntervalHoursEta: 3 });
    const dateOnly = await env.kit.subscriber(team, shipment, { minUpdateIntervalHoursEta: -1 });

    // Two hours later on the same day in Los Angeles.
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: "2026-02-15T10:00:00-08:00" }));
    expect(env.mailTo(any.notificationEmail)).toHaveLength(1);
    expect(env.mailTo(hours.notificationEmail)).toHaveLength(0);
    expect(env.mailTo(dateOnly.notificationEmail)).toHaveLength(0);
    expect(env.mailTo(any.notificationEmail)[0]?.text).toContain("2 hours later");
    env.sink.received.length = 0;

    // Three hours later, still the 15th in Los Angeles: the hour threshold is met, the date is not.
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: "2026-02-15T13:00:00-08:00" }));
    expect(env.mailTo(any.notificationEmail)).toHaveLength(1);
    expect(env.mailTo(hours.notificationEmail)).toHaveLength(1);
    expect(env.mailTo(dateOnly.notificationEmail)).toHaveLength(0);
    env.sink.received.length = 0;

    // The next day: everyone.
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: "2026-02-16T13:00:00-08:00" }));
    for (const u of [any, hours, dateOnly]) expect(env.mailTo(u.notificationEmail)).toHaveLength(1);
    expect(env.mailTo(dateOnly.notificationEmail)[0]?.text).toContain("1 day later");
  });

  it("judges each of ETD and ETA by its own threshold", async () => {
    const { company, team, shipment } = await env.trackedShipment();
    const etdOnly = await env.kit.subscriber(team, shipment, {
      minUpdateIntervalHoursEtd: 0,
      minUpdateIntervalHoursEta: 48,
    });
    await env.refreshAndMail(
      company.id,
      shipment,
      snapshot({ departure: "2026-02-01T12:00:00+09:00", arrival: "2026-02-15T20:00:00-08:00" }),
    );
    const [mail] = env.mailTo(etdOnly.notificationEmail);
    expect(mail?.text).toContain("ETD (Yokohama)");
    expect(mail?.text).not.toContain("ETA (Los Angeles)");
  });
});

const port = (locode: string, name: string) => ({ locode, name });
const BUSAN = port("KRPUS", "Busan");

/** Yokohama → Busan on a feeder, Busan → Los Angeles on the mother vessel. */
function twoLegs(
  options: { feeder?: string; mother?: string; departure?: string; transhipped?: boolean } = {},
) {
  const departure = options.departure ?? "2026-02-01T10:00:00+09:00";
  return snapshot({
    departure,
    vessels: [
      {
        vesselName: options.feeder ?? "FEEDER ONE",
        imo: null,
        voyage: "F01",
        dischargingPort: BUSAN,
        departureTime: departure,
        arrivalTime: "2026-02-03T10:00:00+09:00",
      },
      {
        vesselName: options.mother ?? "MOTHER",
        imo: null,
        voyage: "012E",
        loadingPort: BUSAN,
        departureTime: "2026-02-05T10:00:00+09:00",
        departureTimeStatus: options.transhipped ? "ACTUAL" : "ESTIMATED",
      },
    ],
  });
}

describe("tranship behaviour", () => {
  it("ALL is told of every leg, ONLY_LAST_VESSEL only of the last vessel", async () => {
    const { company, team } = await env.kit.company();
    const shipment = await env.kit.shipment(team);
    await env.kit.refresh(shipment, twoLegs());
    const all = await env.kit.subscriber(team, shipment, { transhipNotificationBehavior: "ALL" });
    const last = await env.kit.subscriber(team, shipment, {
      transhipNotificationBehavior: "ONLY_LAST_VESSEL",
    });

    // The feeder is swapped and leaves a day later: the first leg only.
    await env.refreshAndMail(
      company.id,
      shipment,
      twoLegs({ feeder: "FEEDER TWO", departure: "2026-02-02T10:00:00+09:00" }),
    );
    expect(env.mailTo(all.notificationEmail)).toHaveLength(1);
    expect(env.mailTo(all.notificationEmail)[0]?.text).toContain("FEEDER ONE / F01 > MOTHER / 012E");
    expect(env.mailTo(all.notificationEmail)[0]?.text).toContain("FEEDER TWO / F01 > MOTHER / 012E");
    expect(env.mailTo(last.notificationEmail)).toHaveLength(0);
    env.sink.received.length = 0;

    // The cargo is loaded onto the last vessel at Busan: both.
    await env.refreshAndMail(
      company.id,
      shipment,
      twoLegs({ feeder: "FEEDER TWO", departure: "2026-02-02T10:00:00+09:00", transhipped: true }),
    );
    for (const u of [all, last]) {
      expect(env.mailTo(u.notificationEmail)).toHaveLength(1);
      expect(env.mailTo(u.notificationEmail)[0]?.text).toContain("Transhipment at Busan");
    }
    env.sink.received.length = 0;

    // The last vessel is swapped: both.
    await env.refreshAndMail(
      company.id,
      shipment,
      twoLegs({
        feeder: "FEEDER TWO",
        departure: "2026-02-02T10:00:00+09:00",
        transhipped: true,
        mother: "OTHER MOTHER",
      }),
    );
    for (const u of [all, last])
      expect(env.mailTo(u.notificationEmail)[0]?.text).toContain("OTHER MOTHER / 012E");
  });
});

describe("who is mailed", () => {
  it("a CHURN company gets no schedule-change e-mail", async () => {
    const { company, team, shipment } = await env.trackedShipment();
    // Churned by its contracts (the trial ended yesterday), whatever status was last stored.
    await env.t.db
      .update(contracts)
      .set({
        startsAt: new Date(env.clock.now().getTime() - 15 * DAY_MS),
        endsAt: new Date(env.clock.now().getTime() - DAY_MS),
      })
      .where(eq(contracts.companyId, company.id));
    const user = await env.kit.subscriber(team, shipment, { minUpdateIntervalHoursEta: 0 });
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: "2026-02-18T08:00:00-08:00" }));
    expect(env.mailTo(user.notificationEmail)).toHaveLength(0);
    expect(await env.kit.outbox(company.id)).toEqual([]);
  });

  it("sends one message to every address of a user's notificationEmail", async () => {
    const { company, team, shipment } = await env.trackedShipment();
    const a = `ops-${crypto.randomUUID().slice(0, 6)}@a.example`;
    const b = `boss-${crypto.randomUUID().slice(0, 6)}@b.example`;
    await env.kit.subscriber(team, shipment, { notificationEmail: `${a}, ${b}` });
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: "2026-02-18T08:00:00-08:00" }));
    expect(env.sink.received).toHaveLength(1);
    expect(env.sink.received[0]?.to.sort()).toEqual([a, b].sort());
  });

  it("mails nobody whose notificationEmail is empty, nor a subscriber who left the team", async () => {
    const { company, team, shipment } = await env.trackedShipment();
    await env.kit.subscriber(team, shipment, { notificationEmail: "" });
    const other = await env.kit.f.team(company.id);
    const outsider = await env.kit.f.user({ companyId: company.id, notificationEmail: "gone@example.com" });
    await env.kit.f.teamMember(other, outsider);
    await env.t.db.insert(subscriptions).values({ userId: outsider.id, shipmentId: shipment.id });
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: "2026-02-18T08:00:00-08:00" }));
    expect(env.sink.received).toHaveLength(0);
  });
});

describe("the completion e-mail", () => {
  it("is sent once on arrival to those who want it, with the text on automatic archiving", async () => {
    const { company, team, shipment } = await env.trackedShipment({}, "Spring order");
    const wants = await env.kit.subscriber(team, shipment, { isCompletionEmailEnabled: true });
    const not = await env.kit.subscriber(team, shipment, { isCompletionEmailEnabled: false });

    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: ARRIVAL, arrivalStatus: "ACTUAL" }));
    const [mail] = env.mailTo(wants.notificationEmail);
    expect(mail?.subject).toBe(`Completed: Spring order (${shipment.trackingNumber})`);
    expect(mail?.text).toContain("has arrived at Los Angeles");
    expect(mail?.text).toContain(
      "Trackings with an ETA more than 1 week away are automatically archived (one week after the final ETA).",
    );
    expect(env.mailTo(not.notificationEmail)).toHaveLength(0);
    env.sink.received.length = 0;

    // Delivered afterwards: the shipment was already completed for this user.
    await env.refreshAndMail(
      company.id,
      shipment,
      snapshot({ arrival: ARRIVAL, arrivalStatus: "ACTUAL", gateOut: "2026-02-16T08:00:00-08:00" }),
    );
    expect(env.mailTo(wants.notificationEmail)).toHaveLength(0);
  });

  it("says in Japanese what the English says about archiving: an ETA more than a week away", async () => {
    const { company, team, shipment } = await env.trackedShipment({}, "春の注文");
    const ja = await env.kit.subscriber(team, shipment, { language: "ja", isCompletionEmailEnabled: true });
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: ARRIVAL, arrivalStatus: "ACTUAL" }));
    const [mail] = env.mailTo(ja.notificationEmail);
    expect(mail?.subject).toBe(`完了: 春の注文 (${shipment.trackingNumber})`);
    expect(mail?.text).toContain(
      "ETA が 1 週間以上先のトラッキングは、最終 ETA の 1 週間後に自動的にアーカイブされます。",
    );
    // Not "a week past the ETA", which said the opposite of the English and the spec.
    expect(mail?.text).not.toContain("経過");
    expect(mail?.html).toContain("ETA が 1 週間以上先のトラッキング");
  });
});
