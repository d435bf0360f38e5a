import { describe, expect, it } from "vitest";
import { FREE_TRIAL_DAYS } from "../../../shared/constants";
import { DAY_MS } from "../../core/clock";
import { snapshot } from "../tracking/tracking.testkit";
import { setupNotifyTests } from "./notify.setup.testkit";

// Spec 02 §4: a CHURN company gets no schedule-change e-mail. The standing is judged when the
// e-mail is composed, from the contracts and the clock, not from the status the daily
// companies.trial-lifecycle job last stored (which would keep mailing for up to a day).

const env = setupNotifyTests();

describe("schedule e-mails and the company's standing at send time", () => {
  it("stop the moment the trial ends, before any daily job has stored CHURN", async () => {
    const { company, team, shipment } = await env.trackedShipment();
    const user = await env.kit.subscriber(team, shipment, { minUpdateIntervalHoursEta: 0 });
    expect(company.contractStatus).toBe("IN_TRIAL");

    // In the trial: the change is mailed over SMTP.
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: "2026-02-16T08:00:00-08:00" }));
    expect(env.mailTo(user.notificationEmail)).toHaveLength(1);
    env.sink.received.length = 0;

    // The FREE trial began when the kit was made; one day past its end, no daily job has run.
    env.clock.advance((FREE_TRIAL_DAYS + 1) * DAY_MS);
    const ids = await env.refreshAndMail(
      company.id,
      shipment,
      snapshot({ arrival: "2026-02-18T08:00:00-08:00" }),
    );
    expect(ids).toHaveLength(1);
    expect(env.mailTo(user.notificationEmail)).toHaveLength(0);
    const changeMails = (await env.kit.outbox(company.id)).filter((m) => m.template === "notificationChange");
    expect(changeMails).toHaveLength(1);
  });
});
