import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const server = "http://localhost:3000";
const proxied = ["/trpc", "/graphql", "/auth", "/news-list.json", "/ml", "/sso"];

export default defineConfig({
  root: "client",
  plugins: [react(), tailwindcss()],
  build: {
    // CLIENT_DIST_DIR (relative to the project) lets parallel test runs build into their own folders.
    outDir: path.resolve(import.meta.dirname, process.env.CLIENT_DIST_DIR ?? "dist/client"),
    emptyOutDir: true,
    // Libraries change less often than the app: a separate chunk stays cached across releases.
    // The offline map's libraries (d3-geo, world-atlas) load only when a map is asked for.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "map",
              test: /node_modules[\\/](d3-geo|d3-array|world-atlas|topojson-client)[\\/]/,
              priority: 1,
            },
            { name: "vendor", test: /node_modules/ },
          ],
        },
      },
    },
  },
  server: { proxy: Object.fromEntries(proxied.map((path) => [path, server])) },
});
