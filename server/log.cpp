#include "server/log.h"

#include "server/config/config_loader.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <string>

namespace server::log {
namespace {
std::atomic<LogLevel> current_level{LogLevel::Info};
std::mutex output_mutex;
} // namespace

void set_level(LogLevel level) {
    current_level.store(level);
}

bool enabled(LogLevel level) {
    return level <= current_level.load();
}

void write(LogLevel level, std::string_view text) {
    if (!enabled(level))
        return;
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
    const std::lock_guard lock(output_mutex);
    std::fprintf(stderr, "%s %-5s %.*s\n", stamp, log_level_name(level),
                 static_cast<int>(text.size()), text.data());
    std::fflush(stderr);
}

} // namespace server::log
