import { router } from "../../trpc/init";
import { listProcedures } from "./list/list.procedures";
import { shipmentProcedures } from "./shipments.procedures";

/** One `shipments` namespace for the console; each file holds the procedures of one area. */
export const shipmentsRouter = router({ ...shipmentProcedures, ...listProcedures });
