#pragma once
// Times as the operator commands print them: "2026-01-01 00:00 UTC".

#include "storage/records.h"

#include <chrono>
#include <ctime>
#include <string>

namespace server::cli {

inline std::string utc_minute(storage::TimePoint t) {
    const std::time_t seconds = std::chrono::system_clock::to_time_t(t);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &utc);
    return text;
}

// The wall clock to the millisecond, as stored.
inline storage::TimePoint operator_now() {
    return std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());
}

} // namespace server::cli
