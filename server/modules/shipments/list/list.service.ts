import { CALENDAR_TIMELINE_PAGE_SIZE } from "../../../../shared/constants";
import type {
  ListPlace,
  ShipmentCalendarInput,
  ShipmentCalendarOutput,
  ShipmentListItem,
  ShipmentsV2Input,
  ShipmentsV2Output,
} from "../../../../shared/schemas/list";
import type { ServiceContext } from "../../../core/context";
import { sharedPlaceOf } from "../places";
import type { HistoryVesselEntry } from "../shipments.output";
import { LEG_FIELDS, type LegField, legFieldsOf } from "./leg-fields";
import type { ListPages } from "./list.internal";
import { buildCalendarSql, buildListSql, isoFloored } from "./list.internal";
import { type ListRow, selectCalendarDocument, selectCount, selectListPage } from "./list.queries";
import { authorizeListScope, authorizeListScopeInline } from "./list.scope";
import { type LegTuple, legFieldWidth, selectListPageOfTuples } from "./list-tuples.queries";

// shipments_v2 (spec 01 §2, §4, §7): a page of the shipments one team (or, in the headquarters
// view, every team) holds, by tab, search box and column conditions, sorted.

function place(locode: string | null, name: string | null): ListPlace | null {
  return locode === null && name === null ? null : { locode, name };
}

function toListItem(r: ListRow): ShipmentListItem {
  return {
    id: r.id,
    teamId: r.team_id,
    teamName: r.team_name,
    title: r.title,
    trackingNumber: r.tracking_number,
    trackingType: r.tracking_type,
    shippingLine: r.shipping_line,
    isArchived: r.is_archived,
    isFailing: r.is_failing,
    failedReason: r.failed_reason,
    lastFailedReason: r.last_failed_reason,
    queueStatus: r.queue_status,
    lastScrapedAt: isoFloored(r.last_scraped_at),
    createdAt: isoFloored(r.created_at),
    remark: r.remark,
    customField1: r.custom_field1,
    customField2: r.custom_field2,
    customField3: r.custom_field3,
    requestedEtd: r.requested_etd,
    requestedEta: r.requested_eta,
    initialEtd: isoFloored(r.initial_etd),
    initialEta: isoFloored(r.initial_eta),
    delayDays: r.delay_days,
    etdDelayDays: r.etd_delay_days,
    requestedEtdDelayDays: r.requested_etd_delay_days,
    requestedEtaDelayDays: r.requested_eta_delay_days,
    owner:
      r.owner_id === null
        ? null
        : { id: r.owner_id, nickname: r.owner_nickname ?? "", color: r.owner_color ?? "" },
    isFavoriteForViewer: r.is_favorite,
    isNotificationEnabledForViewer: r.is_subscribed,
    hasUnreadCommentForViewer: r.has_unread_comment,
    placeOfReceipt: place(r.place_of_receipt_locode, r.place_of_receipt_name),
    loadingPort: place(r.loading_port_locode, r.loading_port_name),
    dischargingPort: place(r.discharging_port_locode, r.discharging_port_name),
    placeOfDelivery: place(r.place_of_delivery_locode, r.place_of_delivery_name),
    departureTime: isoFloored(r.departure_time),
    departureTimeStatus: r.departure_time_status,
    arrivalTime: isoFloored(r.arrival_time),
    arrivalTimeStatus: r.arrival_time_status,
    placeOfDeliveryEta: isoFloored(r.place_of_delivery_eta),
    placeOfDeliveryEtaStatus: r.place_of_delivery_eta_status,
    vesselName: r.vessel_name,
    vesselVoyage: r.vessel_voyage,
    containers: r.container_numbers,
    latestHistoryId: r.latest_history_id,
  };
}

/**
 * A list item with its latest history's legs by sequence (none without a latest history), each
 * holding the fields the page was read with (every field unless a list of them was given).
 */
export type ShipmentListItemWithLegs = ShipmentListItem & {
  latestHistoryVessels: Partial<HistoryVesselEntry>[];
};

type LegValueReader = (leg: LegTuple, at: number) => unknown;

const legText: LegValueReader = (leg, at) => leg[at];
const legTime: LegValueReader = (leg, at) => isoFloored(leg[at] as number | null);
const legPlace: LegValueReader = (leg, at) =>
  sharedPlaceOf(leg[at] as string | null, leg[at + 1] as string | null);

/** How each field of a leg is read from its array, from the field's first column on. */
const LEG_VALUE_READERS: Record<LegField, LegValueReader> = {
  id: legText,
  sequence: legText,
  vesselName: legText,
  imo: legText,
  mmsi: legText,
  voyage: legText,
  loadingPort: legPlace,
  dischargingPort: legPlace,
  departureTime: legTime,
  departureTimeStatus: legText,
  arrivalTime: legTime,
  arrivalTimeStatus: legText,
};

const legReaders = new Map<string, (leg: LegTuple) => Partial<HistoryVesselEntry>>();

/** Reads a leg's array sent with `fields` (in LEG_FIELDS' order) into its object; one reader per set. */
function legReader(fields: readonly LegField[]): (leg: LegTuple) => Partial<HistoryVesselEntry> {
  const key = fields.join();
  let reader = legReaders.get(key);
  if (reader) return reader;
  const steps: [LegField, LegValueReader, number][] = [];
  let at = 0;
  for (const field of fields) {
    steps.push([field, LEG_VALUE_READERS[field], at]);
    at += legFieldWidth(field);
  }
  reader = (leg) => {
    const entry: Record<string, unknown> = {};
    for (const [field, read, i] of steps) entry[field] = read(leg, i);
    return entry as Partial<HistoryVesselEntry>;
  };
  legReaders.set(key, reader);
  return reader;
}

/**
 * One page of the list. With `legs`, each row also carries its latest history's legs
 * (`latestHistoryVessels`), read in the page's own statement: GraphQL asks for them when the
 * query shows latestHistory { vessels }, and the rows come back as arrays then (pageWithLegsQuery).
 * `legs` true reads every field of a leg; a list of fields (in any order, LEG_FIELDS' names) reads
 * those alone.
 */
export async function listShipments(
  ctx: ServiceContext,
  input: ShipmentsV2Input,
  pages: ListPages = "console",
  options: { legs?: boolean | readonly LegField[] } = {},
): Promise<ShipmentsV2Output> {
  const { scope, confirm } = await authorizeListScopeInline(ctx, input.teamId);
  if (options.legs) {
    const fields = options.legs === true ? LEG_FIELDS : legFieldsOf(options.legs);
    const toLeg = legReader(fields);
    const { parsed, listPage } = buildListSql(scope, input, pages, { legs: fields });
    const { rows, total, teamFound, isMember } = await selectListPageOfTuples(ctx.db, listPage);
    await confirm({ teamFound, isMember });
    return {
      items: rows.map((r) => {
        const item = toListItem(r) as ShipmentListItemWithLegs;
        item.latestHistoryVessels = r.legs.map(toLeg);
        return item;
      }),
      pagination: { total, hasNextPage: parsed.page * parsed.perPage < total },
    };
  }
  const { parsed, listPage } = buildListSql(scope, input, pages);
  // One statement: the page, its total, and the team's existence and the viewer's membership,
  // which confirm() checks before anything read is answered.
  const { rows, total, teamFound, isMember } = await selectListPage(ctx.db, listPage);
  await confirm({ teamFound, isMember });
  return {
    items: rows.map(toListItem),
    pagination: { total, hasNextPage: parsed.page * parsed.perPage < total },
  };
}

export async function listShipmentsForCalendar(
  ctx: ServiceContext,
  input: ShipmentCalendarInput,
): Promise<ShipmentCalendarOutput> {
  const scope = await authorizeListScope(ctx, input.teamId);
  const total = await selectCount(ctx.db, buildCalendarSql(scope, input, { ordered: false }).count);
  const truncated = total > CALENDAR_TIMELINE_PAGE_SIZE;
  const { document } = buildCalendarSql(scope, input, { ordered: truncated });
  const columns = JSON.parse(await selectCalendarDocument(ctx.db, document)) as Omit<
    ShipmentCalendarOutput,
    "total" | "truncated"
  >;
  return { total, truncated, ...columns };
}
