# syntax=docker/dockerfile:1
# Toolyard image: compile the single binary with Bun (installed from npm), then ship only the binary.

# --- build: Node + npm install Bun as a devDependency; `bun build --compile` makes dist/toolyard
FROM node:22-bookworm AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json bunfig.toml ./
COPY src ./src
RUN npm run build && ./dist/toolyard --version

# --- runtime: glibc slim image (the compiled binary links against glibc), non-root, data in a volume
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin toolyard \
 && mkdir -p -m 0700 /data \
 && chown toolyard:toolyard /data
COPY --from=build /src/dist/toolyard /usr/local/bin/toolyard
# Bind on every interface inside the container. Set TOOLYARD_PUBLIC_URL to the address clients use
# (e.g. https://tools.example.com) so server URLs point there.
# MIMALLOC_PURGE_DELAY=-1: the allocator keeps freed pages instead of returning and re-faulting them under load
# (README, "Memory allocator"; docs/decisions/0054-builtin-call-under-load.md).
ENV TOOLYARD_HOST=0.0.0.0 \
    TOOLYARD_PORT=8080 \
    TOOLYARD_DATA_DIR=/data \
    MIMALLOC_PURGE_DELAY=-1
# A host directory bind-mounted as /data must belong to this uid first: `chown -R 10001:10001 ./data` (README,
# "Single binary and Docker"); a named volume takes the owner of /data here by itself.
VOLUME ["/data"]
EXPOSE 8080
# No curl in this image: the binary asks its own /mcp/health on TOOLYARD_HOST/TOOLYARD_PORT (exit 0 only on 200).
HEALTHCHECK --interval=30s --timeout=10s --start-period=15s --retries=3 CMD ["toolyard", "health"]
USER toolyard
WORKDIR /data
# `docker run IMAGE keys create --project NAME` runs other commands against the same volume.
ENTRYPOINT ["toolyard"]
CMD ["serve"]
