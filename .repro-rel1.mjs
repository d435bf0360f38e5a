import postgres from "postgres";
const URL = process.argv[2];
process.on("uncaughtException", (e) => { console.log("UNCAUGHT", e.message); process.exit(3); });
const sql = postgres(URL, { max: 2 });
const killer = postgres(URL, { max: 1 });
// Scenario A: reserved
const reserved = await sql.reserve();
const [{ pid }] = await reserved`select pg_backend_pid() as pid`;
await killer`select pg_terminate_backend(${pid})`;
await reserved`select 1`.catch((e) => console.log("first:", e.code));
await reserved`select 1`.then(() => console.log("second ok"), (e) => console.log("second:", e.code));
reserved.release();
// Scenario B: transaction whose backend dies mid-callback (like an SMTP send inside a tx)
try {
  await sql.begin(async (tx) => {
    const [{ pid }] = await tx`select pg_backend_pid() as pid`;
    await killer`select pg_terminate_backend(${pid})`;
    await new Promise((r) => setTimeout(r, 100));
    await tx`select 2`;
  });
} catch (e) { console.log("tx:", e.code); }
const r = await Promise.race([sql`select 3 as x`, new Promise((r) => setTimeout(() => r("HANG"), 3000))]);
console.log("after:", JSON.stringify(r));
await sql.end({ timeout: 1 }); await killer.end();
console.log("done");
