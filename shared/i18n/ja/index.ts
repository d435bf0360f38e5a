import type { Messages } from "../types";
import { common } from "./common";
import { errors } from "./errors";

export const ja: Messages = { common, errors };
