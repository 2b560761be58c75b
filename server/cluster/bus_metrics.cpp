#include "server/cluster/bus_metrics.h"

namespace server::cluster {

BusMetrics& bus_metrics() {
    static BusMetrics instance;
    return instance;
}

} // namespace server::cluster
