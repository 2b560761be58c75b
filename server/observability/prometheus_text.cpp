#include "server/observability/prometheus_text.h"

namespace server::observability {

const char* const exposition_content_type = "text/plain; version=0.0.4; charset=utf-8";

namespace {

void header(std::string& out, const char* name, const char* type, const char* help) {
    out += "# HELP ";
    out += name;
    out += ' ';
    out += help;
    out += "\n# TYPE ";
    out += name;
    out += ' ';
    out += type;
    out += '\n';
}

void sample(std::string& out, const char* name, const std::string& value) {
    out += name;
    out += ' ';
    out += value;
    out += '\n';
}

void histogram(std::string& out, const char* name, const char* help,
               const DurationHistogram& histogram) {
    header(out, name, "histogram", help);
    const auto snapshot = histogram.snapshot();
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i < snapshot.buckets.size(); ++i) {
        cumulative += snapshot.buckets[i];
        const bool last = i == DurationHistogram::upper_bounds.size();
        const std::string le = last ? "+Inf"
                                    : seconds_text(static_cast<std::uint64_t>(
                                          DurationHistogram::upper_bounds[i].count()));
        out += name;
        out += "_bucket{le=\"" + le + "\"} " + std::to_string(cumulative) + '\n';
    }
    sample(out, (std::string(name) + "_sum").c_str(), seconds_text(snapshot.sum_us));
    sample(out, (std::string(name) + "_count").c_str(), std::to_string(snapshot.count));
}

// A label value with \\, " and newlines escaped, as the format asks.
std::string label_value(const std::string& text) {
    std::string out;
    for (const char ch : text) {
        if (ch == '\\' || ch == '"')
            out += '\\';
        if (ch == '\n') {
            out += "\\n";
            continue;
        }
        out += ch;
    }
    return out;
}

void node_figures(std::string& out, const NodeFigures& node) {
    header(out, "tabula_cluster_node", "gauge",
           "This node of the cluster: 1, its id as the label node.");
    out += "tabula_cluster_node{node=\"" + label_value(node.node_id) + "\"} 1\n";
    header(out, "tabula_cluster_epoch", "gauge",
           "The epoch of this node's incarnation (0 while not registered).");
    sample(out, "tabula_cluster_epoch", std::to_string(node.epoch));
    header(out, "tabula_cluster_incarnations_total", "counter",
           "Registrations of this node: the first, and one after each fencing.");
    sample(out, "tabula_cluster_incarnations_total", std::to_string(node.incarnations));
    header(out, "tabula_cluster_takeovers_total", "counter", "Dead nodes this node took over.");
    sample(out, "tabula_cluster_takeovers_total", std::to_string(node.takeovers));
    header(out, "tabula_cluster_tables_claimed_total", "counter",
           "Live tables this node claimed from dead nodes and its earlier incarnations.");
    sample(out, "tabula_cluster_tables_claimed_total", std::to_string(node.tables_claimed));
    header(out, "tabula_cluster_lease_renewals_failed_total", "counter",
           "Lease renewals the database failed (a refusal is a fencing, not a failure).");
    sample(out, "tabula_cluster_lease_renewals_failed_total", std::to_string(node.renewals_failed));
    header(out, "tabula_cluster_lease_at_risk", "gauge",
           "1 while the lease has not been renewed for longer than the lease itself.");
    sample(out, "tabula_cluster_lease_at_risk", node.at_risk ? "1" : "0");
}

} // namespace

std::string seconds_text(std::uint64_t microseconds) {
    std::string text = std::to_string(microseconds / 1'000'000);
    std::uint64_t fraction = microseconds % 1'000'000;
    if (fraction == 0)
        return text;
    std::string digits = std::to_string(fraction);
    digits.insert(0, 6 - digits.size(), '0');
    while (digits.back() == '0')
        digits.pop_back();
    return text + "." + digits;
}

std::string prometheus_text(const Metrics& metrics, const ScrapeValues& scraped,
                            const std::optional<NodeFigures>& node) {
    std::string out;
    out.reserve(4096);
    header(out, "tabula_connections", "gauge", "Live WebSocket connections.");
    sample(out, "tabula_connections", std::to_string(scraped.connections));
    header(out, "tabula_live_tables", "gauge",
           "Tables in memory: waiting, playing, or finished and not yet swept.");
    sample(out, "tabula_live_tables", std::to_string(metrics.live_tables.value()));
    header(out, "tabula_moves_total", "counter", "Moves stored and acknowledged.");
    sample(out, "tabula_moves_total", std::to_string(metrics.moves_total.value()));
    histogram(out, "tabula_move_seconds",
              "From a move's arrival at its table until it is stored and ready to send.",
              metrics.move_seconds);
    histogram(out, "tabula_storage_write_seconds",
              "From a move handed to the storage writer until its commit.",
              metrics.storage_write_seconds);
    header(out, "tabula_writer_queue_depth", "gauge",
           "Move writes handed to the storage writer and not yet committed.");
    sample(out, "tabula_writer_queue_depth", std::to_string(metrics.writer_queue_depth.value()));
    header(out, "tabula_rate_limit_refusals_total", "counter",
           "WebSocket messages refused as rate_limited.");
    sample(out, "tabula_rate_limit_refusals_total",
           std::to_string(metrics.rate_limit_refusals.value()));
    if (scraped.resident_bytes) {
        header(out, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.");
        sample(out, "process_resident_memory_bytes", std::to_string(*scraped.resident_bytes));
    }
    if (node)
        node_figures(out, *node);
    return out;
}

} // namespace server::observability
