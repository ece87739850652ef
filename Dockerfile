# Multi-stage build of the tapis binary.
FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p tapis-server --bin tapis

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 tapis
COPY --from=build /src/target/release/tapis /usr/local/bin/tapis
USER tapis
ENV TAPIS_BIND=0.0.0.0:8080 TAPIS_ENV=production TAPIS_LOG_FORMAT=json
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
CMD ["tapis", "serve"]
