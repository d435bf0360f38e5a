import { common } from "./common";
import { errors } from "./errors";

export const en = { common, errors };
