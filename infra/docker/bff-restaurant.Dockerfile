# syntax=docker/dockerfile:1
# The restaurant BFF (bffs/restaurant, port 4002): reached only through the gateway. Health: GET /readyz.
# Build from the repository root (the build context is what /.dockerignore lets in: never infra/dev-idp):
#   docker build -f infra/docker/bff-restaurant.Dockerfile -t ghcr.io/turno/restaurant-bff:<tag> .
ARG NODE_IMAGE=node:20.19-bookworm-slim

# 1. Production dependencies only: the lockfile pruned to the workspaces copied here (their
#    package.json files), then `npm ci --omit=dev`. The workspaces are the ones this process imports
#    (its package's dependencies, followed; infra/dev/src/containers.test.ts checks it), never
#    infra/dev. TypeScript runs through tsx, a production dependency of the package that is run
#    (docs/decisions.md#platform), so no compile step and no dev tools.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY infra/docker/prune-lockfile.mjs infra/docker/
COPY libs/domain/package.json libs/domain/
COPY libs/contracts/package.json libs/contracts/
COPY libs/server-runtime/package.json libs/server-runtime/
COPY services/core/package.json services/core/
COPY services/psp/package.json services/psp/
COPY services/workers/package.json services/workers/
COPY bffs/kit/package.json bffs/kit/
COPY bffs/restaurant/package.json bffs/restaurant/
RUN node infra/docker/prune-lockfile.mjs && npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 2. Runtime: files owned by root and read-only for the `node` user (uid 1000); the root filesystem
#    can be mounted read-only, with a writable /tmp (tsx keeps its compile cache there).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production BIND_HOST=0.0.0.0 PORT=4002
WORKDIR /app
COPY --from=deps /app/ ./
COPY libs/domain/ libs/domain/
COPY libs/contracts/ libs/contracts/
COPY libs/server-runtime/ libs/server-runtime/
COPY services/core/ services/core/
COPY services/psp/ services/psp/
COPY services/workers/ services/workers/
COPY bffs/kit/ bffs/kit/
COPY bffs/restaurant/ bffs/restaurant/
COPY infra/docker/healthcheck.mjs infra/docker/
USER node
EXPOSE 4002
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "infra/docker/healthcheck.mjs", "http://127.0.0.1:$PORT/readyz"]
CMD ["node", "--import", "tsx", "bffs/restaurant/src/main.ts"]
