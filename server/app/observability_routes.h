#pragma once
// GET /metrics (Prometheus text of server/observability/metrics.h) and GET /healthz (the
// process is up and the database takes writes), documented in docs/http-api.md. They read
// the server's context (connections) and the storage backend's answer, so they live with the
// wiring, above net/, while the metrics themselves stay in observability/ below everything.

#include "server/observability/prometheus_text.h"
#include "storage/game_writer.h"

#include <functional>

namespace server {

struct ServerContext;

// Whether storage takes writes now (storage::Backend::can_write): /healthz answers 503 with
// its reason when not. An empty check (a server without storage, as some tests run) is ok.
using StorageCheck = std::function<storage::WriteStatus()>;

// A node of a cluster: its membership's figures, shown by /metrics (empty: not clustered).
using NodeFiguresSource = std::function<observability::NodeFigures()>;

// Registers both routes on the context's route table. `context`, `check` and `node` outlive
// the routes; `check` is read on every /healthz and `node` on every /metrics, so they are set
// before the server starts and not changed after. /metrics answers only the client addresses of
// metrics_allowed_addresses (others get 403), and is not registered at all when metrics_listen
// gives it a listener of its own (issue 34).
void add_observability_routes(ServerContext& context, const StorageCheck& check,
                              const NodeFiguresSource& node);
// The routes of that listener: /metrics (to anyone who reaches it) and /healthz, on
// `listener`'s table, reading the game server's `source`. All outlive the routes.
void add_metrics_listener_routes(ServerContext& listener, const ServerContext& source,
                                 const StorageCheck& check, const NodeFiguresSource& node);

} // namespace server
