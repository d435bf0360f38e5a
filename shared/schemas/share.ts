// The share page and the guest home (spec 02 §2, §7: shipment by shareToken; guest shipments list).

import { z } from "zod";
import { idField, msg } from "./common";

/** guestShipments: a team the caller is a guest of, and the search box's text (as the list's). */
export const GuestShipmentsInput = z.object({
  teamId: idField(),
  fullTextQuery: z
    .string()
    .max(200, { error: msg("validation.tooLong") })
    .optional(),
});
export type GuestShipmentsInput = z.infer<typeof GuestShipmentsInput>;
