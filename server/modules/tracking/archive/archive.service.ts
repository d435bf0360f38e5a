import { sql } from "drizzle-orm";
import { MSC_AUTO_ARCHIVE_DAYS } from "../../../../shared/constants";
import { requireSystem } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { activities, type NewActivity } from "../../../db/schema";
import { TRACKING_ACTIVITY, WRONG_NUMBER_FAILURES } from "../tracking.constants";

// Auto-archive (spec 01 §4), run daily: a shipment is done with once the team's
// daysToArchiveAfterDelivery have passed since the place-of-delivery ETA (else the ETA); for MSC the
// period is fixed at 21 days. Numbers the carrier calls wrong or cancelled are archived at refresh
// time; the daily pass catches any left over (a threshold lowered since). Archived shipments are
// never claimed by the refresh scheduler again.

const CHUNK = 1000;

type ArchivedRow = {
  id: string;
  company_id: string;
  reason: string;
  days: number | null;
  basis: string | null;
};

export async function autoArchiveShipments(
  ctx: ServiceContext,
  options: { failureThreshold: number },
): Promise<number> {
  requireSystem(ctx);
  const now = sql`${ctx.clock.now().toISOString()}::timestamptz`;
  const wrong = sql.join(
    WRONG_NUMBER_FAILURES.map((k) => sql`${k}`),
    sql`, `,
  );
  let total = 0;
  for (;;) {
    const archived = await ctx.tx(async (tx) => {
      const rows = await tx.db.execute<ArchivedRow>(sql`
        with candidates as (
          select s.id,
            coalesce(h.place_of_delivery_eta, h.arrival_time) as basis_time,
            case when h.place_of_delivery_eta is not null then 'PLACE_OF_DELIVERY_ETA' else 'ETA' end as basis,
            case when s.shipping_line = 'MSC' then ${MSC_AUTO_ARCHIVE_DAYS}::int else t.days_to_archive_after_delivery end as days,
            case
              when s.failed_reason = 'CANCELLED' then 'CANCELLED'
              when s.is_failing and s.failed_reason in (${wrong}) and s.consecutive_failures >= ${options.failureThreshold}
                then s.failed_reason
              else 'AFTER_DELIVERY'
            end as reason
          from shipments s
          join teams t on t.id = s.team_id
          left join shipment_histories h on h.id = s.latest_history_id
          where s.archived_at is null
        ), due as (
          select c.* from candidates c join shipments s on s.id = c.id
          where c.reason <> 'AFTER_DELIVERY'
            or (c.basis_time is not null and c.basis_time + make_interval(days => c.days) <= ${now})
          limit ${CHUNK}
          for update of s skip locked
        )
        update shipments s set archived_at = ${now}, queue_status = 'SLEEPING', updated_at = ${now}
        from due where s.id = due.id
        returning s.id, s.company_id, due.reason,
          case when due.reason = 'AFTER_DELIVERY' then due.days end as days,
          case when due.reason = 'AFTER_DELIVERY' then due.basis end as basis`);
      const logged = rows.map(
        (r): NewActivity => ({
          shipmentId: r.id,
          companyId: r.company_id,
          actorUserId: null,
          kind: TRACKING_ACTIVITY.autoArchived,
          params:
            r.reason === "AFTER_DELIVERY"
              ? { reason: r.reason, days: r.days, basis: r.basis }
              : { reason: r.reason },
          createdAt: ctx.clock.now(),
        }),
      );
      if (logged.length) await tx.db.insert(activities).values(logged);
      return rows.length;
    });
    total += archived;
    if (archived < CHUNK) return total;
  }
}
