// Bad input over the protocol: malformed, out of turn, replayed, oversized. Each gets its
// error code (or, for a resent move, a duplicate success) and the table does not change.
#include "storage/sqlite/connection.h"
#include "tests/server/play/play_fixture.h"

#include <doctest/doctest.h>

using namespace play_test;

namespace {

struct Case {
    const char* what;
    Client* from;
    json message;
    const char* code; // expected "code" of the error, or "ok"
};

} // namespace

TEST_CASE_FIXTURE(
    TwoGuests,
    "malformed, out-of-turn, replayed and oversized inputs are refused and change nothing") {
    Client stranger(server.port());
    const auto code = start_table(white, black, private_setup("chess"));
    play_moves(white, black, code, {"e4", "e5"});
    const auto before = white.request({{"t", "resync"}, {"table", code}, {"since", 0}});
    REQUIRE(before["t"] == "resynced");
    const auto version = before["version"].get<std::uint64_t>();
    white.forget();

    const std::string long_text(401, 'x');
    const std::vector<Case> cases = {
        {"move without table", &white, {{"t", "move"}, {"ply", 2}, {"move", "Nf3"}}, "bad_message"},
        {"table is a number",
         &white,
         {{"t", "move"}, {"table", 7}, {"ply", 2}, {"move", "Nf3"}},
         "bad_message"},
        {"ply is a string",
         &white,
         {{"t", "move"}, {"table", code}, {"ply", "2"}, {"move", "Nf3"}},
         "bad_message"},
        {"move missing", &white, {{"t", "move"}, {"table", code}, {"ply", 2}}, "bad_message"},
        {"negative ply",
         &white,
         {{"t", "move"}, {"table", code}, {"ply", -1}, {"move", "Nf3"}},
         "bad_message"},
        {"move is an object",
         &white,
         {{"t", "move"}, {"table", code}, {"ply", 2}, {"move", json::object()}},
         "bad_message"},
        {"unknown table",
         &white,
         {{"t", "move"}, {"table", "ZZZZZZ"}, {"ply", 2}, {"move", "Nf3"}},
         "bad_join_code"},
        {"out of turn",
         &black,
         {{"t", "move"}, {"table", code}, {"ply", 2}, {"move", "Nf6"}},
         "not_your_turn"},
        {"stale ply",
         &white,
         {{"t", "move"}, {"table", code}, {"ply", 0}, {"move", "d4"}},
         "stale_ply"},
        {"illegal move",
         &white,
         {{"t", "move"}, {"table", code}, {"ply", 2}, {"move", "e2e5"}},
         "illegal_move"},
        {"gibberish move",
         &white,
         {{"t", "move"}, {"table", code}, {"ply", 2}, {"move", "zz9"}},
         "illegal_move"},
        {"replayed move",
         &black,
         {{"t", "move"}, {"table", code}, {"ply", 1}, {"move", "e5"}},
         "ok"},
        {"stranger moves",
         &stranger,
         {{"t", "move"}, {"table", code}, {"ply", 2}, {"move", "Nf3"}},
         "not_seated"},
        {"full table", &stranger, {{"t", "join"}, {"code", code}}, "table_full"},
        {"look-alike code", &stranger, {{"t", "join"}, {"code", "0OIL11"}}, "bad_join_code"},
        {"join without code", &stranger, {{"t", "join"}}, "bad_message"},
        {"unknown variant", &stranger, {{"t", "create_table"}, {"variant", "go"}}, "bad_setup"},
        {"time as text", &stranger, {{"t", "create_table"}, {"time", "5+3"}}, "bad_message"},
        {"resync from -1",
         &white,
         {{"t", "resync"}, {"table", code}, {"since", -1}},
         "bad_message"},
        {"accept no offer", &white, {{"t", "accept_draw"}, {"table", code}}, "nothing_to_accept"},
        {"decline no takeback",
         &white,
         {{"t", "decline_takeback"}, {"table", code}},
         "nothing_to_accept"},
        {"abort too late", &white, {{"t", "abort"}, {"table", code}}, "not_allowed"},
        {"claim while present", &white, {{"t", "claim_win"}, {"table", code}}, "not_allowed"},
        {"empty chat", &white, {{"t", "chat"}, {"table", code}, {"text", ""}}, "empty_message"},
        {"long chat",
         &white,
         {{"t", "chat"}, {"table", code}, {"text", long_text}},
         "message_too_long"},
        {"no such challenge",
         &white,
         {{"t", "accept_challenge"}, {"challenge", 999}},
         "no_such_challenge"},
        {"challenge id as text",
         &white,
         {{"t", "accept_challenge"}, {"challenge", "1"}},
         "bad_message"},
        {"bad decline reason",
         &white,
         {{"t", "decline_challenge"}, {"challenge", 1}, {"reason", "bored"}},
         "bad_message"},
        {"unknown token", &stranger, {{"t", "identify"}, {"token", "abc"}}, "not_allowed"},
        {"challenge oneself", &white, {{"t", "challenge"}, {"to", white.id()}}, "not_allowed"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.what);
        const auto reply = c.from->request(c.message);
        if (std::string(c.code) == "ok") {
            CHECK(reply["t"] == "ok");
            CHECK(reply["duplicate"] == true);
        } else {
            CHECK(reply["t"] == "error");
            CHECK(reply["code"] == c.code);
            CHECK_FALSE(reply["message"].get<std::string>().empty());
        }
    }

    // Frames the server itself refuses, before the game service sees them.
    white.send_raw("this is not json");
    CHECK(white.wait_push("error")["code"] == "bad_json");
    white.send_raw(R"({"t":"fly","id":"x"})");
    CHECK(white.wait_push("error")["code"] == "unknown_type");
    white.send_raw(R"({"t":"chat","table":")" + code + R"(","text":")" + std::string(5000, 'y') +
                   R"("})");
    CHECK(white.wait_push("error")["code"] == "message_too_large");

    // Nothing happened at the table: no event, the same version, still White's move 2.
    const auto after = white.request({{"t", "resync"}, {"table", code}, {"since", version}});
    CHECK(after["t"] == "resynced");
    CHECK(after["version"] == version);
    CHECK(after["missed"] == 0);
    move(white, code, 2, "Nf3");
}

namespace {

// White challenges an account that does not exist: an answer that needs an account lookup.
json challenge_nobody(Client& from) {
    return from.request({{"t", "challenge"},
                         {"to", "nobody-here"},
                         {"variant", "chess"},
                         {"time", {{"base_ms", 60000}}}});
}

} // namespace

TEST_CASE_FIXTURE(TwoGuests,
                  "a lobby request that fails on the database is answered, and play goes on") {
    const auto code = start_table(white, black, private_setup("chess"));
    play_moves(white, black, code, {"e4", "e5"});
    const auto refused = challenge_nobody(white);
    REQUIRE(refused.value("t", "") == "error");
    REQUIRE(refused.value("code", "") != "internal_error");
    // The accounts table goes away under the server, as a broken database would lose it; the
    // game writer does not read it.
    storage::sqlite::Connection raw(database->location(), storage::sqlite::OpenOptions{});
    raw.exec("ALTER TABLE users RENAME TO users_away");
    const auto failed = challenge_nobody(white);
    CHECK(failed.value("t", "") == "error");
    CHECK(failed.value("code", "") == "internal_error");
    // The connection and its table go on.
    play_moves(white, black, code, {"Nf3", "Nc6"}, 2);
    // Once the table is back, the lookups answer again (the store that failed was dropped).
    raw.exec("ALTER TABLE users_away RENAME TO users");
    CHECK(challenge_nobody(white).value("code", "") == refused.value("code", ""));
}

TEST_CASE_FIXTURE(TwoGuests, "the lobby's account lookups keep their SQLite connection between "
                             "questions: they answer after the file is moved away") {
    const auto refused = challenge_nobody(white);
    REQUIRE(refused.value("t", "") == "error");
    REQUIRE(refused.value("code", "") != "internal_error");
    // A lookup that opened a connection now would open a new, empty file and fail.
    const std::filesystem::path db = database->location();
    for (const char* suffix : {"", "-wal", "-shm"}) {
        const std::filesystem::path file = db.string() + suffix;
        if (std::filesystem::exists(file))
            std::filesystem::rename(file, db.parent_path() / (std::string("moved.db") + suffix));
    }
    for (int i = 0; i < 3; ++i)
        CHECK(challenge_nobody(white).value("code", "") == refused.value("code", ""));
}
