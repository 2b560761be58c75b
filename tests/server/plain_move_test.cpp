// protocol/plain_move.h: a text read_plain_move() accepts gives exactly the request the normal
// way gives (parse_envelope, then parse_request); everything else is left to the normal way.
#include "server/protocol/plain_move.h"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

using namespace server::protocol;

namespace {

// The request the normal way reads, if it reads one without an error.
std::optional<Request> read_normally(std::string_view text) {
    auto envelope = parse_envelope(text);
    if (!std::holds_alternative<Envelope>(envelope))
        return std::nullopt;
    auto parsed = parse_request(std::get<Envelope>(envelope));
    if (!parsed || !std::holds_alternative<Request>(*parsed))
        return std::nullopt;
    return std::get<Request>(std::move(*parsed));
}

// Both ways agree: either the plain reader declines, or it gives the normal way's request.
void check_agrees(std::string_view text) {
    CAPTURE(text);
    const auto plain = read_plain_move(text);
    if (!plain)
        return;
    const auto normal = read_normally(text);
    REQUIRE(normal.has_value());
    CHECK(plain->id == normal->id);
    CHECK(plain->id.type() == normal->id.type());
    const auto* plain_table = std::get_if<TableRequest>(&plain->body);
    const auto* normal_table = std::get_if<TableRequest>(&normal->body);
    REQUIRE(plain_table);
    REQUIRE(normal_table);
    CHECK(plain_table->table == normal_table->table);
    const auto* plain_move = std::get_if<Move>(&plain_table->body);
    const auto* normal_move = std::get_if<Move>(&normal_table->body);
    REQUIRE(plain_move);
    REQUIRE(normal_move);
    CHECK(plain_move->ply == normal_move->ply);
    CHECK(plain_move->move == normal_move->move);
}

} // namespace

TEST_CASE("plain move: the client's move reads straight into its request") {
    const auto request = read_plain_move(R"({"t":"move","id":7,"table":"K7QFZP","ply":12,"move":"e2e4"})");
    REQUIRE(request);
    CHECK(request->id == 7);
    const auto& table = std::get<TableRequest>(request->body);
    CHECK(table.table == "K7QFZP");
    CHECK(std::get<Move>(table.body).ply == 12);
    CHECK(std::get<Move>(table.body).move == "e2e4");

    for (const std::string_view text : {
             R"({"t":"move","id":7,"table":"K7QFZP","ply":12,"move":"e2e4"})",
             R"({"move":"Nf3","ply":0,"table":"/t/K7QFZP","t":"move"})",     // any order, no id
             R"( { "t" : "move" , "id" : "a-7" , "table" : "K7" , "ply" : 100000 , "move" : "28x19x10" } )",
             "{\"t\":\"move\",\r\n\t\"table\":\"K7\",\"ply\":3,\"move\":\"e8=Q+\"}\n",
             R"({"t":"move","id":0,"table":"","ply":0,"move":""})",           // empty strings too
             R"({"t":"move","id":123456789012345678,"table":"K7","ply":1,"move":"a"})",
         }) {
        CAPTURE(text);
        CHECK(read_plain_move(text).has_value());
        check_agrees(text);
    }
    const auto string_id = read_plain_move(R"({"t":"move","id":"a-7","table":"K7","ply":1,"move":"a"})");
    REQUIRE(string_id);
    CHECK(string_id->id == "a-7");
    CHECK(read_plain_move(R"({"t":"move","table":"K7","ply":1,"move":"a"})")->id.is_null());
}

TEST_CASE("plain move: anything unusual or malformed is left to the normal reader") {
    for (const std::string_view text : {
             "",
             "[]",
             R"({"t":"chat","table":"K7","text":"hi"})",                          // another type
             R"({"t":"move","table":"K7","ply":1})",                              // no move
             R"({"t":"move","table":"K7","move":"e4"})",                          // no ply
             R"({"t":"move","ply":1,"move":"e4"})",                               // no table
             R"({"table":"K7","ply":1,"move":"e4"})",                             // no t
             R"({"t":"move","table":"K7","ply":1,"move":"e4","extra":1})",        // another key
             R"({"t":"move","table":"K7","ply":1,"ply":2,"move":"e4"})",          // a key twice
             R"({"t":"move","table":"K7","ply":-1,"move":"e4"})",                 // a sign
             R"({"t":"move","table":"K7","ply":01,"move":"e4"})",                 // a leading zero
             R"({"t":"move","table":"K7","ply":1.0,"move":"e4"})",                // a fraction
             R"({"t":"move","table":"K7","ply":1e2,"move":"e4"})",                // an exponent
             R"({"t":"move","table":"K7","ply":100001,"move":"e4"})",             // past the limit
             R"({"t":"move","table":"K7","ply":"1","move":"e4"})",                // a string ply
             R"({"t":"move","table":7,"ply":1,"move":"e4"})",                     // a number table
             R"({"t":"move","table":"K7","ply":1,"move":"e\u0034"})",             // an escape
             R"({"t":"move","table":"K7","ply":1,"move":"\"e4"})",
             "{\"t\":\"move\",\"table\":\"K7\",\"ply\":1,\"move\":\"\xc3\xa9\"}", // not ASCII
             "{\"t\":\"move\",\"table\":\"K7\",\"ply\":1,\"move\":\"a\x01\"}",    // a control
             R"({"t":"move","table":"K7","ply":1,"move":"e4"} x)",                // trailing text
             R"({"t":"move","table":"K7","ply":1,"move":"e4",})",                 // trailing comma
             R"({"t":"move","table":"K7","ply":1,"move":"e4")",                   // unclosed
             R"({"t":"move","id":null,"table":"K7","ply":1,"move":"e4"})",        // a null id
             R"({"t":"move","id":-3,"table":"K7","ply":1,"move":"e4"})",          // a negative id
             R"({"t":"move","id":1234567890123456789,"table":"K7","ply":1,"move":"e4"})",
             R"({"t":"move","table":"K7","ply":1,"move":["e4"]})",                // an array
         }) {
        CAPTURE(text);
        CHECK_FALSE(read_plain_move(text).has_value());
    }
}

TEST_CASE("plain move: whatever it accepts of mangled moves, the normal reader reads the same") {
    // Seeded mutations of real move messages: characters replaced, removed and repeated. The
    // plain reader must decline or agree; it may never read a different move.
    const std::vector<std::string> seeds = {
        R"({"t":"move","id":7,"table":"K7QFZP","ply":12,"move":"e2e4"})",
        R"({ "move" : "28x19x10", "ply" : 99, "table" : "AB12CD", "t" : "move", "id" : "x" })",
    };
    const std::string alphabet = "{}[]:,\" \\0123456789.-eE tablemovplyid\t\n";
    std::mt19937 random(20261125);
    int accepted = 0;
    for (int round = 0; round < 20000; ++round) {
        std::string text = seeds[static_cast<std::size_t>(round) % seeds.size()];
        const int edits = 1 + static_cast<int>(random() % 3);
        for (int e = 0; e < edits && !text.empty(); ++e) {
            const std::size_t at = random() % text.size();
            const char c = alphabet[random() % alphabet.size()];
            switch (random() % 3) {
            case 0: text[at] = c; break;
            case 1: text.erase(at, 1); break;
            default: text.insert(at, 1, c); break;
            }
        }
        if (read_plain_move(text))
            ++accepted;
        check_agrees(text);
    }
    CHECK(accepted > 100); // the mutations do reach the accepting side, not only refusals
}
