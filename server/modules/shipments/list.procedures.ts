import {
  BulkMoveInput,
  BulkShipmentsInput,
  BulkUpdateCsvInput,
  CreateSavedSearchInput,
  DeleteSavedSearchInput,
  SavedSearchesInput,
  ShipmentCalendarInput,
  ShipmentsV2Input,
} from "../../../shared/schemas/list";
import { SearchSuggestionInput } from "../../../shared/schemas/search";
import { publicProcedure } from "../../trpc/init";
import { bulkArchive, bulkDelete, bulkMove, bulkSubscribe, bulkUnsubscribe } from "./bulk.service";
import { bulkUpdateCsv } from "./bulk-update-csv.service";
import { listShipments, listShipmentsForCalendar } from "./list.service";
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from "./saved-searches.service";
import { searchSuggestions } from "./search-suggestion.service";

// The shipment list procedures (shipments_v2, calendar, suggestions, saved searches, bulk
// operations): merged into `shipments` by shipments.router.ts.
export const listProcedures = {
  list: publicProcedure.input(ShipmentsV2Input).query(({ ctx, input }) => listShipments(ctx.service, input)),
  calendar: publicProcedure
    .input(ShipmentCalendarInput)
    .query(({ ctx, input }) => listShipmentsForCalendar(ctx.service, input)),
  searchSuggestion: publicProcedure
    .input(SearchSuggestionInput)
    .query(({ ctx, input }) => searchSuggestions(ctx.service, input)),
  savedSearches: publicProcedure
    .input(SavedSearchesInput)
    .query(({ ctx, input }) => listSavedSearches(ctx.service, input)),
  createSavedSearch: publicProcedure
    .input(CreateSavedSearchInput)
    .mutation(({ ctx, input }) => createSavedSearch(ctx.service, input)),
  deleteSavedSearch: publicProcedure
    .input(DeleteSavedSearchInput)
    .mutation(({ ctx, input }) => deleteSavedSearch(ctx.service, input)),
  bulkSubscribe: publicProcedure
    .input(BulkShipmentsInput)
    .mutation(({ ctx, input }) => bulkSubscribe(ctx.service, input)),
  bulkUnsubscribe: publicProcedure
    .input(BulkShipmentsInput)
    .mutation(({ ctx, input }) => bulkUnsubscribe(ctx.service, input)),
  bulkArchive: publicProcedure
    .input(BulkShipmentsInput)
    .mutation(({ ctx, input }) => bulkArchive(ctx.service, input)),
  bulkDelete: publicProcedure
    .input(BulkShipmentsInput)
    .mutation(({ ctx, input }) => bulkDelete(ctx.service, input)),
  bulkMove: publicProcedure.input(BulkMoveInput).mutation(({ ctx, input }) => bulkMove(ctx.service, input)),
  bulkUpdateCsv: publicProcedure
    .input(BulkUpdateCsvInput)
    .mutation(({ ctx, input }) => bulkUpdateCsv(ctx.service, input)),
};
