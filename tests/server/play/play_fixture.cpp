#include "tests/server/play/play_fixture.h"

#include "server/accounts/ladder_outcome.h"
#include "server/http/http_types.h"
#include "server/play/account_lookup.h"
#include "server/play/ladder_games.h"
#include "storage/open.h"

#include <stdexcept>
#include <thread>

#include <doctest/doctest.h>

namespace play_test {

void MoveGate::pass(std::function<void()> write) {
    {
        const std::scoped_lock lock(mutex_);
        if (holding_) {
            held_.push_back(std::move(write));
            return;
        }
    }
    write();
}

void MoveGate::release() {
    std::vector<std::function<void()>> held;
    {
        const std::scoped_lock lock(mutex_);
        holding_ = false;
        held.swap(held_);
    }
    for (auto& write : held)
        write();
}

void GatedWriter::append_move(storage::GameId game, storage::MoveRow move,
                              storage::WriteCallback done) {
    if (gate_->take_refusal())
        return done(storage::WriteStatus{"disk I/O error (injected)"});
    auto write = [inner = inner_.get(), game, move = std::move(move),
                  done = std::move(done)]() mutable {
        inner->append_move(game, std::move(move), std::move(done));
    };
    gate_->pass(std::move(write));
}

void GatedWriter::append_leave(storage::GameId game, storage::LeaveRow leave,
                               storage::WriteCallback done) {
    if (gate_->take_refusal())
        return done(storage::WriteStatus{"disk I/O error (injected)"});
    auto write = [inner = inner_.get(), game, leave = std::move(leave),
                  done = std::move(done)]() mutable {
        inner->append_leave(game, std::move(leave), std::move(done));
    };
    gate_->pass(std::move(write));
}

PlayServer::PlayServer(const std::string& db, TestClock& clock, std::shared_ptr<Accounts> accounts,
                       std::shared_ptr<const lobby::BlockList> blocks, PlayServerOptions extra) {
    backend_ = storage::open(db);
    auto config = test::test_config(web_.web);
    config.messages_per_second = 200;
    config.burst = 200;
    app_ = std::make_unique<server::App>(config);
    server::play::PlayOptions options;
    if (extra.accounts_service) {
        server::accounts::AccountsServiceOptions service;
        service.accounts.password = {.memory_kib = 256, .passes = 1, .lanes = 1}; // fast
        service.clock = [&clock] { return clock.now(); };
        accounts_service_ = std::make_unique<server::accounts::AccountsService>(*backend_, service);
        accounts_service_->register_routes(app_->routes());
        app_->set_authenticator(accounts_service_->authenticator());
        blocks = accounts_service_->block_list();
        options.ladder = server::play::ladder_hooks(*accounts_service_);
    }
    if (accounts)
        app_->set_authenticator([accounts](const server::http::Request& request)
                                    -> std::shared_ptr<const server::auth::Principal> {
            const auto cookie = request[server::http::beast_http::field::cookie];
            const std::string text(cookie);
            if (!text.starts_with("user="))
                return nullptr;
            const auto name = text.substr(5);
            const auto found = accounts->ids.find(name);
            if (found == accounts->ids.end())
                return nullptr;
            return std::make_shared<const server::auth::Principal>(
                server::auth::Principal{.account = found->second, .display_name = name});
        });
    options.blocks = std::move(blocks);
    options.sweep = extra.sweep;
    options.computer = extra.computer;
    options.lobby_feed = extra.lobby_feed;
    options.accounts = server::play::account_lookup(*backend_);
    // As `tabula serve` makes it: a ladder game's end settles its challenge in its transaction.
    std::unique_ptr<storage::GameWriter> writer =
        backend_->game_writer(server::accounts::ladder_decider());
    if (extra.move_gate)
        writer = std::make_unique<GatedWriter>(std::move(writer), extra.move_gate);
    play_ = std::make_shared<server::play::PlayService>(app_->io_context(), clock,
                                                        std::move(writer), options);
    if (accounts_service_)
        accounts_service_->set_ladder_game_starter(
            std::make_shared<server::play::LadderGames>(play_));
    restored_ = play_->restore(backend_->game_store()->load_unfinished_games());
    app_->add_message_handler(play_);
    app_->start();
}

PlayServer::~PlayServer() {
    app_->stop(std::chrono::milliseconds(500));
    play_->stop();
    accounts_service_.reset(); // finishes its queued work while the io_context exists
    play_.reset();
    app_.reset();
}

test::HttpReply PlayServer::get(const std::string& target, const std::string& cookie) {
    return test::http_request(port(), "GET", target,
                              cookie.empty() ? std::string{} : "Cookie: " + cookie + "\r\n");
}

test::HttpReply PlayServer::post(const std::string& target, const json& body,
                                 const std::string& cookie) {
    std::string headers = "Content-Type: application/json\r\n";
    if (!cookie.empty())
        headers += "Cookie: " + cookie + "\r\n";
    return test::http_request(port(), "POST", target, headers, body.dump());
}

std::string PlayServer::register_user(const std::string& name) {
    const auto reply = post("/api/register", {{"name", name}, {"password", "correct horse"}});
    if (reply.status != 201)
        throw std::runtime_error("register " + name + ": " + reply.body);
    const auto header = reply.header("set-cookie");
    return header.substr(0, header.find(';'));
}

void PlayServer::recheck_timers() {
    play_->recheck_timers();
    // The checks run on the strands; give them a moment (bounded: they do not block).
    std::this_thread::sleep_for(100ms);
}

Client::Client(std::uint16_t port, std::string cookie)
    : ws_(test::WsOptions(port).cookie_header(std::move(cookie))) {
    const auto hello = ws_.read_json();
    if (hello.value("t", "") != "hello")
        throw std::runtime_error("expected hello, got " + hello.dump());
    welcome_ = wait_push("welcome");
}

json Client::request(json message) {
    const int id = next_id_++;
    message["id"] = id;
    ws_.send_text(message.dump());
    // A move is answered by its own table_event (docs/protocol.md 7.5), which is also an event
    // like any other: it stays for wait_event() and wait_move(), as a browser applies it.
    return find([id](const json& m) { return m.contains("id") && m["id"] == id; }, 5s,
                /*keep_events=*/true);
}

json Client::wait_for(const std::function<bool(const json&)>& match,
                      std::chrono::milliseconds timeout) {
    return find(match, timeout, /*keep_events=*/false);
}

json Client::find(const std::function<bool(const json&)>& match, std::chrono::milliseconds timeout,
                  bool keep_events) {
    const auto kept = [&](const json& m) {
        return keep_events && m.value("t", "") == "table_event";
    };
    for (auto it = kept_.begin(); it != kept_.end(); ++it)
        if (match(*it)) {
            json found = *it;
            if (!kept(found))
                kept_.erase(it);
            return found;
        }
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        const auto text = ws_.read_text(std::max(left, std::chrono::milliseconds(1)));
        if (!text)
            break;
        json message = json::parse(*text);
        if (match(message)) {
            if (kept(message))
                kept_.push_back(message);
            return message;
        }
        kept_.push_back(std::move(message));
    }
    std::string seen;
    for (const auto& m : kept_)
        seen += m.dump().substr(0, 200) + "\n";
    throw std::runtime_error("no matching message within the deadline; kept:\n" + seen);
}

json Client::wait_event(const std::string& table, const std::string& type) {
    return wait_for([&](const json& m) {
        return m.value("t", "") == "table_event" && m.value("table", "") == table &&
               m["event"].value("type", "") == type;
    });
}

json Client::wait_move(const std::string& table, int ply) {
    return wait_for([&](const json& m) {
        return is_table_event(m, "move_played") && m.value("table", "") == table &&
               m.at("event").value("ply", -1) == ply;
    });
}

json Client::wait_push(const std::string& type) {
    return wait_for([&](const json& m) { return m.value("t", "") == type; });
}

bool Client::none_within(const std::function<bool(const json&)>& match,
                         std::chrono::milliseconds quiet) {
    try {
        wait_for(match, quiet);
        return false;
    } catch (const std::runtime_error&) {
        return true;
    }
}

std::string create_table(Client& host, json setup) {
    setup["t"] = "create_table";
    const auto reply = host.request(setup);
    REQUIRE_MESSAGE(reply["t"] == "table_created", reply.dump());
    return reply["code"].get<std::string>();
}

json join(Client& player, const std::string& code) {
    const auto reply = player.request({{"t", "join"}, {"code", code}});
    REQUIRE_MESSAGE(reply["t"] == "table", reply.dump());
    return reply;
}

std::string seat_by_name(std::uint16_t port, const std::vector<std::string>& names, json setup,
                         Seats& seats) {
    Seats clients;
    for (const auto& name : names)
        clients.push_back(std::make_unique<Client>(port, "user=" + name));
    const auto code = create_table(*clients[0], std::move(setup));
    for (std::size_t i = 1; i < clients.size(); ++i)
        join(*clients[i], code);
    seats.clear();
    seats.resize(clients.size());
    for (auto& client : clients) {
        client->wait_event(code, "game_started");
        const auto you = join(*client, code).at("you");
        REQUIRE(you.is_number_integer());
        seats[you.get<std::size_t>()] = std::move(client);
    }
    return code;
}

void move(Client& player, const std::string& table, int ply, const std::string& notation) {
    const auto reply =
        player.request({{"t", "move"}, {"table", table}, {"ply", ply}, {"move", notation}});
    const std::string why = notation + ": " + reply.dump().substr(0, 300);
    // Answered by the move's own event, carrying the request's id.
    REQUIRE_MESSAGE(is_table_event(reply, "move_played"), why);
    REQUIRE_MESSAGE(reply.at("event").value("ply", -1) == ply, why);
}

FreshServer::FreshServer(std::shared_ptr<Accounts> accounts,
                         std::shared_ptr<const lobby::BlockList> blocks, PlayServerOptions options,
                         std::unique_ptr<test_db::TestDatabase> given)
    : database(std::move(given)), server(database->location(), clock, std::move(accounts),
                                         std::move(blocks), std::move(options)) {
}

void FreshServer::pass_time(lobby::Millis by) {
    clock.advance(by);
    server.recheck_timers();
}

std::shared_ptr<Accounts> create_accounts(const std::string& db,
                                          const std::vector<std::string>& names) {
    const auto backend = storage::open(db);
    auto users = backend->user_store();
    auto accounts = std::make_shared<Accounts>();
    const auto now = lobby::TimePoint{lobby::Millis{1'700'000'000'000}};
    for (const auto& name : names) {
        const auto created = users->create_user(name, "hash", now);
        REQUIRE_MESSAGE(created.has_value(), ("cannot create the account " + name));
        accounts->ids[name] = *created;
    }
    return accounts;
}

bool is_table_event(const json& message, const std::string& type) {
    if (message.value("t", "") != "table_event")
        return false;
    const auto event = message.find("event");
    return event != message.end() && event->is_object() && event->value("type", "") == type;
}

json fischer_ms(std::int64_t base_ms, std::int64_t increment_ms) {
    return json{{"base_ms", base_ms}, {"increment_ms", increment_ms}};
}

json private_setup(const std::string& variant, const json& time) {
    json setup{{"variant", variant}, {"color", "white"}, {"private", true}};
    if (!time.is_null())
        setup["time"] = time;
    return setup;
}

std::string start_table(Client& white, Client& black, const json& setup) {
    const auto code = create_table(white, setup);
    join(black, code);
    white.wait_event(code, "game_started");
    black.wait_event(code, "game_started");
    return code;
}

void play_moves(Client& white, Client& black, const std::string& table,
                const std::vector<std::string>& moves, int first_ply) {
    int ply = first_ply;
    for (const auto& notation : moves) {
        move(ply % 2 == 0 ? white : black, table, ply, notation);
        ++ply;
    }
}

SentChallenge challenge(Client& from, Client& to, json setup) {
    setup["t"] = "challenge";
    setup["to"] = to.id();
    const auto sent = from.request(setup);
    REQUIRE_MESSAGE(sent.value("t", "") == "challenge_sent", sent.dump());
    SentChallenge result;
    result.id = sent.at("challenge").get<std::int64_t>();
    result.issued = to.wait_push("challenge");
    return result;
}

} // namespace play_test
