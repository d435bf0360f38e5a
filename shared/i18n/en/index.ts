import { common } from "./common";
import { errors } from "./errors";
import { validation } from "./validation";

export const en = { common, errors, validation };
