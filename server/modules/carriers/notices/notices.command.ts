import { LINE_NOTICE_KINDS, SHIPPING_LINE_CODES } from "../../../../shared/enums";
import type { ServiceContext } from "../../../core/context";
import { clearLineNotice, listLineNotices, SetLineNoticeInput, setLineNotice } from "./notices.service";

// The admin CLI's shipping-line notice commands: `set-line-notice`, `clear-line-notice`,
// `list-line-notices`.

export const LINE_NOTICE_USAGE = `set-line-notice <LINE> --kind DELAY|MAINTENANCE
    Shows the line's delay or maintenance notice on the New shipment form and its shipments' pages.
  clear-line-notice <LINE>
  list-line-notices [--json]`;

const COMMANDS = new Set(["set-line-notice", "clear-line-notice", "list-line-notices"]);

export function isLineNoticeCommand(command: string): boolean {
  return COMMANDS.has(command);
}

/** Runs one of the commands above; the exit code (2 for a usage error). */
export async function runLineNoticeCommand(
  ctx: ServiceContext,
  command: string,
  line: string | undefined,
  options: { kind?: string; json?: boolean },
  out: (line: string) => void,
): Promise<number> {
  const usage = (message: string) => {
    out(`${message}\n\nUsage: npm run admin -- ${LINE_NOTICE_USAGE}`);
    return 2;
  };
  if (command === "list-line-notices") {
    const notices = await listLineNotices(ctx);
    if (options.json) out(JSON.stringify(notices, null, 2));
    else if (notices.length === 0) out("No shipping-line notices.");
    else for (const n of notices) out(`${n.shippingLine.padEnd(8)}  ${n.kind.padEnd(11)}  since ${n.since}`);
    return 0;
  }
  const code = line?.toUpperCase();
  if (!code || !(SHIPPING_LINE_CODES as readonly string[]).includes(code))
    return usage(`${command} needs a shipping line: ${SHIPPING_LINE_CODES.join(", ")}`);
  if (command === "clear-line-notice") {
    out((await clearLineNotice(ctx, code)) ? `Cleared the notice of ${code}` : `${code} had no notice`);
    return 0;
  }
  const input = SetLineNoticeInput.safeParse({ shippingLine: code, kind: options.kind?.toUpperCase() });
  if (!input.success) return usage(`--kind must be one of ${LINE_NOTICE_KINDS.join(", ")}`);
  const notice = await setLineNotice(ctx, input.data);
  out(`${notice.shippingLine} now shows the ${notice.kind} notice (since ${notice.since})`);
  return 0;
}
