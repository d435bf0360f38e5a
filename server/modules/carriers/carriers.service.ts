import { SHIPPING_LINES } from "../../../shared/enums";
import type { ServiceContext } from "../../core/context";

export interface ShippingLineInfo {
  code: string;
  label: string;
  beta: boolean;
}

/** The fixed list of shipping lines (spec 01 §3); public reference data, no tenant involved. */
export async function listShippingLines(_ctx: ServiceContext): Promise<ShippingLineInfo[]> {
  return SHIPPING_LINES.map((l) => ({ code: l.code, label: l.label, beta: l.beta }));
}
