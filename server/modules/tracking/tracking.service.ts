import { inArray } from "drizzle-orm";
import type { ShippingLine } from "../../../shared/enums";
import type { ServiceContext } from "../../core/context";
import { shipments } from "../../db/schema";
import { enqueueRefreshes } from "./tracking.internal";
import { MANUAL_REFRESH_PRIORITY } from "./tracking.constants";
