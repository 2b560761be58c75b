#pragma once
// GET /metrics (Prometheus text of server/observability/metrics.h) and GET /healthz (the
// process is up and the database's file system takes writes), documented in docs/http-api.md.
// They read the server's context (connections, database path), so they live with the wiring,
// above net/, while the metrics themselves stay in observability/ below everything.

#include <filesystem>
#include <optional>
#include <string>

namespace server {

struct ServerContext;

// Registers both routes on the context's route table. `context` outlives its routes. /metrics
// answers only the client addresses of metrics_allowed_addresses (others get 403), and is not
// registered at all when metrics_listen gives it a listener of its own (issue 34).
void add_observability_routes(ServerContext& context);
// The routes of that listener: /metrics (to anyone who reaches it) and /healthz, on
// `listener`'s table, reading the game server's `source`. Both outlive the routes.
void add_metrics_listener_routes(ServerContext& listener, const ServerContext& source);

// Why storage cannot take writes now, or nullopt when it can: the database file (or, while
// it does not exist yet, its directory) must be writable by this process, and its file system
// mounted read-write with free blocks. A few system calls, no write: cheap enough to probe
// every second.
std::optional<std::string> storage_unwritable(const std::filesystem::path& database);

} // namespace server
