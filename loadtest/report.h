#pragma once
// What `tabula loadtest` prints: a few lines for people per part that ran, then one last line
// for scripts, "RESULT key=value key=value ..." (milliseconds with three decimals; "na" when
// a value could not be measured).

#include "loadtest/commit_probe.h"
#include "loadtest/echo_run.h"
#include "loadtest/idle_sockets.h"
#include "loadtest/load_run.h"

#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace loadtest {

class Report {
public:
    explicit Report(std::ostream& out) : out_(out) {}

    void games(const LoadRunResult& result, LoopMode mode, int games);
    // `kind` names the server measured, and prefixes its keys: "echo" or "relay".
    void echo(const EchoRunResult& result, const std::string& kind);
    void idle_sockets(const IdleSocketsResult& result, int asked);
    // The probe's commits; `paced_every` when they ran beside the games (PacedCommitProbe).
    void commits(const CommitProbeResult& result,
                 std::optional<std::chrono::milliseconds> paced_every = std::nullopt);
    // The RESULT line of every part reported so far.
    void finish();

private:
    std::ostream& out_;
    std::vector<std::pair<std::string, std::string>> fields_;

    void field(std::string key, std::string value);
    void computer(const ComputerStats& stats, std::chrono::duration<double> window);
    void latency(const std::string& label, const std::string& key, const LatencySamples& samples);
};

} // namespace loadtest
