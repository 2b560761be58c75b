#pragma once
// What Linux says about a process (proc(5)): its resident memory and the CPU time it has used.
// Used by /metrics (this process) and by `tabula loadtest --server-pid` (the server).

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace server::observability {

// VmRSS of /proc/<pid>/status in bytes; nullopt when the process or the field is not there.
std::optional<std::uint64_t> resident_bytes(const std::string& pid = "self");

// RssAnon of /proc/<pid>/status in bytes: the resident memory that is not a mapped file (heap,
// stacks), without the program's and libraries' code pages, which a process touches once and
// keeps; nullopt when not there.
std::optional<std::uint64_t> resident_anonymous_bytes(const std::string& pid = "self");

// utime + stime of /proc/<pid>/stat (user and system CPU time); nullopt when unreadable.
std::optional<std::chrono::microseconds> cpu_time(const std::string& pid = "self");

} // namespace server::observability
