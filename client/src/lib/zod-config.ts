import { config } from "zod";

// The console runs under a CSP without 'unsafe-eval'. Zod probes for eval with `Function("")`
// to compile a faster object parser; the probe fails and is reported as a CSP violation on every
// page. Jitless mode skips the probe (the parser is the same, minus that optimisation).
config({ jitless: true });
