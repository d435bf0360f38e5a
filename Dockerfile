# Production image: the built console plus the server run from TypeScript with tsx.
# DATABASE_URL must point at a managed Postgres (the embedded one is for local use only).
# Run it under a restart policy (`docker run --init --restart unless-stopped`, or compose's
# `restart: unless-stopped`, see the README): a process exits non-zero after logging any error it
# cannot handle, and the policy starts a clean one.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The postinstall step applies patches/ (a fix to the postgres driver) and must find them.
COPY patches ./patches
# npm install, not npm ci: see .ci/run (the lock omits other platforms' optional binaries).
RUN npm install --no-audit --no-fund
COPY . .
# A production build (NODE_ENV=production: no development debug page) whose every asset has a
# brotli and a gzip twin made at build time; dist/ below carries them, and the server sends the one
# the browser accepts.
RUN NODE_ENV=production node scripts/build-client.mjs && npm prune --omit=dev

FROM node:24-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/shared ./shared
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/drizzle ./drizzle
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# ROLE=web or ROLE=worker to split the two across containers; default runs both.
CMD ["node", "--import", "tsx", "server/main.ts"]
