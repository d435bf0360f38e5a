import { auth } from "../../../../shared/i18n/en/auth";
import { common } from "../../../../shared/i18n/en/common";
import { crash } from "../../../../shared/i18n/en/crash";
import { errors } from "../../../../shared/i18n/en/errors";
import { gates } from "../../../../shared/i18n/en/gates";
import { shell } from "../../../../shared/i18n/en/shell";
import { validation } from "../../../../shared/i18n/en/validation";

// The messages the sign-in screens and the gates show: loaded at start (client/src/lib/i18n.ts).
export const messages = { common, errors, validation, crash, shell, gates, auth };
