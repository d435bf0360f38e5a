import { CALENDAR_TIMELINE_PAGE_SIZE } from "../../../../shared/constants";
import {
  ApiShipmentsV2Input as ApiShipmentsV2InputSchema,
  type ShipmentCalendarInput,
  ShipmentCalendarInput as ShipmentCalendarInputSchema,
  type ShipmentsV2Input,
  ShipmentsV2Input as ShipmentsV2InputSchema,
} from "../../../../shared/schemas/list";
import {
  calendarQuery,
  countQuery,
  listPageOfTuplesQuery,
  listPageQuery,
  pageQuery,
  pageWithLegsQuery,
} from "./list.queries";
import { listWhere, orderSql } from "./search.sql";

/**
 * The SQL of a list call, for the service and for the benchmark's direct runs; with `legs`, each
 * row also carries its latest history's legs (pageWithLegsQuery).
 */
export function buildListSql(
  scope: Parameters<typeof listWhere>[0],
  input: ShipmentsV2Input,
  pages: ListPages = "console",
  parts: { legs?: boolean } = {},
) {
  const parsed = (pages === "api" ? ApiShipmentsV2InputSchema : ShipmentsV2InputSchema).parse(input);
  const where = listWhere(scope, parsed);
  const order = orderSql(parsed.orderBy, parsed.orderByType);
  const offset = (parsed.page - 1) * parsed.perPage;
  const page = parts.legs
    ? pageWithLegsQuery(where, order, parsed.perPage, offset, scope.actor.userId, scope.companyId)
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

const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00Z: up to it, an ISO string has a four-digit year and no sign. */
const YEAR_10000_MS = 253_402_300_800_000;
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * Epoch milliseconds as Date#toISOString writes them, floored as the driver truncates a
 * timestamp's microseconds. Written out by hand (civil date from a day count, H. Hinnant's
 * algorithm) for 1970 to 9999: a page's legs hold hundreds of times, and toISOString, which goes
 * through a Date, cost several times more.
 */
export function isoFloored(value: number | null): string | null {
  if (value === null) return null;
  const t = Math.floor(value);
  if (!(t >= 0 && t < YEAR_10000_MS)) return new Date(t).toISOString();
  const days = Math.floor(t / DAY_MS);
  let rest = t - days * DAY_MS;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const m5 = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * m5 + 2) / 5) + 1;
  const month = m5 < 10 ? m5 + 3 : m5 - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${year}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}.${three(rest - seconds * 1000)}Z`;
}
