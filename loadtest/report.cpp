#include "loadtest/report.h"

#include <cstdio>

namespace loadtest {

namespace {

std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string ms(std::chrono::microseconds us) {
    return fixed(static_cast<double>(us.count()) / 1000.0, 3);
}

// Microseconds of CPU for each of `count` (moves or round trips), "na" if unmeasured.
std::string cpu_per(const std::optional<std::chrono::microseconds>& cpu, std::uint64_t count) {
    if (!cpu || count == 0)
        return "na";
    return fixed(static_cast<double>(cpu->count()) / static_cast<double>(count), 1);
}

std::string kib(const std::optional<std::uint64_t>& bytes) {
    return bytes ? std::to_string(*bytes / 1024) : "na";
}

std::string errors_text(const std::map<std::string, std::uint64_t>& errors) {
    if (errors.empty())
        return "none";
    std::string text;
    for (const auto& [kind, count] : errors)
        text += (text.empty() ? "" : ", ") + kind + " x" + std::to_string(count);
    return text;
}

std::uint64_t total(const std::map<std::string, std::uint64_t>& errors) {
    std::uint64_t sum = 0;
    for (const auto& [kind, count] : errors)
        sum += count;
    return sum;
}

} // namespace

void Report::field(std::string key, std::string value) {
    fields_.emplace_back(std::move(key), std::move(value));
}

void Report::latency(const std::string& label, const std::string& key,
                     const LatencySamples& samples) {
    out_ << "  " << label << " p50 " << ms(samples.percentile(50)) << " ms, p99 "
         << ms(samples.percentile(99)) << " ms, max " << ms(samples.max()) << " ms ("
         << samples.size() << " samples)\n";
    field(key + "_p50_ms", ms(samples.percentile(50)));
    field(key + "_p99_ms", ms(samples.percentile(99)));
    field(key + "_max_ms", ms(samples.max()));
}

void Report::games(const LoadRunResult& result, LoopMode mode, int games) {
    const auto& stats = result.stats;
    const char* mode_name = mode == LoopMode::Closed ? "closed" : "open";
    out_ << "games (" << mode_name << " loop): " << result.games_started << " of " << games
         << " started, " << stats.moves << " moves in " << fixed(result.window.count(), 2)
         << " s = " << fixed(result.moves_per_second(), 1) << " moves/s, " << stats.games_ended
         << " games ended\n";
    field("mode", mode_name);
    field("games", std::to_string(result.games_started));
    field("moves", std::to_string(stats.moves));
    field("seconds", fixed(result.window.count(), 2));
    field("moves_per_s", fixed(result.moves_per_second(), 1));
    latency("mover   ", "mover", stats.mover);
    latency("opponent", "opponent", stats.opponent);
    const std::string cpu = cpu_per(result.server_cpu, stats.moves);
    const std::string client_cpu = cpu_per(result.client_cpu, stats.moves);
    out_ << "  server: " << cpu << " us CPU per move, RSS " << kib(result.server_rss_before)
         << " KiB -> " << kib(result.server_rss_after) << " KiB; client: " << client_cpu
         << " us CPU per move\n";
    field("server_cpu_us_per_move", cpu);
    field("server_rss_before_kib", kib(result.server_rss_before));
    field("server_rss_after_kib", kib(result.server_rss_after));
    field("client_cpu_us_per_move", client_cpu);
    if (mode == LoopMode::Open) {
        out_ << "  missed ticks (previous move still in flight): " << stats.missed_ticks << "\n";
        field("missed_ticks", std::to_string(stats.missed_ticks));
    }
    if (result.idle_wait) {
        const auto& wait = *result.idle_wait;
        std::string ratio = "na";
        if (result.server_rss_idle && result.server_rss_swept && *result.server_rss_idle > 0)
            ratio = fixed(static_cast<double>(*result.server_rss_swept) /
                              static_cast<double>(*result.server_rss_idle),
                          3);
        out_ << "  return to idle: RSS " << kib(result.server_rss_idle) << " KiB idle -> "
             << kib(result.server_rss_swept) << " KiB once swept (x" << ratio << "; anonymous "
             << kib(result.server_anon_idle) << " -> " << kib(result.server_anon_swept) << " KiB); "
             << (wait.idle ? "no connection and no table after "
                           : "NOT idle (connections, tables still there) after ")
             << fixed(static_cast<double>(wait.waited.count()) / 1000.0, 1) << " s";
        if (!wait.idle && wait.last)
            out_ << ": " << wait.last->connections << " connections, " << wait.last->live_tables
                 << " tables";
        out_ << "\n";
        std::string warm_ratio = "na";
        if (result.server_rss_warm && result.server_rss_swept && *result.server_rss_warm > 0)
            warm_ratio = fixed(static_cast<double>(*result.server_rss_swept) /
                                   static_cast<double>(*result.server_rss_warm),
                               3);
        out_ << "  against a warm baseline (after a warm-up of a few short games, swept): RSS "
             << kib(result.server_rss_warm) << " KiB (anonymous " << kib(result.server_anon_warm)
             << " KiB), once swept x" << warm_ratio << "\n";
        field("server_rss_idle_kib", kib(result.server_rss_idle));
        field("server_rss_swept_kib", kib(result.server_rss_swept));
        field("swept_over_idle", ratio);
        field("server_anon_idle_kib", kib(result.server_anon_idle));
        field("server_anon_swept_kib", kib(result.server_anon_swept));
        field("server_rss_warm_kib", kib(result.server_rss_warm));
        field("server_anon_warm_kib", kib(result.server_anon_warm));
        field("swept_over_warm", warm_ratio);
        field("swept", wait.idle ? "1" : "0");
        field("sweep_wait_s", fixed(static_cast<double>(wait.waited.count()) / 1000.0, 1));
    }
    out_ << "  errors: " << errors_text(stats.errors) << "\n";
    field("errors", std::to_string(stats.error_count()));
    if (result.computer)
        computer(*result.computer, result.window);
}

void Report::computer(const ComputerStats& stats, std::chrono::duration<double> window) {
    const double busy =
        window.count() > 0 ? static_cast<double>(stats.busy.count()) / 1e6 / window.count() : 0.0;
    out_ << "computer game: " << stats.games_started << " games started, " << stats.moves
         << " computer moves in the window, thinking " << fixed(100.0 * busy, 1) << " % of it\n";
    field("computer_games", std::to_string(stats.games_started));
    field("computer_moves", std::to_string(stats.moves));
    field("computer_busy", fixed(busy, 3));
    latency("computer's move took", "computer_think", stats.think);
    out_ << "  errors: " << errors_text(stats.errors) << "\n";
    field("computer_errors", std::to_string(total(stats.errors)));
}

void Report::idle_sockets(const IdleSocketsResult& result, int asked) {
    const auto per = result.bytes_per_socket();
    const std::string per_text = per ? fixed(*per, 0) : "na";
    const auto anon = result.anonymous_bytes_per_socket();
    const std::string anon_text = anon ? fixed(*anon, 0) : "na";
    out_ << "idle sockets: " << result.welcomed << " of " << asked << " welcomed (" << result.failed
         << " failed); server RSS " << kib(result.rss_before) << " KiB -> " << kib(result.rss_with)
         << " KiB with them -> " << kib(result.rss_after) << " KiB after they closed -> "
         << kib(result.rss_returned) << " KiB once memory was returned: " << per_text
         << " bytes per idle socket (" << anon_text << " of them anonymous: heap, stacks)\n";
    field("idle_sockets", std::to_string(result.welcomed));
    field("idle_sockets_failed", std::to_string(result.failed));
    field("idle_rss_before_kib", kib(result.rss_before));
    field("idle_rss_with_kib", kib(result.rss_with));
    field("idle_rss_after_kib", kib(result.rss_after));
    field("idle_rss_returned_kib", kib(result.rss_returned));
    field("idle_socket_bytes", per_text);
    field("idle_socket_anon_bytes", anon_text);
}

void Report::echo(const EchoRunResult& result, const std::string& kind) {
    out_ << kind << ": " << result.pairs_connected << " pairs, " << result.round_trips
         << " round trips in " << fixed(result.window.count(), 2)
         << " s = " << fixed(result.round_trips_per_second(), 1) << " round trips/s\n";
    field(kind + "_pairs", std::to_string(result.pairs_connected));
    field(kind + "_per_s", fixed(result.round_trips_per_second(), 1));
    latency("round trip", kind, result.latency);
    const std::string server_cpu = cpu_per(result.server_cpu, result.round_trips);
    const std::string client_cpu = cpu_per(result.client_cpu, result.round_trips);
    out_ << "  server: " << server_cpu << " us CPU per round trip; client: " << client_cpu
         << " us\n";
    field(kind + "_server_cpu_us", server_cpu);
    field(kind + "_client_cpu_us", client_cpu);
    out_ << "  errors: " << errors_text(result.errors) << "\n";
    field(kind + "_errors", std::to_string(total(result.errors)));
}

void Report::commits(const CommitProbeResult& result,
                     std::optional<std::chrono::milliseconds> paced_every) {
    if (result.error) {
        out_ << "commit probe failed: " << *result.error << "\n";
        field("commit_error", "1");
        return;
    }
    out_ << "commit probe (" << result.what << ", ";
    if (paced_every)
        out_ << "one every " << paced_every->count() << " ms beside the games):\n";
    else
        out_ << "back to back):\n";
    field("commits", std::to_string(result.commits.size()));
    field("commit_every_ms", paced_every ? std::to_string(paced_every->count()) : "0");
    latency("commit", "commit", result.commits);
}

void Report::finish() {
    out_ << "RESULT";
    for (const auto& [key, value] : fields_)
        out_ << ' ' << key << '=' << value;
    out_ << std::endl;
}

} // namespace loadtest
