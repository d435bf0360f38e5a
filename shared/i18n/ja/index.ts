import type { Messages } from "../types";
import { common } from "./common";
import { errors } from "./errors";
import { validation } from "./validation";

export const ja: Messages = { common, errors, validation };
