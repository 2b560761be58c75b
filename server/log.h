#pragma once
// A minimal process-wide logger: one line per event on stderr, filtered by the configured
// level. Safe from any thread (one mutex per line; not on the per-message hot path at the
// default level).

#include "server/config/config.h"

#include <string_view>

namespace server::log {

void set_level(LogLevel level);
bool enabled(LogLevel level);
void write(LogLevel level, std::string_view text);

inline void error(std::string_view text) {
    write(LogLevel::Error, text);
}
inline void warn(std::string_view text) {
    write(LogLevel::Warn, text);
}
inline void info(std::string_view text) {
    write(LogLevel::Info, text);
}
inline void debug(std::string_view text) {
    write(LogLevel::Debug, text);
}

} // namespace server::log
