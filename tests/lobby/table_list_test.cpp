// The lobby's table list at the size of a site (lobby/table_list.h): filters, pages and
// cursors, the batches of changes, the bound per address and a gone host's tables unlisted.
#include "lobby/table_list.h"
#include "table_fixture.h"

#include <string>

#include <doctest/doctest.h>

using namespace lobby;
using namespace lobby::testing;
using namespace std::chrono_literals;

namespace {

using Change = TableListChanged::Change;

TableSummary open_table(const std::string& code, const Player& host,
                        rules::VariantId variant = rules::VariantId::Chess,
                        TimeControl control = fischer(5min, 3s), bool rated = false) {
    TableSummary summary{.code = code,
                         .setup = {.variant = variant, .time_control = control, .rated = rated},
                         .host = host};
    summary.seats = {host, std::nullopt};
    return summary;
}

TableSummary started(TableSummary summary, const Player& second) {
    summary.seats[1] = second;
    summary.status = TableStatus::Playing;
    return summary;
}

std::vector<std::string> codes(const ListPage& page) {
    std::vector<std::string> out;
    for (const auto* table : page.tables)
        out.push_back(table->code);
    return out;
}

std::vector<std::string> codes(const std::vector<TableSummary>& tables) {
    std::vector<std::string> out;
    for (const auto& table : tables)
        out.push_back(table.code);
    return out;
}

// `n` open tables T0, T1, ... hosted by h0, h1, ...
TableList with_open_tables(int n, ListLimits limits = {}) {
    TableList list(limits);
    for (int i = 0; i < n; ++i) {
        std::string code = "T";
        std::string host = "h";
        code += std::to_string(i);
        host += std::to_string(i);
        list.apply({Change::Created, open_table(code, player(host))});
    }
    return list;
}

} // namespace

TEST_CASE("table list: pages go oldest first, a cursor leads to the next page") {
    auto list = with_open_tables(5);
    const auto first = list.page(ListKind::Open, {}, std::nullopt, 2);
    CHECK(codes(first) == std::vector<std::string>{"T0", "T1"});
    CHECK(first.total == 5);
    REQUIRE(first.cursor);
    const auto second = list.page(ListKind::Open, {}, first.cursor, 2);
    CHECK(codes(second) == std::vector<std::string>{"T2", "T3"});
    const auto last = list.page(ListKind::Open, {}, second.cursor, 2);
    CHECK(codes(last) == std::vector<std::string>{"T4"});
    CHECK_FALSE(last.cursor);
    // A page that ends exactly at the last table has no cursor either.
    CHECK_FALSE(list.page(ListKind::Open, {}, first.cursor, 3).cursor);
}

TEST_CASE("table list: a table gone between two pages shifts nothing that follows") {
    auto list = with_open_tables(4);
    const auto first = list.page(ListKind::Open, {}, std::nullopt, 2);
    list.apply({Change::Gone, open_table("T0", player("h0"))});
    list.apply({Change::Created, open_table("T9", player("h9"))});
    const auto next = list.page(ListKind::Open, {}, first.cursor, 10);
    CHECK(codes(next) == std::vector<std::string>{"T2", "T3", "T9"});
    CHECK(next.total == 4);
}

TEST_CASE("table list: a filter chooses variants, speeds, rated and the host's rating") {
    TableList list;
    list.apply({Change::Created, open_table("CHESS", player("a", 1500))});
    list.apply({Change::Created,
                open_table("DRAUGHTS", player("b", 1700), rules::VariantId::International)});
    list.apply({Change::Created, open_table("BULLET", player("c", 1900), rules::VariantId::Chess,
                                            fischer(1min, 0s))});
    list.apply({Change::Created, open_table("RATED", player("d", 2100), rules::VariantId::Chess,
                                            fischer(5min, 3s), true)});

    const auto by = [&](const ListFilter& filter) {
        return codes(list.page(ListKind::Open, filter, std::nullopt, 10));
    };
    CHECK(by({.variants = {rules::VariantId::International}}) ==
          std::vector<std::string>{"DRAUGHTS"});
    CHECK(by({.speeds = {SpeedCategory::Bullet}}) == std::vector<std::string>{"BULLET"});
    CHECK(by({.rated = true}) == std::vector<std::string>{"RATED"});
    CHECK(by({.rating_min = 1700, .rating_max = 1900}) ==
          std::vector<std::string>{"DRAUGHTS", "BULLET"});
    CHECK(by({.variants = {rules::VariantId::Chess}, .rated = false}) ==
          std::vector<std::string>{"CHESS", "BULLET"});
    const auto page = list.page(ListKind::Open, {.variants = {rules::VariantId::Chess}},
                                std::nullopt, 1);
    CHECK(codes(page) == std::vector<std::string>{"CHESS"});
    CHECK(page.total == 3);
    REQUIRE(page.cursor);
    CHECK(codes(list.page(ListKind::Open, {.variants = {rules::VariantId::Chess}}, page.cursor,
                          5)) == std::vector<std::string>{"BULLET", "RATED"});
}

TEST_CASE("table list: equal filters have one key, whatever the order of their lists") {
    const ListFilter a{.variants = {rules::VariantId::International, rules::VariantId::Chess},
                       .rated = true};
    const ListFilter b{.variants = {rules::VariantId::Chess, rules::VariantId::International,
                                    rules::VariantId::Chess},
                       .rated = true};
    CHECK(a.key() == b.key());
    CHECK(a.key() != ListFilter{.rated = true}.key());
    CHECK(ListFilter{}.key().empty());
    CHECK(ListFilter{.rating_min = 1200}.key() != ListFilter{.rating_max = 1200}.key());
}

TEST_CASE("table list: games in play are a list apart, counted in the batch") {
    auto list = with_open_tables(2);
    (void)list.take_batch();
    list.apply({Change::Started, started(open_table("T0", player("h0")), player("x"))});
    CHECK(list.count(ListKind::Open) == 1);
    CHECK(list.count(ListKind::Playing) == 1);
    CHECK(codes(list.page(ListKind::Playing, {}, std::nullopt, 10)) ==
          std::vector<std::string>{"T0"});
    const auto batch = list.take_batch();
    CHECK(batch.listed.empty());
    CHECK(codes(batch.gone) == std::vector<std::string>{"T0"}); // no longer open
    CHECK(batch.playing == 1U);
    // A game that ends leaves the count; nothing is pushed about it but the count.
    list.apply({Change::Gone, started(open_table("T0", player("h0")), player("x"))});
    const auto ended = list.take_batch();
    CHECK(ended.listed.empty());
    CHECK(ended.gone.empty());
    CHECK(ended.playing == 0U);
    CHECK(list.take_batch().empty());
}

TEST_CASE("table list: a batch holds each table once, with its last change") {
    TableList list;
    const auto host = player("h");
    list.apply({Change::Created, open_table("A", host)});
    list.apply({Change::Created, open_table("B", host)});
    list.apply({Change::Gone, open_table("B", host)});
    auto a = open_table("A", host);
    a.spectators = 3;
    list.apply({Change::SeatFreed, a});
    const auto batch = list.take_batch();
    REQUIRE(batch.listed.size() == 1);
    CHECK(batch.listed[0].code == "A");
    CHECK(batch.listed[0].spectators == 3);
    CHECK(codes(batch.gone) == std::vector<std::string>{"B"});
    CHECK_FALSE(batch.playing);
    CHECK_FALSE(list.has_changes());
    CHECK(list.take_batch().empty());
}

TEST_CASE("table list: a batch filtered keeps what the filter matches") {
    TableList list;
    list.apply({Change::Created, open_table("CHESS", player("a"))});
    list.apply({Change::Created,
                open_table("DRAUGHTS", player("b"), rules::VariantId::International)});
    list.apply({Change::Gone, open_table("DRAUGHTS", player("b"), rules::VariantId::International)});
    const auto batch = list.take_batch();
    const auto chess = TableList::filtered(batch, {.variants = {rules::VariantId::Chess}});
    CHECK(codes(chess.listed) == std::vector<std::string>{"CHESS"});
    CHECK(chess.gone.empty());
    const auto draughts =
        TableList::filtered(batch, {.variants = {rules::VariantId::International}});
    CHECK(draughts.listed.empty());
    CHECK(codes(draughts.gone) == std::vector<std::string>{"DRAUGHTS"});
    CHECK(TableList::filtered(batch, {.rated = true}).empty());
}

TEST_CASE("table list: an address holds at most so many open public tables") {
    TableList list({.max_open_per_address = 2});
    const TableSetup open_setup{};
    const TableSetup private_setup{.is_public = false};
    CHECK_FALSE(list.admit("10.0.0.1", open_setup));
    list.note_address("A", "10.0.0.1");
    list.note_address("B", "10.0.0.1");
    list.note_address("B", "10.0.0.1"); // noted once
    CHECK(list.open_from("10.0.0.1") == 2);
    const auto refused = list.admit("10.0.0.1", open_setup);
    REQUIRE(refused);
    CHECK(refused->code == errc::rate_limited);
    CHECK_FALSE(list.admit("10.0.0.2", open_setup));
    CHECK_FALSE(list.admit("10.0.0.1", private_setup));
    // A table that starts, or goes, frees its place.
    list.apply({Change::Created, open_table("A", player("g1"))});
    list.apply({Change::Started, started(open_table("A", player("g1")), player("x"))});
    CHECK(list.open_from("10.0.0.1") == 1);
    CHECK_FALSE(list.admit("10.0.0.1", open_setup));
    list.apply({Change::Gone, open_table("B", player("g2"))});
    CHECK(list.open_from("10.0.0.1") == 0);
}

TEST_CASE("table list: a gone host's open tables leave the list after the grace") {
    TableList list({.host_gone_unlist = 5s});
    const auto host = player("h");
    list.apply({Change::Created, open_table("A", host)});
    list.apply({Change::Created, open_table("B", player("other"))});
    (void)list.take_batch();
    const TimePoint t0{std::chrono::seconds(1000)};
    list.host_gone("h", t0);
    CHECK(list.next_deadline() == t0 + 5s);
    list.check_timeouts(t0 + 4999ms);
    CHECK(list.count(ListKind::Open) == 2);
    list.check_timeouts(t0 + 5s);
    CHECK_FALSE(list.next_deadline());
    CHECK(codes(list.page(ListKind::Open, {}, std::nullopt, 10)) == std::vector<std::string>{"B"});
    CHECK(codes(list.take_batch().gone) == std::vector<std::string>{"A"});
    // A change of the hidden table while the host is away stays hidden.
    auto changed = open_table("A", host);
    changed.spectators = 1;
    list.apply({Change::SeatFreed, changed});
    CHECK(list.count(ListKind::Open) == 1);
    CHECK(list.take_batch().empty());
    // The host comes back: the table is listed again, at the end.
    list.host_back("h");
    CHECK(codes(list.page(ListKind::Open, {}, std::nullopt, 10)) ==
          std::vector<std::string>{"B", "A"});
    CHECK(codes(list.take_batch().listed) == std::vector<std::string>{"A"});
}

TEST_CASE("table list: a host back within the grace is never unlisted") {
    TableList list({.host_gone_unlist = 5s});
    list.apply({Change::Created, open_table("A", player("h"))});
    (void)list.take_batch();
    const TimePoint t0{std::chrono::seconds(1000)};
    list.host_gone("h", t0);
    list.host_back("h");
    list.check_timeouts(t0 + 1min);
    CHECK(list.count(ListKind::Open) == 1);
    CHECK(list.take_batch().empty());
    // A player who hosts nothing is not remembered past the grace.
    list.host_gone("nobody", t0);
    list.check_timeouts(t0 + 5s);
    CHECK_FALSE(list.next_deadline());
}

TEST_CASE("table list: the revision moves with every change a page could show") {
    auto list = with_open_tables(1);
    const auto before = list.revision();
    auto seen = open_table("T0", player("h0"));
    seen.spectators = 2;
    list.apply({Change::SeatTaken, seen});
    CHECK(list.revision() > before);
    const auto after = list.revision();
    (void)list.take_batch();
    CHECK(list.revision() == after);
}
