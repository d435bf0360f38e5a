// The console's build resolves every `import … from "zod"` (the console's and shared/schemas') to
// this module (vite.config.ts), so zod is configured before any module that uses it runs, in
// whichever chunk and whatever order the pages load: a module's imports run before its own code.
//
// Why: the console runs under a CSP without 'unsafe-eval'. Zod probes for eval with `Function("")`
// when an object schema is built, to compile a faster object parser; the probe fails and is
// reported as a CSP violation on every page. Jitless mode skips the probe (the parser is the same,
// minus that optimisation). The server keeps zod's default.
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
export { default, z } from "zod/v4";
