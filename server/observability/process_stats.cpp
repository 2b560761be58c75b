#include "server/observability/process_stats.h"

#include <fstream>
#include <sstream>
#include <unistd.h>

namespace server::observability {

namespace {

// A "<field> <n> kB" line of /proc/<pid>/status, in bytes.
std::optional<std::uint64_t> status_kib_field(const std::string& pid, const std::string& field) {
    std::ifstream in("/proc/" + pid + "/status");
    std::string line;
    while (std::getline(in, line)) {
        if (!line.starts_with(field))
            continue;
        std::istringstream fields(line.substr(field.size()));
        std::uint64_t kib = 0;
        if (fields >> kib)
            return kib * 1024;
        return std::nullopt;
    }
    return std::nullopt;
}

} // namespace

std::optional<std::uint64_t> resident_bytes(const std::string& pid) {
    return status_kib_field(pid, "VmRSS:");
}

std::optional<std::uint64_t> resident_anonymous_bytes(const std::string& pid) {
    return status_kib_field(pid, "RssAnon:");
}

// /proc/<pid>/stat: "pid (comm) state ..." where comm may hold spaces and parentheses, so the
// fields are counted from the last ')'. utime and stime are fields 14 and 15, in clock ticks.
std::optional<std::chrono::microseconds> cpu_time(const std::string& pid) {
    std::ifstream in("/proc/" + pid + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = text.rfind(')');
    if (close == std::string::npos)
        return std::nullopt;
    std::istringstream fields(text.substr(close + 1));
    std::string skip;
    for (int field = 3; field < 14; ++field) // state (3) .. cmajflt (13)
        if (!(fields >> skip))
            return std::nullopt;
    long long utime = 0;
    long long stime = 0;
    if (!(fields >> utime >> stime))
        return std::nullopt;
    const long ticks = sysconf(_SC_CLK_TCK);
    if (ticks <= 0)
        return std::nullopt;
    return std::chrono::microseconds{(utime + stime) * 1'000'000 / ticks};
}

} // namespace server::observability
