import { auth } from "../../../../shared/i18n/ja/auth";
import { common } from "../../../../shared/i18n/ja/common";
import { crash } from "../../../../shared/i18n/ja/crash";
import { errors } from "../../../../shared/i18n/ja/errors";
import { gates } from "../../../../shared/i18n/ja/gates";
import { shell } from "../../../../shared/i18n/ja/shell";
import { validation } from "../../../../shared/i18n/ja/validation";

// The messages the sign-in screens and the gates show: loaded at start (client/src/lib/i18n.ts).
export const messages = { common, errors, validation, crash, shell, gates, auth };
