# syntax=docker/dockerfile:1
# The workers (services/workers: BullMQ weekly invoices, overdue invoices, application expiry). No
# port: the health check says whether PostgreSQL and Redis can be reached from the container.
# Build from the repository root (the build context is what /.dockerignore lets in: never infra/dev-idp):
#   docker build -f infra/docker/workers.Dockerfile -t ghcr.io/turno/workers:<tag> .
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
RUN node infra/docker/prune-lockfile.mjs && npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 2. Runtime: files owned by root and read-only for the `node` user (uid 1000); the root filesystem
#    can be mounted read-only, with a writable /tmp (tsx keeps its compile cache there).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/ ./
COPY libs/domain/ libs/domain/
COPY libs/contracts/ libs/contracts/
COPY libs/server-runtime/ libs/server-runtime/
COPY services/core/ services/core/
COPY services/psp/ services/psp/
COPY services/workers/ services/workers/
COPY infra/docker/healthcheck.mjs infra/docker/
USER node
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "infra/docker/healthcheck.mjs", "tcp:$DATABASE_URL", "tcp:$REDIS_URL"]
CMD ["node", "--import", "tsx", "services/workers/src/main.ts"]
