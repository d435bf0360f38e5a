import { CALENDAR_TIMELINE_PAGE_SIZE } from "../../../../shared/constants";
import {
  ApiShipmentsV2Input as ApiShipmentsV2InputSchema,
  type ShipmentCalendarInput,
  ShipmentCalendarInput as ShipmentCalendarInputSchema,
  type ShipmentsV2Input,
  ShipmentsV2Input as ShipmentsV2InputSchema,
} from "../../../../shared/schemas/list";
import { isoUtc } from "../../../core/iso-time";
import { LEG_FIELDS, type LegField } from "./leg-fields";
import { calendarQuery, countQuery, listPageQuery, pageQuery } from "./list.queries";
import { listPageOfTuplesQuery, pageWithLegsQuery } from "./list-tuples.queries";
import { listWhere, orderSql } from "./search.sql";

/**
 * The SQL of a list call, for the service and for the benchmark's direct runs; with `legs`, each
 * row also carries its latest history's legs (pageWithLegsQuery): every field of them, or the
 * fields listed (in LEG_FIELDS' order).
 */
export function buildListSql(
  scope: Parameters<typeof listWhere>[0],
  input: ShipmentsV2Input,
  pages: ListPages = "console",
  parts: { legs?: boolean | readonly LegField[] } = {},
) {
  const parsed = (pages === "api" ? ApiShipmentsV2InputSchema : ShipmentsV2InputSchema).parse(input);
  const where = listWhere(scope, parsed);
  const order = orderSql(parsed.orderBy, parsed.orderByType);
  const offset = (parsed.page - 1) * parsed.perPage;
  const page = parts.legs
    ? pageWithLegsQuery(
        where,
        order,
        parsed.perPage,
        offset,
        scope.actor.userId,
        scope.companyId,
        parts.legs === true ? LEG_FIELDS : parts.legs,
      )
    : pageQuery(where, order, parsed.perPage, offset, scope.actor.userId);
  const count = countQuery(where);
  const team =
    scope.teamId === null
      ? null
      : { teamId: scope.teamId, companyId: scope.companyId, userId: scope.actor.userId };
  const listPage = parts.legs ? listPageOfTuplesQuery(page, count, team) : listPageQuery(page, count, team);
  return { parsed, page, count, listPage };
}

export function buildCalendarSql(
  scope: Parameters<typeof listWhere>[0],
  input: ShipmentCalendarInput,
  options: { ordered: boolean },
) {
  const parsed = ShipmentCalendarInputSchema.parse(input);
  const where = listWhere(scope, parsed);
  const order = options.ordered ? orderSql("arrivalTime", "ASC") : null;
  return { document: calendarQuery(where, order, CALENDAR_TIMELINE_PAGE_SIZE), count: countQuery(where) };
}

/**
 * Whose pages: the console's list shows 100 a page; the API's shipments_v2 also serves the
 * calendar and timeline's whole set (up to 100,000) in one page.
 */
export type ListPages = "console" | "api";

/**
 * Epoch milliseconds as Date#toISOString writes them, floored as the driver truncates a
 * timestamp's microseconds: a page's legs hold hundreds of times (core/iso-time).
 */
export function isoFloored(value: number): string;
export function isoFloored(value: number | null): string | null;
export function isoFloored(value: number | null): string | null {
  return value === null ? null : isoUtc(Math.floor(value));
}
