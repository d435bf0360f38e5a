import { common } from "./common";
import { crash } from "./crash";
import { errors } from "./errors";
import { news } from "./news";
import { shell } from "./shell";
import { tracking } from "./tracking";
import { validation } from "./validation";

export const en = { common, errors, validation, crash, news, shell, tracking };
