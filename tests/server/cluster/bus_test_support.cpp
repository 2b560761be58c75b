#include "tests/server/cluster/bus_test_support.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <doctest/doctest.h>

namespace cluster_test {

IoThread::IoThread() : guard_(context_.get_executor()), thread_([this] { context_.run(); }) {
}

IoThread::~IoThread() {
    guard_.reset();
    context_.stop();
    thread_.join();
}

bool wait_for_state(Queue<server::cluster::BusState>& states, server::cluster::BusState wanted,
                    std::chrono::milliseconds wait) {
    while (auto state = states.take(wait))
        if (*state == wanted)
            return true;
    return false;
}

std::string fixture_nats_url() {
    const char* state = std::getenv("TABULA_TEST_NATS_STATE");
    if (state == nullptr)
        FAIL("no NATS server: run through ctest (fixture nats), or start one with "
             "tests/support/nats_server.sh start DIR and set TABULA_TEST_NATS_STATE=DIR");
    std::ifstream in(std::string(state) + "/url");
    std::string url;
    std::getline(in, url);
    if (url.empty())
        FAIL("no URL in " << state << "/url");
    return url;
}

OwnNatsServer::OwnNatsServer() {
    const auto base = std::filesystem::temp_directory_path() / "tabula-nats-test-XXXXXX";
    std::string pattern = base.string();
    if (mkdtemp(pattern.data()) == nullptr)
        FAIL("cannot make a temporary folder");
    state_ = pattern;
    run("start");
    std::ifstream in(state_ + "/url");
    std::getline(in, url_);
    REQUIRE(!url_.empty());
}

OwnNatsServer::~OwnNatsServer() {
    const std::string command =
        std::string("bash ") + TABULA_NATS_SERVER_SCRIPT + " stop " + state_ + " >/dev/null";
    (void)std::system(command.c_str()); // NOLINT(cert-env33-c): the test's own script
    std::error_code ignored;
    std::filesystem::remove_all(state_, ignored);
}

void OwnNatsServer::kill() {
    run("kill");
}

void OwnNatsServer::restart() {
    run("restart");
}

void OwnNatsServer::run(const char* action) const {
    const std::string command = std::string("bash ") + TABULA_NATS_SERVER_SCRIPT + " " + action +
                                " " + state_ + " >/dev/null";
    // NOLINTNEXTLINE(cert-env33-c): the test's own script, with a folder it made
    const int status = std::system(command.c_str());
    REQUIRE_MESSAGE(status == 0, "nats_server.sh " << action << " failed");
}

} // namespace cluster_test
