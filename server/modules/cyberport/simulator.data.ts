// What the built-in port-community simulator knows: one demo account (documented in README) and
// its bookings. The numbers are ones the carrier simulator serves, so the shipments an import
// creates fill in from it like any other; the list also holds what a real account holds: a
// booking entered twice, a leased box whose line only the forwarder knows, a leased box with no
// line at all (the import cannot tell which line to ask), and one booking with no number.

export const SIMULATOR_CREDENTIALS = {
  loginUsername: "demo-forwarder",
  loginPassword: "Cyberport-Demo-2026",
  appId: "demo-tracking-app",
  clientId: "demo-client",
  clientSecret: "demo-client-secret",
} as const;

export type SimulatedBooking = Record<string, string | null>;

export const SIMULATOR_BOOKINGS: readonly SimulatedBooking[] = [
  {
    bookingId: "CPB-1001",
    reference: "EBKG04512346",
    referenceType: "BOOKING",
    carrierScac: "MSCU",
    shipperReference: "PO-4411 Kowloon Electronics",
  },
  {
    bookingId: "CPB-1002",
    reference: "MAEU241234567",
    referenceType: null,
    carrierScac: null,
    shipperReference: "PO-4412",
  },
  {
    bookingId: "CPB-1003",
    reference: "MSCU7188200",
    referenceType: "CONTAINER",
    carrierScac: null,
    shipperReference: null,
  },
  {
    bookingId: "CPB-1004",
    reference: "24051234",
    referenceType: "BOOKING",
    carrierScac: "HLCU",
    shipperReference: "PO-4415",
  },
  {
    bookingId: "CPB-1005",
    reference: "EGLV142400123456",
    referenceType: null,
    carrierScac: null,
    shipperReference: null,
  },
  {
    bookingId: "CPB-1006",
    reference: "TGHU1234567",
    referenceType: "CONTAINER",
    carrierScac: "ONEY",
    shipperReference: "Leased box",
  },
  // The same B/L as CPB-1002, entered again by another desk.
  {
    bookingId: "CPB-1007",
    reference: "MAEU241234567",
    referenceType: null,
    carrierScac: null,
    shipperReference: "PO-4412 (copy)",
  },
  {
    bookingId: "CPB-1008",
    reference: "TYOA24051200",
    referenceType: null,
    carrierScac: null,
    shipperReference: "Tokyo consolidation",
  },
  // A lessor's box with no carrier recorded: the booking names no line and the number none either.
  {
    bookingId: "CPB-1009",
    reference: "TCNU7654328",
    referenceType: "CONTAINER",
    carrierScac: null,
    shipperReference: null,
  },
  // Malformed: the booking was saved before any number was known.
  {
    bookingId: "CPB-1010",
    reference: null,
    referenceType: null,
    carrierScac: "MSCU",
    shipperReference: "Draft",
  },
];

/** Bookings per page, small so that an import always follows the cursor. */
export const SIMULATOR_PAGE_SIZE = 4;
