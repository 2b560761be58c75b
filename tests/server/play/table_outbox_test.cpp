// The order rules of a table's outbox and audience (server/play/table_outbox.h), without a
// table, a strand or storage.

#include "server/play/table_outbox.h"

#include <memory>
#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace {

using server::play::Audience;
using server::play::OutgoingPtr;
using server::play::TableOutbox;

class Inbox final : public server::net::Connection {
public:
    explicit Inbox(server::net::ConnectionId id) : id_(id) {}
    server::net::ConnectionId id() const override { return id_; }
    void send(std::shared_ptr<const std::string> message) override { got.push_back(*message); }
    void close(server::net::CloseCode, std::string) override {}
    const std::string& remote_address() const override { return none_; }
    const std::string& origin() const override { return none_; }
    std::optional<std::chrono::microseconds> round_trip() const override { return {}; }
    std::shared_ptr<const server::auth::Principal> principal() const override { return {}; }
    void set_principal(std::shared_ptr<const server::auth::Principal>) override {}
    std::vector<std::string> got;

private:
    server::net::ConnectionId id_;
    std::string none_;
};

std::shared_ptr<const std::string> outbox_text(const std::string& s) {
    return std::make_shared<const std::string>(s);
}

struct Room {
    std::shared_ptr<Inbox> ann = std::make_shared<Inbox>(1);
    std::shared_ptr<Inbox> ben = std::make_shared<Inbox>(2);
    Audience audience;
    TableOutbox outbox;
    std::vector<std::uint64_t> released;
    Room() {
        audience.add(ann, "ann");
        audience.add(ben, "ben");
    }
    void flush() {
        outbox.flush(audience, [&](const OutgoingPtr& item) { released.push_back(item->version); });
    }
};

TEST_CASE("an event that waits for storage holds back everything queued after it") {
    Room r;
    r.outbox.queue_event(outbox_text("e1"), true, 1);
    const auto move = r.outbox.queue_event(outbox_text("e2"), false, 2);
    r.outbox.queue_reply(r.ann, outbox_text("reply"));
    r.outbox.queue_event(outbox_text("e3"), true, 3);
    r.flush();
    CHECK(r.ann->got == std::vector<std::string>{"e1"});
    CHECK(r.ben->got == std::vector<std::string>{"e1"});
    CHECK(r.outbox.released_version() == 1);
    move->ready = true;
    r.flush();
    CHECK(r.ann->got == std::vector<std::string>{"e1", "e2", "reply", "e3"});
    CHECK(r.ben->got == std::vector<std::string>{"e1", "e2", "e3"});
    CHECK(r.released == std::vector<std::uint64_t>{1, 2, 3});
    CHECK(r.outbox.released_version() == 3);
}

TEST_CASE("the mover gets its own copy of its move, also from outside the audience") {
    Room r;
    auto stranger = std::make_shared<Inbox>(3); // a seat's connection not resynced yet
    const auto move = r.outbox.queue_event(outbox_text("move"), true, 7);
    move->mover = r.ann;
    move->mover_text = outbox_text("move+id");
    r.flush();
    CHECK(r.ann->got == std::vector<std::string>{"move+id"});
    CHECK(r.ben->got == std::vector<std::string>{"move"});
    const auto other = r.outbox.queue_event(outbox_text("move2"), true, 8);
    other->mover = stranger;
    other->mover_text = outbox_text("move2+id");
    r.flush();
    CHECK(stranger->got == std::vector<std::string>{"move2+id"});
    CHECK(r.ann->got.back() == "move2");
}

TEST_CASE("a reply queued before a mark goes ahead of what was queued since") {
    Room r;
    const auto mark = r.outbox.mark();
    r.outbox.queue_event(outbox_text("seated"), true, 4);
    r.outbox.reply_before(mark, r.ben, outbox_text("state"));
    r.flush();
    CHECK(r.ben->got == std::vector<std::string>{"state", "seated"});
    CHECK(r.ann->got == std::vector<std::string>{"seated"});
}

TEST_CASE("withdrawn items are never sent and free the queue behind them") {
    Room r;
    const auto move = r.outbox.queue_event(outbox_text("move"), false, 5);
    const auto caused = r.outbox.queue_event(outbox_text("ended"), false, 6);
    r.outbox.queue_reply(r.ann, outbox_text("error"));
    CHECK(r.outbox.queued_event(6) == caused);
    r.outbox.withdraw({move, caused});
    CHECK(r.outbox.queued_event(5) == nullptr);
    r.flush();
    CHECK(r.ann->got == std::vector<std::string>{"error"});
    CHECK(r.ben->got.empty());
    CHECK(r.outbox.released_version() == 0);
}

TEST_CASE("the audience knows each player's connections") {
    Room r;
    auto ann_phone = std::make_shared<Inbox>(4);
    r.audience.add(ann_phone, "ann");
    CHECK(r.audience.remove(1) == std::optional<std::string>("ann"));
    CHECK(r.audience.has_connection_of("ann")); // her second connection
    CHECK_FALSE(r.audience.remove(1));          // already gone
    CHECK(r.audience.remove(4) == std::optional<std::string>("ann"));
    CHECK_FALSE(r.audience.has_connection_of("ann"));
    CHECK(r.audience.contains(2));
    CHECK_FALSE(r.audience.empty());
}

} // namespace
