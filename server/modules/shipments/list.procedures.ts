// The shipment list procedures (shipments_v2, suggestions, saved searches, bulk operations):
// merged into `shipments` by shipments.router.ts.
export const listProcedures = {};
