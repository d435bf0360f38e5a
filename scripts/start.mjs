// `npm start`: build the console if needed, then run the server (web + worker) from TypeScript.
import { register } from "tsx/esm/api";
import { buildClientIfStale } from "./build-client.mjs";

buildClientIfStale();
register();
await import("../server/main.ts");
