// The exposition text read back the way a Prometheus scraper reads it: every sample belongs
// to a metric announced by HELP and TYPE lines, histogram buckets are cumulative and end with
// +Inf, and the counts are the observations made.
#include "server/observability/metrics.h"
#include "server/observability/prometheus_text.h"

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace obs = server::observability;
using namespace std::chrono_literals;

namespace {

struct Sample {
    std::string name; // with its labels, e.g. tabula_move_seconds_bucket{le="0.001"}
    std::string value;
};

struct Parsed {
    std::map<std::string, std::string> types; // metric name -> type
    std::map<std::string, bool> helped;
    std::vector<Sample> samples;
    std::map<std::string, std::string> by_name; // sample name -> value
};

// The metric a sample belongs to: its name without labels and without the histogram suffixes.
std::string family(const std::string& sample, const std::map<std::string, std::string>& types) {
    const auto bare = sample.substr(0, sample.find('{'));
    for (const char* suffix : {"_bucket", "_sum", "_count"}) {
        const std::string s(suffix);
        if (bare.size() > s.size() && bare.ends_with(s)) {
            const auto base = bare.substr(0, bare.size() - s.size());
            const auto found = types.find(base);
            if (found != types.end() && found->second == "histogram")
                return base;
        }
    }
    return bare;
}

Parsed parse(const std::string& text) {
    Parsed parsed;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        REQUIRE_FALSE(line.empty());
        std::istringstream words(line);
        if (line.starts_with("# HELP ")) {
            std::string hash, help, name;
            words >> hash >> help >> name;
            parsed.helped[name] = true;
        } else if (line.starts_with("# TYPE ")) {
            std::string hash, type_word, name, type;
            words >> hash >> type_word >> name >> type;
            REQUIRE(parsed.helped.count(name) == 1); // HELP comes first
            parsed.types[name] = type;
        } else {
            Sample sample;
            words >> sample.name >> sample.value;
            REQUIRE(parsed.types.count(family(sample.name, parsed.types)) == 1);
            parsed.by_name[sample.name] = sample.value;
            parsed.samples.push_back(sample);
        }
    }
    return parsed;
}

} // namespace

TEST_CASE("seconds are written as plain decimals") {
    CHECK(obs::seconds_text(50) == "0.00005");
    CHECK(obs::seconds_text(250'000) == "0.25");
    CHECK(obs::seconds_text(1'000'000) == "1");
    CHECK(obs::seconds_text(2'500'000) == "2.5");
    CHECK(obs::seconds_text(0) == "0");
}

TEST_CASE("a histogram puts each duration in the first bucket whose bound holds it") {
    obs::DurationHistogram histogram;
    histogram.observe(50us); // on the first bound: in it
    histogram.observe(51us); // just over: the second
    histogram.observe(20s);  // over every bound: +Inf
    const auto snapshot = histogram.snapshot();
    CHECK(snapshot.buckets[0] == 1);
    CHECK(snapshot.buckets[1] == 1);
    CHECK(snapshot.buckets.back() == 1);
    CHECK(snapshot.count == 3);
    CHECK(snapshot.sum_us == 50 + 51 + 20'000'000);
}

TEST_CASE("the exposition text announces every metric and reads back to the observations") {
    obs::Metrics metrics;
    metrics.live_tables.add(3);
    metrics.live_tables.sub();
    metrics.moves_total.add(5);
    metrics.rate_limit_refusals.add(2);
    metrics.writer_queue_depth.add(4);
    const std::vector<std::chrono::microseconds> moves{80us, 300us, 300us, 1500us, 40ms, 30s};
    for (const auto took : moves)
        metrics.move_seconds.observe(took);
    metrics.storage_write_seconds.observe(700us);
    {
        const obs::GaugeHold held(metrics.live_tables);
        CHECK(metrics.live_tables.value() == 3);
    }
    const auto text = obs::prometheus_text(metrics, {.connections = 7, .resident_bytes = 123456});
    const auto parsed = parse(text);

    CHECK(parsed.types.at("tabula_connections") == "gauge");
    CHECK(parsed.types.at("tabula_live_tables") == "gauge");
    CHECK(parsed.types.at("tabula_moves_total") == "counter");
    CHECK(parsed.types.at("tabula_rate_limit_refusals_total") == "counter");
    CHECK(parsed.types.at("tabula_writer_queue_depth") == "gauge");
    CHECK(parsed.types.at("tabula_move_seconds") == "histogram");
    CHECK(parsed.types.at("tabula_storage_write_seconds") == "histogram");
    CHECK(parsed.types.at("process_resident_memory_bytes") == "gauge");
    CHECK(parsed.by_name.at("tabula_connections") == "7");
    CHECK(parsed.by_name.at("tabula_live_tables") == "2");
    CHECK(parsed.by_name.at("tabula_moves_total") == "5");
    CHECK(parsed.by_name.at("tabula_rate_limit_refusals_total") == "2");
    CHECK(parsed.by_name.at("tabula_writer_queue_depth") == "4");
    CHECK(parsed.by_name.at("process_resident_memory_bytes") == "123456");

    // Buckets: cumulative, in the order of their bounds, the last +Inf equal to the count.
    std::vector<std::pair<std::string, std::uint64_t>> buckets;
    for (const auto& sample : parsed.samples)
        if (sample.name.starts_with("tabula_move_seconds_bucket{le=\""))
            buckets.emplace_back(sample.name, std::stoull(sample.value));
    REQUIRE(buckets.size() == obs::DurationHistogram::upper_bounds.size() + 1);
    for (std::size_t i = 1; i < buckets.size(); ++i)
        CHECK(buckets[i].second >= buckets[i - 1].second);
    CHECK(buckets.back().first == R"(tabula_move_seconds_bucket{le="+Inf"})");
    CHECK(buckets.back().second == moves.size());
    CHECK(parsed.by_name.at("tabula_move_seconds_count") == std::to_string(moves.size()));
    CHECK(parsed.by_name.at(R"(tabula_move_seconds_bucket{le="0.0001"})") == "1");
    CHECK(parsed.by_name.at(R"(tabula_move_seconds_bucket{le="0.0005"})") == "3");
    CHECK(parsed.by_name.at(R"(tabula_move_seconds_bucket{le="0.002"})") == "4");
    CHECK(parsed.by_name.at(R"(tabula_move_seconds_bucket{le="0.05"})") == "5");
    CHECK(parsed.by_name.at(R"(tabula_move_seconds_bucket{le="10"})") == "5");
    CHECK(std::stod(parsed.by_name.at("tabula_move_seconds_sum")) ==
          doctest::Approx(30.04218).epsilon(1e-9));
    CHECK(parsed.by_name.at("tabula_storage_write_seconds_count") == "1");
}

TEST_CASE("without a resident size the process metric is left out rather than made up") {
    const obs::Metrics metrics;
    const auto text = obs::prometheus_text(metrics, {.connections = 0, .resident_bytes = {}});
    CHECK(text.find("process_resident_memory_bytes") == std::string::npos);
}
