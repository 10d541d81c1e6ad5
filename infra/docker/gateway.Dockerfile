# syntax=docker/dockerfile:1
# The gateway (services/gateway/src/serve-gateway.ts, port 8080): the host shell's static build, /remotes.json
# written from REMOTE_<NAME>_URL at start (one host build serves every environment), /api → shell BFF,
# /bff/<role> → that BFF (BFF_<ROLE>_URL). Health: GET /remotes.json.
# Build from the repository root (the build context is what /.dockerignore lets in: never infra/dev-idp):
#   docker build -f infra/docker/gateway.Dockerfile -t ghcr.io/turno/gateway:<tag> .
ARG NODE_IMAGE=node:20.19-bookworm-slim

# 1. The host shell's build: every dependency (rspack is a devDependency), then `rspack build`.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY . .
RUN node infra/docker/prune-lockfile.mjs && npm ci --no-audit --no-fund
RUN cd shells/host && npx rspack build -c rspack.config.cjs

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
COPY services/gateway/package.json services/gateway/
RUN node infra/docker/prune-lockfile.mjs && npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 2. Runtime: files owned by root and read-only for the `node` user (uid 1000); the root filesystem
#    can be mounted read-only, with a writable /tmp (tsx keeps its compile cache there).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production BIND_HOST=0.0.0.0 GATEWAY_PORT=8080
WORKDIR /app
COPY --from=deps /app/ ./
COPY libs/domain/ libs/domain/
COPY libs/contracts/ libs/contracts/
COPY libs/server-runtime/ libs/server-runtime/
COPY services/gateway/ services/gateway/
COPY infra/docker/healthcheck.mjs infra/docker/
COPY --from=build /app/shells/host/dist/ shells/host/dist/
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "infra/docker/healthcheck.mjs", "http://127.0.0.1:$GATEWAY_PORT/remotes.json"]
CMD ["node", "--import", "tsx", "services/gateway/src/serve-gateway.ts"]
