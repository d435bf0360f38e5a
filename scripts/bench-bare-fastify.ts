import Fastify from "fastify";

// The anchor of bench:api: Fastify with its defaults and one /healthz route, in a process of its own
// like the app's web server, so the app's cost per request reads as a ratio to what Fastify alone
// does on the same machine in the same run. PORT is given by the benchmark.

const app = Fastify();
app.get("/healthz", async () => ({ status: "ok" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.once("SIGTERM", () => {
  void app.close().then(() => process.exit(0));
});
