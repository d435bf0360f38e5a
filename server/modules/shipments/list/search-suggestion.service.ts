import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { FILTER_SUGGESTIONS_CAP } from "../../../../shared/constants";
import { SHIPPING_LINES, TRACKING_TYPES } from "../../../../shared/enums";
import { translate } from "../../../../shared/i18n";
import type { SearchSuggestion } from "../../../../shared/schemas/list";
import type { SearchSuggestionInput, ShipmentSearchField } from "../../../../shared/schemas/search";
import type { ServiceContext } from "../../../core/context";
import { authorizeListScope } from "./list.scope";
import { containsPattern, PLACE_DISPLAY, scopeSql } from "./search.sql";

// shipmentSearchSuggestion(field, query, teamId): the values a filter can pick, taken from the
// shipments in view (every tab), matching the typed text, at most FILTER_SUGGESTIONS_CAP.

/** Text fields suggest the distinct values stored; ports by their display name, else their code. */
const VALUE_EXPRESSIONS: Partial<Record<ShipmentSearchField, string>> = {
  title: "s.title",
  trackingNumber: "s.tracking_number",
  customField1: "s.custom_field1",
  customField2: "s.custom_field2",
  customField3: "s.custom_field3",
  ...PLACE_DISPLAY,
  vesselName: "s.vessel_name",
  vesselVoyage: "s.vessel_voyage",
  delayDays: "s.delay_days::text",
  etdDelayDays: "s.etd_delay_days::text",
  requestedEtdDelayDays: "s.requested_etd_delay_days::text",
  requestedEtaDelayDays: "s.requested_eta_delay_days::text",
};

const matches = (query: string, ...texts: string[]) => {
  const q = query.trim().toLowerCase();
  return q === "" || texts.some((t) => t.toLowerCase().includes(q));
};

async function distinctValues(ctx: ServiceContext, from: SQL, value: SQL, query: string) {
  const q = query.trim();
  const filter = q === "" ? sql`` : sql`and v ilike ${containsPattern(q)}`;
  const rows = await ctx.db.execute<{ v: string }>(sql`
    select distinct v from (select ${value} as v from ${from}) x
    where v is not null and v <> '' ${filter}
    order by v limit ${FILTER_SUGGESTIONS_CAP}`);
  return rows.map((r) => ({ value: r.v, label: r.v }));
}

export async function searchSuggestions(
  ctx: ServiceContext,
  input: z.output<typeof SearchSuggestionInput>,
): Promise<SearchSuggestion[]> {
  const scope = await authorizeListScope(ctx, input.teamId);
  const inScope = sql`shipments s where ${scopeSql(scope)}`;
  const { field, query } = input;
  switch (field) {
    case "shippingLine":
      return SHIPPING_LINES.filter((l) => matches(query, l.code, l.label)).map((l) => ({
        value: l.code,
        label: l.label,
      }));
    case "trackingType":
      return TRACKING_TYPES.map((t) => ({
        value: t,
        label: translate(ctx.lang, `shipment.trackingTypes.${t}`),
      })).filter((s) => matches(query, s.value, s.label));
    case "isFailing":
      return [true, false].map((b) => ({
        value: String(b),
        label: translate(ctx.lang, `shipment.booleans.${b}`),
      }));
    case "owner": {
      const q = query.trim();
      const rows = await ctx.db.execute<{ id: string; nickname: string }>(sql`
        select u.id, u.nickname from users u
        where u.company_id = ${scope.companyId}
          and exists (select 1 from ${inScope} and s.owner_user_id = u.id)
          ${q === "" ? sql`` : sql`and u.nickname ilike ${containsPattern(q)}`}
        order by u.nickname, u.id limit ${FILTER_SUGGESTIONS_CAP}`);
      return rows.map((r) => ({ value: r.id, label: r.nickname }));
    }
    case "containerNumber":
      return distinctValues(
        ctx,
        sql`shipments s cross join unnest(s.container_numbers) c(n) where ${scopeSql(scope)}`,
        sql`c.n`,
        query,
      );
    default: {
      const expression = VALUE_EXPRESSIONS[field];
      // Dates, timestamps and long text are picked with a date range or typed, not from a list.
      if (!expression) return [];
      return distinctValues(ctx, inScope, sql.raw(expression), query);
    }
  }
}
