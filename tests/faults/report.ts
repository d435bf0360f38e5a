import { writeFileSync } from "node:fs";
import os from "node:os";
import type { RecoveryRecord } from "./harness";

// The fault suite's figures, written to docs/reliability.md by a local `npm run test:faults` (CI
// runs the suite without rewriting the page; FAULTS_WRITE_REPORT=0 skips it too).

export function writeReliabilityReport(records: RecoveryRecord[]) {
  if (records.length === 0 || process.env.CI === "true" || process.env.FAULTS_WRITE_REPORT === "0") return;
  const rows = records.map(
    (r) =>
      `| ${r.scenario} | ${r.fault} | ${r.recoverySeconds} s | ${r.lost} | ${r.doubled} | ${r.restarts} | ${r.notes} |`,
  );
  const page = [
    "# Reliability: faults injected into real processes",
    "",
    "Measured by the fault suite (`tests/faults/`, run with `npm run test:faults`; CI runs it after the",
    "main tests). It starts one embedded Postgres, one web and two worker processes of `server/main.ts`",
    "under a restart loop (the supervisor the README's deployment recipe asks for), the carrier",
    "simulator (served by the web process) and an SMTP server on a fixed port, then injects each fault",
    "in turn. Each scenario asserts that nothing was lost, nothing was done twice (histories per",
    "shipment, e-mails per recipient; a repeat after a crash only under the same Message-ID) and that",
    "every process is running at the end.",
    "",
    `Last run: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${os.cpus().length} cores, load average ${(os.loadavg()[0] ?? 0).toFixed(2)} at the end.`,
    "",
    "| Scenario | Fault | Recovery | Lost | Done twice | Restarts | Notes |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    "How the pieces behave is described in the README (Running web and worker separately) and in",
    "`docs/decisions/0020-failure-handling.md`.",
    "",
  ];
  writeFileSync("docs/reliability.md", page.join("\n"));
}
