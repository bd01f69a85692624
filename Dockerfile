# Build stage: native modules (better-sqlite3) compile here, then the client and server bundles.
FROM node:22-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Production packages only. npm keeps typescript as a peer of @trpc/server, which needs it only for
# its types: removed, 23 MB less in the image (scripts/container-check.sh checks it is gone).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund && rm -rf node_modules/typescript

# Runtime stage: the bundles, production node_modules, an init, a non-root user, data on a volume.
FROM node:22-bookworm-slim
# tini as PID 1 passes SIGTERM on to node and reaps children: `docker stop` ends the product cleanly.
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build /src/package.json ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/dist ./dist
# /backups: where compose mounts the instances' shared backup volume (a new named volume takes this owner).
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME /data
# 2525: the SMTP receiver, when SMTP_LISTEN=2525 is set (off by default).
EXPOSE 3000 2525
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/server/main.js"]
