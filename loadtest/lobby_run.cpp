#include "loadtest/lobby_run.h"

#include "loadtest/message_scan.h"
#include "loadtest/ws_client.h"
#include "server/observability/process_stats.h"

#include <iomanip>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace loadtest {

namespace {

namespace asio = boost::asio;
namespace obs = server::observability;
using LobbyClock = std::chrono::steady_clock;

constexpr int lobby_connecting_at_once = 64;
constexpr int tables_per_guest = 3; // the lobby's limit of waiting tables per host
constexpr int churn_guests = 4;
constexpr std::chrono::seconds phase_limit{180};

const std::string create_public_table =
    R"("variant":"chess","time":{"base_ms":300000,"increment_ms":3000},"private":false})";

std::string create_request(std::int64_t id) {
    std::string text = R"({"t":"create_table","id":)";
    text += std::to_string(id);
    text += ',';
    text += create_public_table;
    return text;
}

std::string subscribe_request(std::int64_t id, std::optional<int> rating_min) {
    std::string text = R"({"t":"lobby_subscribe","id":)";
    text += std::to_string(id);
    if (rating_min) {
        text += R"(,"filter":{"rating_min":)";
        text += std::to_string(*rating_min);
        text += '}';
    }
    text += '}';
    return text;
}

std::chrono::microseconds lobby_elapsed(LobbyClock::time_point start) {
    return std::chrono::duration_cast<std::chrono::microseconds>(LobbyClock::now() - start);
}

class LobbyRun {
public:
    LobbyRun(const LobbyRunOptions& options, LobbyRunResult& result)
        : options_(options), result_(result), guard_(io_), pace_(io_) {}

    void run() {
        arm_guard("filling the list");
        for (int i = 0; i < churn_guests; ++i)
            open_churn();
        for (int i = 0; i < lobby_connecting_at_once; ++i)
            open_host();
        if (hosts_needed() == 0)
            start_subscribers();
        io_.run();
    }

private:
    enum class Phase { Fill, Opening, Shared, Filtered, Settle, Changes, Done };
    struct Churn {
        std::shared_ptr<WsClient> client;
        bool ready = false;
        bool busy = false;
        std::int64_t next_id = 1;
    };

    const LobbyRunOptions& options_;
    LobbyRunResult& result_;
    asio::io_context io_{1};
    asio::steady_timer guard_;
    asio::steady_timer pace_;
    Phase phase_ = Phase::Fill;
    std::vector<std::shared_ptr<WsClient>> hosts_;
    int hosts_done_ = 0;
    std::vector<std::shared_ptr<WsClient>> subscribers_;
    int welcomed_ = 0;
    int answered_ = 0;
    std::vector<std::shared_ptr<Churn>> churn_;
    LobbyClock::time_point phase_start_;
    std::optional<std::chrono::microseconds> cpu_start_;

    int hosts_needed() const {
        return (options_.tables + tables_per_guest - 1) / tables_per_guest;
    }

    void fail(std::string why) {
        if (result_.error.empty())
            result_.error = std::move(why);
        finish();
    }

    void finish() {
        phase_ = Phase::Done;
        guard_.cancel();
        pace_.cancel();
        for (const auto& client : hosts_)
            client->close();
        for (const auto& client : subscribers_)
            client->close();
        for (const auto& churn : churn_)
            churn->client->close();
        io_.stop();
    }

    void arm_guard(const char* phase) {
        guard_.expires_after(phase_limit);
        guard_.async_wait([this, phase](const boost::system::error_code& ec) {
            if (!ec)
                fail(std::string("timed out ") + phase);
        });
    }

    // --- 1. the tables ------------------------------------------------------------------------
    void open_host() {
        const int index = static_cast<int>(hosts_.size());
        if (index >= hosts_needed())
            return;
        const int tables = std::min(tables_per_guest, options_.tables - index * tables_per_guest);
        auto answers = std::make_shared<int>(0);
        WsClient::Handlers handlers;
        handlers.message = [this, index, tables, answers](std::string_view text) {
            const auto message = scan_server_message(text);
            if (!message)
                return;
            if (message->type == "welcome") {
                for (int id = 1; id <= tables; ++id)
                    hosts_[static_cast<std::size_t>(index)]->send(create_request(id));
                return;
            }
            if (message->id < 1 || message->id > tables)
                return;
            if (message->type == "table_created")
                ++result_.tables;
            else if (message->type == "error")
                return fail("create_table refused: " + std::string(message->code) +
                            " (raise lobby_tables_per_address and max_connections_per_ip)");
            if (++*answers == tables)
                host_done();
        };
        handlers.failed = [this](const std::string& why) {
            if (phase_ == Phase::Fill)
                fail("a host's connection failed: " + why);
        };
        hosts_.push_back(std::make_shared<WsClient>(io_, std::move(handlers)));
        hosts_.back()->connect(options_.server, "/ws");
    }

    void host_done() {
        ++hosts_done_;
        open_host();
        if (hosts_done_ == hosts_needed())
            start_subscribers();
    }

    // --- 2. the subscribers -------------------------------------------------------------------
    void start_subscribers() {
        phase_ = Phase::Opening;
        arm_guard("opening the subscribers");
        if (options_.subscribers == 0)
            return start_changes();
        for (int i = 0; i < lobby_connecting_at_once; ++i)
            open_subscriber();
    }

    void open_subscriber() {
        const int index = static_cast<int>(subscribers_.size());
        if (index >= options_.subscribers)
            return;
        WsClient::Handlers handlers;
        handlers.message = [this](std::string_view text) { on_subscriber_message(text); };
        handlers.failed = [this](const std::string& why) {
            if (phase_ != Phase::Done)
                fail("a subscriber's connection failed: " + why);
        };
        subscribers_.push_back(std::make_shared<WsClient>(io_, std::move(handlers)));
        subscribers_.back()->connect(options_.server, "/ws");
    }

    void on_subscriber_message(std::string_view text) {
        const auto message = scan_server_message(text);
        if (!message)
            return;
        if (message->type == "welcome") {
            open_subscriber();
            if (++welcomed_ == options_.subscribers)
                subscribe_all(Phase::Shared);
            return;
        }
        if (message->type == "lobby_changes") {
            if (phase_ == Phase::Changes) {
                ++result_.pushes;
                result_.push_bytes += text.size();
            }
            return;
        }
        if (message->type == "error")
            return fail("lobby_subscribe refused: " + std::string(message->code) +
                        " (raise lobby_requests_burst)");
        if (message->type != "lobby")
            return;
        if (phase_ == Phase::Shared && message->id == 1) {
            result_.page_bytes = text.size();
            ++result_.subscribers;
        }
        if (++answered_ < options_.subscribers)
            return;
        const auto cpu = obs::cpu_time(options_.server_pid);
        const auto cpu_used = cpu && cpu_start_ ? std::optional(*cpu - *cpu_start_) : std::nullopt;
        if (phase_ == Phase::Shared) {
            result_.shared_cpu = cpu_used;
            result_.shared_wall = lobby_elapsed(phase_start_);
            subscribe_all(Phase::Filtered);
        } else if (phase_ == Phase::Filtered) {
            result_.filtered_cpu = cpu_used;
            result_.filtered_wall = lobby_elapsed(phase_start_);
            subscribe_all(Phase::Settle);
        } else if (phase_ == Phase::Settle) {
            start_changes();
        }
    }

    // Every subscriber sends its lobby_subscribe at once: without a filter, or (Filtered) with
    // a rating bound of its own that every guest's 1500 passes.
    void subscribe_all(Phase phase) {
        phase_ = phase;
        arm_guard("waiting for the subscribes");
        answered_ = 0;
        cpu_start_ = obs::cpu_time(options_.server_pid);
        phase_start_ = LobbyClock::now();
        const std::int64_t id = phase == Phase::Shared ? 1 : phase == Phase::Filtered ? 2 : 3;
        for (std::size_t i = 0; i < subscribers_.size(); ++i)
            subscribers_[i]->send(subscribe_request(
                id, phase == Phase::Filtered ? std::optional(static_cast<int>(i % 1500))
                                             : std::nullopt));
    }

    // --- 3. the changes -----------------------------------------------------------------------
    void open_churn() {
        auto churn = std::make_shared<Churn>();
        WsClient::Handlers handlers;
        handlers.message = [this, weak = std::weak_ptr<Churn>(churn)](std::string_view text) {
            const auto self = weak.lock();
            const auto message = scan_server_message(text);
            if (!self || !message)
                return;
            if (message->type == "welcome") {
                self->ready = true;
            } else if (message->type == "table_created") {
                // A creation listed; now its cancellation.
                std::string cancel = R"({"t":"cancel","id":)";
                cancel += std::to_string(self->next_id++);
                cancel += R"(,"table":")";
                cancel += message->code;
                cancel += "\"}";
                self->client->send(std::move(cancel));
            } else if (message->type == "ok") {
                if (phase_ == Phase::Changes)
                    result_.changes += 2;
                self->busy = false;
            } else if (message->type == "error") {
                fail("a change was refused: " + std::string(message->code));
            }
        };
        handlers.failed = [this](const std::string& why) {
            if (phase_ != Phase::Done)
                fail("a churning guest's connection failed: " + why);
        };
        churn->client = std::make_shared<WsClient>(io_, std::move(handlers));
        churn->client->connect(options_.server, "/ws");
        churn_.push_back(std::move(churn));
    }

    void start_changes() {
        phase_ = Phase::Changes;
        guard_.cancel();
        cpu_start_ = obs::cpu_time(options_.server_pid);
        phase_start_ = LobbyClock::now();
        if (options_.changes_per_second <= 0)
            return end_changes_after();
        tick();
        end_changes_after();
    }

    void end_changes_after() {
        guard_.expires_after(options_.duration);
        guard_.async_wait([this](const boost::system::error_code& ec) {
            if (ec)
                return;
            const auto cpu = obs::cpu_time(options_.server_pid);
            if (cpu && cpu_start_)
                result_.change_cpu = *cpu - *cpu_start_;
            result_.change_wall = lobby_elapsed(phase_start_);
            finish();
        });
    }

    // One creation (then its cancellation) every 2 / C seconds, by the next idle guest.
    void tick() {
        if (phase_ != Phase::Changes)
            return;
        for (const auto& churn : churn_) {
            if (!churn->ready || churn->busy)
                continue;
            churn->busy = true;
            churn->client->send(create_request(churn->next_id++));
            break;
        }
        pace_.expires_after(std::chrono::microseconds(
            static_cast<std::int64_t>(2'000'000.0 / options_.changes_per_second)));
        pace_.async_wait([this](const boost::system::error_code& ec) {
            if (!ec)
                tick();
        });
    }
};

double per_item_us(const std::optional<std::chrono::microseconds>& cpu, double items) {
    return cpu && items > 0 ? static_cast<double>(cpu->count()) / items : -1;
}

double lobby_ms(std::chrono::microseconds wall) {
    return static_cast<double>(wall.count()) / 1000.0;
}

} // namespace

void write_lobby_report(std::ostream& out, const LobbyRunOptions& options,
                        const LobbyRunResult& result) {
    const double subscribers = result.subscribers;
    const double changes = result.changes;
    const double change_seconds = static_cast<double>(result.change_wall.count()) / 1e6;
    const double shared = per_item_us(result.shared_cpu, subscribers);
    const double filtered = per_item_us(result.filtered_cpu, subscribers);
    const double per_change = per_item_us(result.change_cpu, changes);
    const double core =
        result.change_cpu && change_seconds > 0
            ? 100.0 * static_cast<double>(result.change_cpu->count()) / 1e6 / change_seconds
            : -1;
    const double pushes_each = subscribers > 0 && change_seconds > 0
                                   ? static_cast<double>(result.pushes) / subscribers /
                                         change_seconds
                                   : 0.0;
    out << std::fixed << std::setprecision(1);
    out << "lobby: " << result.tables << " public tables listed, " << result.subscribers
        << " subscribers\n";
    out << "subscribe (one shared page): " << result.page_bytes << " bytes, server CPU " << shared
        << " us each; all " << result.subscribers << " answered in "
        << lobby_ms(result.shared_wall) << " ms\n";
    out << "subscribe (a filter each): server CPU " << filtered << " us each; all answered in "
        << lobby_ms(result.filtered_wall) << " ms\n";
    out << "changes: " << result.changes << " in " << change_seconds << " s (asked "
        << options.changes_per_second << "/s), server CPU " << per_change << " us a change, "
        << core << " % of a core; " << result.pushes << " pushes to the subscribers ("
        << pushes_each << " a second each, " << result.push_bytes << " bytes in all)\n";
    if (!result.error.empty())
        out << "not finished: " << result.error << "\n";
    out << "RESULT lobby_tables=" << result.tables << " subscribers=" << result.subscribers
        << " page_bytes=" << result.page_bytes << " subscribe_cpu_us=" << shared
        << " filtered_subscribe_cpu_us=" << filtered << " changes=" << result.changes
        << " change_cpu_us=" << per_change << " change_core_percent=" << core
        << " pushes=" << result.pushes << std::endl;
}

LobbyRunResult run_lobby(const LobbyRunOptions& options) {
    LobbyRunResult result;
    LobbyRun(options, result).run();
    return result;
}

} // namespace loadtest
