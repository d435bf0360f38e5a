// The shipment procedures of the console (create, detail, edits, collaboration): filled in by the
// shipments work; merged into `shipments` by shipments.router.ts.
export const shipmentProcedures = {};
