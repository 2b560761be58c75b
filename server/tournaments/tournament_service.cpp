#include "server/tournaments/tournament_service.h"

#include "lobby/join_codes.h"
#include "lobby/time_control.h"
#include "lobby/time_control_text.h"
#include "lobby/tournament/round_robin_record.h"
#include "lobby/tournament/scoring.h"
#include "lobby/tournament/trf.h"
#include "rules/game.h"
#include "rules/variant.h"
#include "server/log.h"
#include "server/tournaments/tournament_record.h"
#include "server/tournaments/service_lines.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <utility>

namespace server::tournaments {
namespace {

using service_lines::entry_added;
using service_lines::history_line;
using service_lines::refusal;

namespace lt = lobby::tournament;
using storage::TimePoint;
using storage::TournamentId;
using storage::UserId;

// lobby/table_events.h, GameResult::reason: the row a takeback closed (the game goes on in a
// new row at the same table, live_table_storage.cpp) and a first move not made in time.
constexpr std::string_view takeback_termination = "takeback";
constexpr std::string_view first_move_timeout = "first-move-timeout";
constexpr std::string_view default_tiebreaks = "BH-C1,BH,SB";
constexpr int swiss_max_players = 1000;
constexpr int round_robin_max_players = 64; // lobby/tournament/round_robin.h

rules::Error unknown() {
    return refusal("unknown_tournament", "there is no such tournament");
}

bool finished(const storage::TournamentRow& row) {
    return row.state == "finished" || row.state == "cancelled";
}

bool good_join_code(std::string_view code) {
    return code.size() >= 4 && code.size() <= 32 &&
           std::all_of(code.begin(), code.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
}


int active_entries(const std::vector<storage::TournamentEntryRow>& entries) {
    return static_cast<int>(std::count_if(entries.begin(), entries.end(), [](const auto& e) {
        return !e.withdrawn_from.has_value();
    }));
}

// The seat (0 White, 1 Black) to move after `moves` moves of a stored game: on a first-move
// timeout, the side that did not move (as server/accounts/ladder_outcome.cpp decides it).
std::optional<int> idle_seat(const storage::GameWithMoves& stored) {
    const auto variant = rules::variant_from_name(stored.game.variant);
    if (!variant)
        return std::nullopt;
    const auto start = rules::make_game(*variant, stored.game.start_position);
    if (!start)
        return std::nullopt;
    return (start.value()->seat_to_move() + static_cast<int>(stored.moves.size())) % 2;
}

const storage::TournamentEntryRow* entry_of(const std::vector<storage::TournamentEntryRow>& entries,
                                            UserId user) {
    for (const auto& e : entries)
        if (e.user_id == user)
            return &e;
    return nullptr;
}

bool withdrawn_by(const storage::TournamentEntryRow* e, int round) {
    return e != nullptr && e->withdrawn_from && *e->withdrawn_from <= round;
}

} // namespace

TournamentService::TournamentService(storage::TournamentStore& tournaments,
                                     storage::UserStore& users, storage::RatingStore& ratings,
                                     storage::GameStore& games, storage::LadderStore& ladders,
                                     Post post)
    : tournaments_(tournaments), users_(users), ratings_(ratings), games_(games),
      ladders_(ladders), post_(std::move(post)) {
}

bool TournamentService::on_ladder(storage::LadderId ladder, UserId user) {
    const auto rungs = ladders_.standings(ladder);
    return std::any_of(rungs.begin(), rungs.end(),
                       [user](const storage::LadderRungRow& rung) { return rung.user_id == user; });
}

void TournamentService::set_game_starter(std::shared_ptr<TournamentGameStarter> starter) {
    starter_ = std::move(starter);
}

rules::Result<TournamentId> TournamentService::create(const NewTournament& r, TimePoint now) {
    if (r.name.empty() || r.name.size() > 80 ||
        std::all_of(r.name.begin(), r.name.end(),
                    [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }))
        return refusal("bad_name", "a tournament's name has 1 to 80 characters");
    const bool round_robin = is_round_robin(r.format);
    const bool arena = r.format == arena_format;
    if (!round_robin && !arena && r.format != format::swiss)
        return refusal("bad_format",
                      "the format is swiss, round_robin, double_round_robin or arena");
    const auto variant = rules::variant_from_name(r.variant);
    if (!variant || !lt::scoring_for(*variant))
        return refusal("bad_variant", "no such variant for two players: " + r.variant);
    const auto control = lobby::parse_time_control_text(r.time_control);
    if (!control || lobby::validate_runnable(*control))
        return refusal("bad_time_control", "not a time control a game can be played with");
    if (arena) {
        if (auto bad = check_new_arena(r))
            return *bad;
    } else if (!round_robin && (r.rounds < 1 || r.rounds > 99))
        return refusal("bad_rounds", "a Swiss has 1 to 99 rounds");
    const int most = round_robin ? round_robin_max_players : swiss_max_players;
    if (r.min_players < 2 || r.max_players < r.min_players || r.max_players > most)
        return refusal("bad_players", "players: at least 2, at most " + std::to_string(most) +
                                         ", the minimum not above the maximum");
    if (r.is_public ? !r.join_code.empty() : !good_join_code(r.join_code))
        return refusal("bad_join_code", "a private tournament has a join code of 4 to 32 letters "
                                       "or digits; a public one none");
    const std::string tiebreaks = arena                 ? std::string()
                                  : r.tiebreaks.empty() ? std::string(default_tiebreaks)
                                                        : r.tiebreaks;
    if (!arena && !parse_tiebreaks(tiebreaks))
        return refusal("bad_tiebreaks", "tie-breaks: BH, BH-C1, SB, DE, WIN, comma separated, "
                                       "each once");
    const auto scoring = lt::scoring_for(*variant).value();
    // C.04.1 article 4: a bye scores a win's points unless the tournament says otherwise.
    const auto bye_points = lt::bye_points_of(
        r.bye.empty() ? std::string_view("win") : std::string_view(r.bye), scoring);
    if (!bye_points)
        return refusal("bad_bye", "a bye scores a win, a draw or zero: win, draw or zero");
    if (r.ladder && !ladders_.find_ladder(*r.ladder))
        return refusal("unknown_ladder", "there is no ladder " + std::to_string(*r.ladder));
    storage::TournamentRow row{.name = r.name,
                               .format = r.format,
                               .variant = std::string(rules::variant_name(*variant)),
                               .time_control = lobby::time_control_text(*control),
                               .rated = r.rated,
                               .organiser_user_id = r.organiser,
                               .starts_at = r.starts_at,
                               .rounds = round_robin || arena ? 0 : r.rounds,
                               .duration = arena ? r.duration : storage::Millis{},
                               .min_players = r.min_players,
                               .max_players = r.max_players,
                               .is_public = r.is_public,
                               .join_code = r.join_code,
                               .tiebreaks = tiebreaks,
                               .bye_points = *bye_points,
                               .late_entry_points = 0,
                               .state = "created",
                               .created_at = now,
                               .started_at = {},
                               .ended_at = {},
                               .schedule = r.schedule,
                               .ladder_id = r.ladder};
    if (const auto id = tournaments_.create_tournament(row))
        return *id;
    return refusal("already_scheduled", "this schedule's tournament of that start is stored "
                                        "already (made by another node)");
}

std::vector<storage::TournamentRow> TournamentService::list(std::string_view state) {
    return tournaments_.list_tournaments(state);
}

std::map<storage::TournamentId, storage::TournamentProgress>
TournamentService::list_progress(std::string_view state) {
    std::map<storage::TournamentId, storage::TournamentProgress> out;
    for (const auto& p : tournaments_.list_progress(state))
        out.emplace(p.id, p);
    return out;
}

rules::Result<lt::Swiss>
TournamentService::load(const storage::TournamentRow& row,
                        const std::vector<storage::TournamentEntryRow>& entries,
                        const std::vector<storage::TournamentRoundRow>& rounds) {
    auto record = record_of(row, entries, rounds, organiser_rows(row.id));
    if (!record)
        return record.error();
    return lt::Swiss::restore(std::move(record).value());
}

rules::Result<TournamentView> TournamentService::view(TournamentId id) {
    auto row = tournaments_.find_tournament(id);
    if (!row)
        return unknown();
    TournamentView out{.tournament = std::move(*row),
                       .entries = tournaments_.entries(id),
                       .rounds = tournaments_.rounds(id),
                       .organiser_name = {},
                       .record = {},
                       .standings = {},
                       .arena = {}};
    if (out.tournament.organiser_user_id)
        if (const auto organiser = users_.find_user(*out.tournament.organiser_user_id))
            out.organiser_name = organiser->name;
    if (out.tournament.format == arena_format) {
        auto arena = view_arena(out.tournament, out.entries, out.rounds);
        if (!arena)
            return arena.error();
        out.arena = std::move(arena).value();
        return out;
    }
    auto swiss = load(out.tournament, out.entries, out.rounds);
    if (!swiss) {
        log::error("tournaments: tournament " + std::to_string(id) +
                   " does not read back: " + swiss.error().detail);
        return swiss.error();
    }
    out.standings = swiss->standings();
    out.record = swiss->record();
    return out;
}

rules::Result<std::string> TournamentService::trf(TournamentId id) {
    auto shown = view(id);
    if (!shown)
        return shown.error();
    if (shown->arena)
        return refusal("no_trf", "an arena has no rounds to export: TRF-16 is for a Swiss or a "
                                "round robin (the arena's games are in GET /api/tournaments/<id>)");
    return lt::write_trf(shown->record);
}

int TournamentService::rating_of(UserId user, const storage::TournamentRow& row) {
    constexpr int unrated = 1500; // lobby/rating: a new player's rating
    const auto control = lobby::parse_time_control_text(row.time_control);
    if (!control)
        return unrated;
    const auto rating = ratings_.find_rating(storage::RatingKey{
        user, row.variant, std::string(lobby::speed_name(lobby::speed_of(*control)))});
    return rating ? static_cast<int>(std::lround(rating->rating)) : unrated;
}

rules::Result<storage::TournamentEntryRow> TournamentService::join(TournamentId id,
                                                                   std::optional<UserId> user,
                                                                   std::string_view join_code,
                                                                   TimePoint now) {
    const auto row = tournaments_.find_tournament(id);
    if (!row)
        return unknown();
    if (finished(*row))
        return refusal("tournament_finished", "this tournament is over");
    if (!user)
        return row->rated ? refusal("guest_in_rated", "a rated tournament is for accounts: log in")
                          : refusal("account_required", "log in to join a tournament");
    if (!row->is_public && join_code != row->join_code && row->organiser_user_id != user)
        return refusal("bad_join_code", "this private tournament needs its join code");
    const auto account = users_.find_user(*user);
    if (!account || account->disabled)
        return refusal("account_required", "log in to join a tournament");
    if (row->ladder_id && !on_ladder(*row->ladder_id, *user))
        return refusal("not_on_ladder", "this tournament is for the players of its ladder: "
                                        "join the ladder first");
    storage::TournamentEntryRow entry{.tournament_id = id,
                                      .user_id = *user,
                                      .name = account->name,
                                      .rating = rating_of(*user, *row),
                                      .joined_at = now,
                                      .joined_round = 1,
                                      .withdrawn_from = {},
                                      .paused = false,
                                      .entry_number = 0};
    if (row->format == arena_format)
        return join_arena(*row, std::move(entry), now);
    if (row->state == "running") {
        if (is_round_robin(row->format))
            return refusal("entry_closed", "a round robin takes no entries once it has started");
        const auto entries = tournaments_.entries(id);
        if (entry_of(entries, *user) != nullptr)
            return refusal("already_entered", "you have entered this tournament already");
        auto swiss = load(*row, entries, tournaments_.rounds(id));
        if (!swiss)
            return swiss.error();
        // Swiss::add_player says whether a late entry is still open (at most half the rounds).
        if (auto added = swiss->add_player(std::to_string(*user), entry.name, entry.rating); !added)
            return added.error();
        entry.joined_round = swiss->rounds_paired() + 1;
    }
    return entry_added(tournaments_.add_entry(entry), entry);
}

rules::Result<storage::TournamentEntryRow> TournamentService::withdraw(TournamentId id, UserId user,
                                                                       TimePoint now) {
    const auto row = tournaments_.find_tournament(id);
    if (!row)
        return unknown();
    if (finished(*row))
        return refusal("tournament_finished", "this tournament is over");
    const auto entries = tournaments_.entries(id);
    const auto* found = entry_of(entries, user);
    if (found == nullptr)
        return refusal("not_entered", "you have not entered this tournament");
    if (found->withdrawn_from)
        return refusal("withdrawn", "you have withdrawn already");
    if (row->format == arena_format && row->state == "running")
        return pause(id, user, now); // an arena is left by pausing
    auto entry = *found;
    if (row->state == "created") {
        entry.withdrawn_from = 1;
    } else {
        // Paired no more from the next round not paired yet (a Swiss); a round robin's rounds
        // are all paired: from the first not complete, whose unstarted games are forfeited.
        const auto rounds = tournaments_.rounds(id);
        int next = static_cast<int>(rounds.size()) + 1;
        if (is_round_robin(row->format)) {
            next = 1;
            for (const auto& r : rounds) {
                const bool complete =
                    std::all_of(r.pairings.begin(), r.pairings.end(), [](const auto& p) {
                        return outcome_of(p) != lt::Outcome::Pending;
                    });
                if (!complete)
                    break;
                next = r.round + 1;
            }
        }
        entry.withdrawn_from = next;
    }
    if (!tournaments_.set_withdrawn(id, user, entry.withdrawn_from))
        return refusal("not_entered", "you have not entered this tournament");
    tournaments_.add_history(history_line(id, now, user, "withdrawn",
                                          "from round " + std::to_string(*entry.withdrawn_from)));
    if (row->state == "running")
        advance(id, now);
    return entry;
}

rules::Result<storage::TournamentRow>
TournamentService::start(TournamentId id, std::optional<UserId> who, TimePoint now) {
    const auto row = tournaments_.find_tournament(id);
    if (!row)
        return unknown();
    if (who && row->organiser_user_id != who)
        return refusal("not_organiser", "only the tournament's organiser can do this");
    if (row->state != "created")
        return finished(*row) ? refusal("tournament_finished", "this tournament is over")
                              : refusal("already_started", "this tournament has started");
    return begin(*row, who, now);
}

rules::Result<storage::TournamentRow> TournamentService::begin(const storage::TournamentRow& row,
                                                               std::optional<UserId> who,
                                                               TimePoint now) {
    const TournamentId id = row.id;
    const auto entries = tournaments_.entries(id);
    if (active_entries(entries) < row.min_players)
        return refusal("not_enough_players", "this tournament needs at least " +
                                                std::to_string(row.min_players) + " players");
    if (row.format == arena_format)
        return begin_arena(row, who, now);
    // The rounds first, then the state: a crash between them leaves a created tournament
    // whose next start finds its rounds stored (add_round refuses them again, harmlessly).
    auto record = record_of(row, entries, {}, organiser_rows(id));
    if (!record)
        return record.error();
    std::vector<lt::SwissRound> rounds;
    if (is_round_robin(row.format)) {
        auto schedule = lt::round_robin_record(
            row.name, record->players, row.format == format::double_round_robin, record->settings);
        if (!schedule)
            return schedule.error();
        record = std::move(schedule);
        rounds = record->rounds;
    } else {
        auto swiss = lt::Swiss::restore(std::move(record).value());
        if (!swiss)
            return swiss.error();
        auto first = swiss->pair_next_round();
        if (!first)
            return first.error();
        record = swiss->record();
        rounds.push_back(std::move(first).value());
    }
    for (std::size_t i = 0; i < rounds.size(); ++i) {
        const int number = static_cast<int>(i) + 1;
        (void)tournaments_.add_round(
            id, round_row_of(*record, rounds[i], number, now),
            {history_line(id, now, std::nullopt, "paired", "round " + std::to_string(number))});
    }
    if (!tournaments_.change_state(id, "created", "running", now,
                                   history_line(id, now, who, "started", {})))
        return refusal("already_started", "this tournament has started");
    advance(id, now);
    return *tournaments_.find_tournament(id);
}

rules::Result<storage::TournamentRow>
TournamentService::end(TournamentId id, std::optional<UserId> who, TimePoint now) {
    const auto row = tournaments_.find_tournament(id);
    if (!row)
        return unknown();
    if (who && row->organiser_user_id != who)
        return refusal("not_organiser", "only the tournament's organiser can do this");
    if (finished(*row))
        return refusal("tournament_finished", "this tournament is over");
    const std::string to = row->state == "created" ? "cancelled" : "finished";
    if (!tournaments_.change_state(id, row->state, to, now,
                                   history_line(id, now, who, "ended", to)))
        return refusal("tournament_finished", "this tournament is over");
    return *tournaments_.find_tournament(id);
}

void TournamentService::tick(TimePoint now) {
    for (const auto& row : tournaments_.list_tournaments("created")) {
        if (row.starts_at > now)
            continue;
        try {
            const auto started = begin(row, std::nullopt, now);
            if (!started && started.error().code == "not_enough_players")
                (void)tournaments_.change_state(
                    row.id, "created", "cancelled", now,
                    history_line(row.id, now, std::nullopt, "cancelled", started.error().detail));
            else if (!started)
                log::error("tournaments: tournament " + std::to_string(row.id) +
                           " could not start: " + started.error().detail);
        } catch (const std::exception& e) {
            log::error("tournaments: tournament " + std::to_string(row.id) + ": " + e.what());
        }
    }
    for (const auto& row : tournaments_.list_tournaments("running")) {
        try {
            advance(row.id, now);
        } catch (const std::exception& e) {
            log::error("tournaments: tournament " + std::to_string(row.id) + ": " + e.what());
        }
    }
}

bool TournamentService::decide_unplayed(const storage::TournamentRow& row,
                                        const std::vector<storage::TournamentEntryRow>& entries,
                                        const std::vector<storage::TournamentRoundRow>& rounds,
                                        TimePoint now) {
    bool stored = false;
    const auto store = [&](int round, const storage::TournamentPairingRow& p,
                           std::string_view outcome, std::string why) {
        // In an arena the loser of a forfeit is a no-show, paused with it (issue 38): `join`
        // brings them back.
        std::optional<storage::TournamentPauseRow> pause;
        if (row.format == arena_format) {
            if (outcome == stored_outcome::white_forfeit_win)
                pause = storage::TournamentPauseRow{p.black_user_id, {}};
            else if (outcome == stored_outcome::black_forfeit_win)
                pause = storage::TournamentPauseRow{p.white_user_id, {}};
            if (pause)
                pause->history = history_line(row.id, now, std::nullopt, "paused", "no-show");
        }
        stored = tournaments_.set_pairing_outcome(
                     row.id, round, p.board, outcome,
                     history_line(row.id, now, std::nullopt, "forfeit",
                                  "round " + std::to_string(round) + " board " +
                                      std::to_string(p.board) + ": " + std::string(outcome) + " (" +
                                      why + ")"),
                     pause) ||
                 stored;
    };
    for (const auto& r : rounds)
        for (const auto& p : r.pairings) {
            if (!p.outcome.empty() || outcome_of(p) != lt::Outcome::Pending)
                continue;
            if (!p.game_result.empty()) { // the game ended without a result
                if (p.game_termination == takeback_termination)
                    continue; // goes on in a new row, which link_games follows
                if (p.game_termination == first_move_timeout && p.game_id) {
                    const auto game = games_.find_game(*p.game_id);
                    const auto idle = game ? idle_seat(*game) : std::nullopt;
                    if (idle) {
                        store(r.round, p,
                              *idle == 0 ? stored_outcome::black_forfeit_win
                                         : stored_outcome::white_forfeit_win,
                              "no first move");
                        continue;
                    }
                }
                store(r.round, p, stored_outcome::double_forfeit, "game " + p.game_termination);
                continue;
            }
            if (!p.table_code.empty() || p.game_id)
                continue; // being played
            const bool white_gone = withdrawn_by(entry_of(entries, p.white_user_id), r.round);
            const bool black_gone = withdrawn_by(entry_of(entries, p.black_user_id), r.round);
            if (white_gone || black_gone)
                store(r.round, p,
                      white_gone && black_gone ? stored_outcome::double_forfeit
                      : white_gone             ? stored_outcome::black_forfeit_win
                                               : stored_outcome::white_forfeit_win,
                      "withdrawn");
        }
    return stored;
}

std::string TournamentService::new_table_code() {
    return lobby::random_code(random_, lobby::join_code_length);
}

void TournamentService::forfeit_unseated(storage::TournamentId id, int round, int board,
                                         int seat, const std::string& reason, TimePoint now) {
    const std::string_view outcome =
        seat == 0 ? stored_outcome::black_forfeit_win : stored_outcome::white_forfeit_win;
    if (!tournaments_.set_pairing_outcome(
            id, round, board, outcome,
            history_line(id, now, std::nullopt, "forfeit",
                         "round " + std::to_string(round) + " board " + std::to_string(board) +
                             ": " + std::string(outcome) + " (" +
                             (seat == 0 ? "White" : "Black") +
                             " could not be seated: " + reason + ")"),
            std::nullopt))
        log::warn("tournaments: tournament " + std::to_string(id) + " round " +
                  std::to_string(round) + " board " + std::to_string(board) + " is gone");
}

void TournamentService::start_games(const storage::TournamentRow& row,
                                    const storage::TournamentRoundRow& round, TimePoint now) {
    if (!starter_)
        return;
    for (const auto& p : round.pairings) {
        // A pairing decided, or whose game ended (a takeback's row is followed by link_games;
        // an aborted one is decided by decide_unplayed), needs no table.
        if (!p.outcome.empty() || !p.game_result.empty())
            continue;
        const auto key = std::make_tuple(row.id, round.round, p.board);
        if (asked_.contains(key))
            continue;
        const auto white = users_.find_user(p.white_user_id);
        const auto black = users_.find_user(p.black_user_id);
        if (!white || !black) { // an account that is gone cannot be seated
            if (!white && !black)
                (void)tournaments_.set_pairing_outcome(
                    row.id, round.round, p.board, stored_outcome::double_forfeit,
                    history_line(row.id, now, std::nullopt, "forfeit",
                                 "round " + std::to_string(round.round) + " board " +
                                     std::to_string(p.board) +
                                     ": double_forfeit (neither account exists)"),
                    std::nullopt);
            else
                forfeit_unseated(row.id, round.round, p.board, white ? 1 : 0,
                                 "no such account", now);
            continue;
        }
        // The code is stored before the table is asked for: a server stopped after the table
        // was made asks again for the same code, and the play service takes the table it
        // finds with it (restored from its game row) instead of making a second one. Asked
        // again once in each process, also when the game is on: so a restored table knows it
        // is a tournament's (no abort, no rematch: table_requests.cpp).
        std::string code = p.table_code;
        if (code.empty()) {
            code = new_table_code();
            if (!tournaments_.set_pairing_table(row.id, round.round, p.board, code))
                continue; // it has one now: read at the next advance
        }
        asked_.insert(key);
        TournamentGame game{.tournament_id = row.id,
                            .tournament_name = row.name,
                            .round = round.round,
                            .board = p.board,
                            .variant = row.variant,
                            .time_control = row.time_control,
                            .rated = row.rated,
                            .white_id = p.white_user_id,
                            .white_name = white->name,
                            .black_id = p.black_user_id,
                            .black_name = black->name,
                            .table_code = code};
        starter_->start_tournament_game(
            game, [this, key, code, now, post = post_](const TableAnswer& answer) {
                post([this, key, code, now, answer] { on_table_answer(key, code, answer, now); });
            });
    }
}

void TournamentService::on_table_answer(const std::tuple<TournamentId, int, int>& key,
                                        const std::string& code, const TableAnswer& answer,
                                        TimePoint now) {
    const auto& [id, number, board] = key;
    try {
        switch (answer.kind) {
        case TableAnswer::Kind::Opened:
            return;
        case TableAnswer::Kind::NotNow:
            asked_.erase(key); // asked again at the next advance
            return;
        case TableAnswer::Kind::CodeTaken:
            if (!tournaments_.replace_pairing_table(id, number, board, code, new_table_code()))
                log::warn("tournaments: table " + code + " of tournament " + std::to_string(id) +
                          " round " + std::to_string(number) + " board " +
                          std::to_string(board) + " was not replaced");
            asked_.erase(key);
            return;
        case TableAnswer::Kind::Unseated:
            forfeit_unseated(id, number, board, answer.seat, answer.reason, now);
            return;
        }
    } catch (const std::exception& e) {
        asked_.erase(key);
        log::error("tournaments: table " + code + " not settled: " + e.what());
    }
}

void TournamentService::advance(TournamentId id, TimePoint now) {
    const auto row = tournaments_.find_tournament(id);
    if (!row || row->state != "running")
        return;
    if (row->format == arena_format) {
        advance_arena(*row, now);
        return;
    }
    tournaments_.link_games(id, takeback_termination);
    const auto entries = tournaments_.entries(id);
    auto rounds = tournaments_.rounds(id);
    if (decide_unplayed(*row, entries, rounds, now))
        rounds = tournaments_.rounds(id);
    for (const auto& r : rounds) {
        const bool complete = std::all_of(r.pairings.begin(), r.pairings.end(), [](const auto& p) {
            return outcome_of(p) != lt::Outcome::Pending;
        });
        if (!complete) {
            start_games(*row, r, now);
            return;
        }
    }
    if (!is_round_robin(row->format) && static_cast<int>(rounds.size()) < row->rounds) {
        auto swiss = load(*row, entries, rounds);
        if (!swiss) {
            log::error("tournaments: tournament " + std::to_string(id) +
                       " does not read back: " + swiss.error().detail);
            return;
        }
        auto next = swiss->pair_next_round();
        if (next) {
            const int number = swiss->rounds_paired();
            const auto stored = round_row_of(swiss->record(), *next, number, now);
            if (tournaments_.add_round(id, stored,
                                       {history_line(id, now, std::nullopt, "paired",
                                                     "round " + std::to_string(number))})) {
                const auto reread = tournaments_.rounds(id);
                if (!reread.empty())
                    start_games(*row, reread.back(), now);
            }
            return;
        }
        log::warn("tournaments: tournament " + std::to_string(id) +
                  " ends early: " + next.error().detail);
    }
    (void)tournaments_.change_state(id, "running", "finished", now,
                                    history_line(id, now, std::nullopt, "finished", {}));
}

} // namespace server::tournaments
