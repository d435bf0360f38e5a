import {
  BulkMoveInput,
  BulkShipmentsInput,
  BulkUpdateCsvInput,
  CreateSavedSearchInput,
  DeleteSavedSearchInput,
  SavedSearchesInput,
  ShipmentCalendarInput,
  ShipmentsV2Input,
} from "../../../../shared/schemas/list";
import { SearchSuggestionInput } from "../../../../shared/schemas/search";
import { serviceProcedure } from "../../../trpc/init";
import { bulkUpdateCsv } from "../csv/bulk-update-csv.service";
import { bulkArchive, bulkDelete, bulkMove, bulkSubscribe, bulkUnsubscribe } from "./bulk.service";
import { listShipments, listShipmentsForCalendar } from "./list.service";
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from "./saved-searches.service";
import { searchSuggestions } from "./search-suggestion.service";

// The shipment list procedures (shipments_v2, calendar, suggestions, saved searches, bulk
// operations): merged into `shipments` by shipments.router.ts.
export const listProcedures = {
  list: serviceProcedure.input(ShipmentsV2Input).query(({ ctx, input }) => listShipments(ctx.service, input)),
  calendar: serviceProcedure
    .input(ShipmentCalendarInput)
    .query(({ ctx, input }) => listShipmentsForCalendar(ctx.service, input)),
  searchSuggestion: serviceProcedure
    .input(SearchSuggestionInput)
    .query(({ ctx, input }) => searchSuggestions(ctx.service, input)),
  savedSearches: serviceProcedure
    .input(SavedSearchesInput)
    .query(({ ctx, input }) => listSavedSearches(ctx.service, input)),
  createSavedSearch: serviceProcedure
    .input(CreateSavedSearchInput)
    .mutation(({ ctx, input }) => createSavedSearch(ctx.service, input)),
  deleteSavedSearch: serviceProcedure
    .input(DeleteSavedSearchInput)
    .mutation(({ ctx, input }) => deleteSavedSearch(ctx.service, input)),
  bulkSubscribe: serviceProcedure
    .input(BulkShipmentsInput)
    .mutation(({ ctx, input }) => bulkSubscribe(ctx.service, input)),
  bulkUnsubscribe: serviceProcedure
    .input(BulkShipmentsInput)
    .mutation(({ ctx, input }) => bulkUnsubscribe(ctx.service, input)),
  bulkArchive: serviceProcedure
    .input(BulkShipmentsInput)
    .mutation(({ ctx, input }) => bulkArchive(ctx.service, input)),
  bulkDelete: serviceProcedure
    .input(BulkShipmentsInput)
    .mutation(({ ctx, input }) => bulkDelete(ctx.service, input)),
  bulkMove: serviceProcedure.input(BulkMoveInput).mutation(({ ctx, input }) => bulkMove(ctx.service, input)),
  bulkUpdateCsv: serviceProcedure
    .input(BulkUpdateCsvInput)
    .mutation(({ ctx, input }) => bulkUpdateCsv(ctx.service, input)),
};
