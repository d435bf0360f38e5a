import { z } from "zod";

// The port-community (Cyberport) booking API as this product speaks it, shared by the adapter and
// the built-in simulator so the two cannot drift apart. Three calls:
//
//   1. POST {base}/oauth/token        OAuth 2.0 client credentials (RFC 6749 §4.4): HTTP Basic with
//      the client id and secret, the app id in X-Cyberport-App-Id → an app access token.
//   2. POST {base}/v1/login           the forwarder's login (username, password) with the app
//      token as Bearer → a user token acting for that account.
//   3. GET  {base}/v1/bookings        with both tokens → one page of the account's bookings and
//      the cursor of the next.

export const CYBERPORT_PATHS = {
  token: "/oauth/token",
  login: "/v1/login",
  bookings: "/v1/bookings",
} as const;

export const APP_ID_HEADER = "x-cyberport-app-id";
export const USER_TOKEN_HEADER = "x-cyberport-user-token";
export const BOOKINGS_SCOPE = "bookings.read";

export const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().int().positive().optional(),
});

export const LoginResponse = z.object({
  userToken: z.string().min(1),
  expiresIn: z.number().int().positive().optional(),
});

/** The page envelope is checked strictly; each booking separately, so one bad booking is skipped alone. */
export const BookingsPage = z.object({
  bookings: z.array(z.unknown()),
  nextCursor: z.string().min(1).nullable(),
});

/** What the port-community system calls the kind of reference a booking carries. */
export const REFERENCE_TYPES = ["BOOKING", "BILL_OF_LADING", "CONTAINER"] as const;

/** One booking as the API sends it; nullable hints are inferred from the number when absent. */
export const Booking = z.object({
  bookingId: z.string().trim().min(1).max(100),
  reference: z.string().trim().min(1).max(64),
  referenceType: z.enum(REFERENCE_TYPES).nullish(),
  /** The carrier's SCAC (MAEU, MSCU, ...), when the forwarder recorded it. */
  carrierScac: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,4}$/)
    .nullish(),
  /** The forwarder's own reference; becomes the shipment's title (cut to the title's length). */
  shipperReference: z.string().trim().nullish(),
});
export type Booking = z.infer<typeof Booking>;
