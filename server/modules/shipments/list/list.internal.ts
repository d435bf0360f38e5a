import { CALENDAR_TIMELINE_PAGE_SIZE } from "../../../../shared/constants";
import {
  ApiShipmentsV2Input as ApiShipmentsV2InputSchema,
  type ShipmentCalendarInput,
  ShipmentCalendarInput as ShipmentCalendarInputSchema,
  type ShipmentsV2Input,
  ShipmentsV2Input as ShipmentsV2InputSchema,
} from "../../../../shared/schemas/list";
import { calendarQuery, countQuery, listPageQuery, pageQuery } from "./list.queries";
import { listWhere, orderSql } from "./search.sql";

/** The SQL of a list call, for the service and for the benchmark's direct runs. */
export function buildListSql(
  scope: Parameters<typeof listWhere>[0],
  input: ShipmentsV2Input,
  pages: ListPages = "console",
) {
  const parsed = (pages === "api" ? ApiShipmentsV2InputSchema : ShipmentsV2InputSchema).parse(input);
  const where = listWhere(scope, parsed);
  const order = orderSql(parsed.orderBy, parsed.orderByType);
  const page = pageQuery(
    where,
    order,
    parsed.perPage,
    (parsed.page - 1) * parsed.perPage,
    scope.actor.userId,
  );
  const count = countQuery(where);
  const team =
    scope.teamId === null
      ? null
      : { teamId: scope.teamId, companyId: scope.companyId, userId: scope.actor.userId };
  return { parsed, page, count, listPage: listPageQuery(page, count, team) };
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
