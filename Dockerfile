# evid / audit: one image, both binaries, the REST server as the default command.
#
#   docker build -t evid .
#   docker run -d --name evid -p 8080:8080 -v evid-data:/var/lib/evid -e EVID_API_KEY=... evid
#   docker exec evid evid status
#   docker exec evid audit verify
#
# BASE must be a Debian bookworm image with Node 20 (node:20-bookworm-slim by default).
# scripts/container-smoke.sh builds it offline from a locally made base image and a
# host-side install placed in .prebuilt/ (see docs/server.md).
ARG BASE=node:20-bookworm-slim

# ---- build: compile TypeScript, pack the package, install the tarball into /opt/evid ----
FROM ${BASE} AS build
WORKDIR /src
COPY . .
# Either a host-made install (.prebuilt/opt/evid, from container-smoke.sh), or the same
# path as the npm pack test: build, `npm pack`, then install the tarball (production
# dependencies only; better-sqlite3 compiles here, hence the toolchain).
RUN set -eu; \
    if [ -d .prebuilt/opt/evid ]; then \
      mkdir -p /opt && mv .prebuilt/opt/evid /opt/evid; \
    else \
      apt-get update && apt-get install -y --no-install-recommends python3 make g++ && \
      npm ci --ignore-scripts && npm run build && \
      npm pack --ignore-scripts && \
      mkdir -p /opt/evid && \
      npm install --prefix /opt/evid --omit=dev --no-audit --no-fund ./evid-*.tgz; \
    fi; \
    test -x /opt/evid/node_modules/.bin/evid && test -x /opt/evid/node_modules/.bin/audit

# ---- runtime: node + the installed package, non-root, data on a volume ----
FROM ${BASE} AS runtime
ENV NODE_ENV=production \
    EVID_DATA_DIR=/var/lib/evid \
    EVID_API_HOST=0.0.0.0 \
    EVID_API_PORT=8080 \
    PATH=/opt/evid/node_modules/.bin:$PATH
RUN set -eu; \
    groupadd --system --gid 10001 evid; \
    useradd --system --uid 10001 --gid evid --home-dir /var/lib/evid --shell /usr/sbin/nologin evid; \
    mkdir -p /var/lib/evid; \
    chown evid:evid /var/lib/evid; \
    chmod 0700 /var/lib/evid
COPY --from=build /opt/evid /opt/evid
# Both binaries on PATH for `docker exec` even when the exec'd shell resets PATH.
RUN ln -s /opt/evid/node_modules/evid/bin/evid.js /usr/local/bin/evid && \
    ln -s /opt/evid/node_modules/evid/bin/audit.js /usr/local/bin/audit
USER evid
WORKDIR /var/lib/evid
VOLUME ["/var/lib/evid"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.EVID_API_PORT||8080)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["evid", "serve"]
