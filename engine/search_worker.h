#pragma once
// The search process's side (search_process.h): `tabula engine-worker --fd N --threads T`, a
// subcommand the server starts and nobody types (it is not in the help). It reads searches
// from the socket on descriptor N, runs them on a WorkerPool of T threads at SCHED_IDLE, and
// writes each answer back as it comes; a cancel message stops its search (the answer is then
// the best move so far, marked cancelled). Before the first search it makes sure it leads a
// session of its own (its own autogroup) and sets that group's nice value to 19 through
// /proc/self/autogroup; what it could not set goes back to the server as a warning. It ends,
// cancelling what runs, when the server closes the socket (or dies).

#include <string>
#include <vector>

namespace engine {

// Returns the process's exit status: 0 after the socket closed, 2 on bad arguments.
int run_search_worker(const std::vector<std::string>& args);

} // namespace engine
