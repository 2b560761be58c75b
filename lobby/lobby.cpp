#include "lobby/lobby.h"

#include <algorithm>

namespace lobby {

namespace {

using Change = TableListChanged::Change;

bool listed_status(TableStatus s) {
    return s == TableStatus::Waiting || s == TableStatus::Playing;
}

std::size_t seats_taken(const TableSummary& s) {
    return static_cast<std::size_t>(
        std::count_if(s.seats.begin(), s.seats.end(), [](const auto& seat) { return seat; }));
}

} // namespace

Lobby::Lobby(RandomSource& random, const BlockList* blocks, LobbyListener* listener,
             LobbyLimits limits)
    : random_(random), blocks_(blocks), listener_(listener), limits_(limits),
      seeks_(limits.seek_range, blocks), challenges_(limits.challenges),
      group_challenges_(limits.challenges) {
}

void Lobby::emit(std::vector<PlayerId> to, LobbyEventBody body) {
    if (listener_)
        listener_->on_lobby_event(LobbyEvent{std::move(to), std::move(body)});
}

bool Lobby::blocked(const PlayerId& a, const PlayerId& b) const {
    return blocks_ && blocks_->either_blocks(a, b);
}

// --- tables -----------------------------------------------------------------------------------

rules::Result<std::string> Lobby::open_table(const Player& host, const TableSetup& setup) {
    if (auto error = validate_game(setup))
        return *error;
    if (setup.rated && !host.registered())
        return refuse(errc::not_allowed, "rated games are for registered players");
    const auto waiting = std::count_if(tables_.begin(), tables_.end(), [&](const auto& entry) {
        return entry.second.host.id == host.id && entry.second.status == TableStatus::Waiting;
    });
    if (static_cast<std::size_t>(waiting) >= limits_.max_waiting_tables_per_host)
        return refuse(errc::rate_limited, "you already have open tables waiting for players");
    std::string code = codes_.issue(random_);
    tables_.emplace(code, TableSummary{.code = code, .setup = setup, .host = host});
    return code;
}

rules::Result<std::string> Lobby::open_arranged_table(const Player& host, const TableSetup& setup) {
    if (auto error = validate_game(setup))
        return *error;
    std::string code = codes_.issue(random_);
    tables_.emplace(code, TableSummary{.code = code, .setup = setup, .host = host});
    return code;
}

void Lobby::table_changed(const TableSummary& summary) {
    const auto it = tables_.find(summary.code);
    if (it == tables_.end())
        return; // gone already, or never ours
    const TableSummary before = std::exchange(it->second, summary);
    if (!summary.setup.is_public)
        return;
    const bool was_listed = listed_.contains(summary.code);
    if (!listed_status(summary.status)) {
        if (was_listed) {
            listed_.erase(summary.code);
            emit({}, TableListChanged{Change::Gone, summary});
        }
        return;
    }
    if (!was_listed) {
        listed_.insert(summary.code);
        emit({}, TableListChanged{summary.status == TableStatus::Waiting ? Change::Created
                                                                         : Change::Started,
                                  summary});
        return;
    }
    if (before.status != TableStatus::Playing && summary.status == TableStatus::Playing)
        emit({}, TableListChanged{Change::Started, summary});
    else if (seats_taken(summary) > seats_taken(before))
        emit({}, TableListChanged{Change::SeatTaken, summary});
    else if (seats_taken(summary) < seats_taken(before))
        emit({}, TableListChanged{Change::SeatFreed, summary});
}

void Lobby::table_gone(const std::string& code) {
    const auto it = tables_.find(code);
    if (it == tables_.end())
        return;
    const TableSummary last = it->second;
    tables_.erase(it);
    codes_.release(code);
    if (listed_.erase(code) > 0)
        emit({}, TableListChanged{Change::Gone, last});
}

bool Lobby::adopt_table(const TableSummary& summary) {
    if (!codes_.reserve(summary.code))
        return false;
    tables_.emplace(
        summary.code,
        TableSummary{.code = summary.code, .setup = summary.setup, .host = summary.host});
    table_changed(summary);
    return true;
}

rules::Result<std::string> Lobby::find_by_code(std::string_view typed) const {
    auto code = normalize_join_code(typed);
    if (!code)
        return code.error();
    if (!tables_.contains(code.value()))
        return refuse(errc::bad_join_code, "no table has this code");
    return code;
}

std::optional<TableSummary> Lobby::summary(const std::string& code) const {
    const auto it = tables_.find(code);
    if (it == tables_.end())
        return std::nullopt;
    return it->second;
}

std::vector<TableSummary> Lobby::public_tables() const {
    std::vector<TableSummary> list;
    for (const auto& code : listed_)
        list.push_back(tables_.at(code));
    return list;
}

// --- cool-down --------------------------------------------------------------------------------

void Lobby::record_no_start(const PlayerId& player, TimePoint now) {
    cooldown_until_[player] = now + limits_.no_start_cooldown;
    seeks_.remove(player);
}

std::optional<Millis> Lobby::cooldown_left(const PlayerId& player, TimePoint now) const {
    const auto it = cooldown_until_.find(player);
    if (it == cooldown_until_.end() || it->second <= now)
        return std::nullopt;
    return it->second - now;
}

// --- auto-match -------------------------------------------------------------------------------

rules::Result<std::optional<Match>> Lobby::seek(const Player& player, const SeekPool& pool,
                                                TimePoint now) {
    const TableSetup setup{.variant = pool.variant,
                           .time_control = pool.time_control,
                           .rated = pool.rated,
                           .is_public = false};
    if (auto error = validate_for_two(setup))
        return *error;
    if (auto error = check_seeker(player, pool, now))
        return *error;
    const auto pair = seeks_.add(player, pool, now);
    if (!pair)
        return std::optional<Match>{};
    Match match = make_match(pair->first, pair->second, setup, false);
    emit({match.white.id, match.black.id}, SeekMatched{match});
    return std::optional<Match>{match};
}

// What a seeker needs whatever the pool: an account for rated pools, no cool-down.
Refusal Lobby::check_seeker(const Player& player, const SeekPool& pool, TimePoint now) const {
    if (pool.rated && !player.registered())
        return refuse(errc::not_allowed, "rated games are for registered players; log in");
    if (const auto left = cooldown_left(player.id, now)) {
        const auto seconds = (*left + Millis{999}) / Millis{1000};
        return refuse(errc::cooldown, "You did not start your previous game. Please wait " +
                                          std::to_string(seconds) + " seconds");
    }
    return std::nullopt;
}

bool Lobby::cancel_seek(const PlayerId& player) {
    return seeks_.remove(player);
}

// Reserves a code and decides the colours: `a`'s choice from the setup, or at random.
Match Lobby::make_match(const Player& a, const Player& b, TableSetup setup, bool a_chooses) {
    bool a_white = random_.below(2) == 0;
    if (a_chooses && setup.color == ColorChoice::White)
        a_white = true;
    if (a_chooses && setup.color == ColorChoice::Black)
        a_white = false;
    setup.color = ColorChoice::White; // the host of the new table is White
    Match match{.table_code = codes_.issue(random_),
                .setup = setup,
                .white = a_white ? a : b,
                .black = a_white ? b : a};
    tables_.emplace(match.table_code,
                    TableSummary{.code = match.table_code,
                                 .setup = setup,
                                 .host = match.white,
                                 .seats = {match.white, match.black},
                                 .status = TableStatus::Playing}); // both seated at once
    return match;
}

} // namespace lobby
