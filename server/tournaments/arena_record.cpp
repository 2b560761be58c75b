#include "server/tournaments/arena_record.h"

#include "lobby/time_control_text.h"
#include "lobby/tournament/swiss_record.h"
#include "lobby/tournament/tournament_errors.h"
#include "server/tournaments/tournament_record.h"

#include <charconv>
#include <map>

namespace server::tournaments {
namespace {

namespace lt = lobby::tournament;

rules::Error bad_arena(std::string_view code, std::string detail) {
    return rules::Error{std::string(code), std::move(detail)};
}

// The arena's result of a stored pairing; nullopt while its game goes on.
std::optional<lt::ArenaResult> arena_result(const storage::TournamentPairingRow& p,
                                            const MovesOf& moves_of) {
    using W = lt::ArenaResult::Winner;
    switch (outcome_of(p)) {
    case lt::Outcome::Pending:
        return std::nullopt;
    case lt::Outcome::WhiteWinsByForfeit:
        return lt::ArenaResult{.winner = W::White, .white_moves = 0, .black_moves = 0};
    case lt::Outcome::BlackWinsByForfeit:
        return lt::ArenaResult{.winner = W::Black, .white_moves = 0, .black_moves = 0};
    case lt::Outcome::DoubleForfeit:
        return lt::ArenaResult{.winner = W::Neither, .white_moves = 0, .black_moves = 0};
    case lt::Outcome::WhiteWins:
    case lt::Outcome::BlackWins:
    case lt::Outcome::Draw:
        break;
    }
    const ArenaMoves moves = p.game_id ? moves_of(*p.game_id) : ArenaMoves{};
    const auto outcome = outcome_of(p);
    return lt::ArenaResult{.winner = outcome == lt::Outcome::WhiteWins   ? W::White
                                     : outcome == lt::Outcome::BlackWins ? W::Black
                                                                         : W::Draw,
                           .white_moves = moves.white,
                           .black_moves = moves.black};
}

} // namespace

storage::TimePoint arena_ends_at(const storage::TournamentRow& row) {
    return row.started_at.value_or(row.starts_at) + row.duration;
}

std::string arena_berserk_detail(int round, int board) {
    return "round " + std::to_string(round) + " board " + std::to_string(board);
}

ArenaBerserks arena_berserks(const std::vector<storage::TournamentHistoryRow>& history) {
    ArenaBerserks out;
    for (const auto& h : history) {
        const bool voided = h.event == berserk_void_event;
        if ((h.event != berserk_event && !voided) || !h.actor_user_id)
            continue;
        int round = 0;
        int board = 0;
        // "round R board B" (arena_berserk_detail)
        const std::string_view d = h.detail;
        const auto space = d.find(" board ");
        if (!d.starts_with("round ") || space == std::string_view::npos)
            continue;
        const auto r = d.substr(6, space - 6);
        const auto b = d.substr(space + 7);
        if (std::from_chars(r.data(), r.data() + r.size(), round).ec != std::errc{} ||
            std::from_chars(b.data(), b.data() + b.size(), board).ec != std::errc{})
            continue;
        if (voided)
            out.erase({round, board, *h.actor_user_id});
        else
            out.emplace(round, board, *h.actor_user_id);
    }
    return out;
}

lobby::PlayerId arena_player_id(storage::UserId user) {
    return std::to_string(user);
}

storage::UserId arena_user_of(const lobby::PlayerId& player) {
    storage::UserId user = 0;
    std::from_chars(player.data(), player.data() + player.size(), user);
    return user;
}

rules::Result<ArenaReplay> arena_of(const storage::TournamentRow& row,
                                    const std::vector<storage::TournamentEntryRow>& entries,
                                    const std::vector<storage::TournamentRoundRow>& rounds,
                                    const ArenaBerserks& berserks, const MovesOf& moves_of) {
    const auto control = lobby::parse_time_control_text(row.time_control);
    if (!control)
        return bad_arena(lt::tournament_errc::bad_settings,
                         "the stored time control is unreadable");
    const lt::ArenaSettings settings{.starts = row.started_at.value_or(row.starts_at),
                                     .ends = arena_ends_at(row),
                                     .time_control = *control};
    auto made = lt::Arena::create(settings);
    if (!made)
        return made.error();
    ArenaReplay replay{.arena = std::move(made).value(), .boards = {}};
    lt::Arena& arena = replay.arena;
    for (const auto& e : entries) {
        if (e.withdrawn_from)
            continue; // withdrawn before the start (a running arena pauses instead)
        if (auto refused = arena.join(arena_player_id(e.user_id), e.rating, settings.starts))
            return *refused;
    }
    for (const auto& round : rounds)
        for (const auto& p : round.pairings) {
            const auto where = arena_berserk_detail(round.round, p.board);
            const auto id =
                arena.add_game(arena_player_id(p.white_user_id), arena_player_id(p.black_user_id));
            if (!id)
                return bad_arena(lt::tournament_errc::bad_pairing,
                                 where + ": " + id.error().detail);
            replay.boards.emplace_back(round.round, p.board);
            for (const auto user : {p.white_user_id, p.black_user_id})
                if (berserks.contains({round.round, p.board, user}))
                    (void)arena.berserk(*id, arena_player_id(user), 0);
            if (const auto result = arena_result(p, moves_of))
                if (auto refused = arena.finish_game(*id, *result))
                    return bad_arena(lt::tournament_errc::bad_pairing,
                                     where + ": " + refused->detail);
        }
    for (const auto& e : entries)
        if (e.paused && !e.withdrawn_from)
            (void)arena.pause(arena_player_id(e.user_id)); // refused only when paused already
    return replay;
}

ArenaView arena_view(const ArenaReplay& replay,
                     const std::vector<storage::TournamentEntryRow>& entries,
                     storage::TimePoint ends_at, ArenaBerserks berserks) {
    std::map<storage::UserId, const storage::TournamentEntryRow*> by_user;
    for (const auto& e : entries)
        by_user[e.user_id] = &e;
    ArenaView view{.ends_at = ends_at, .standings = {}, .berserks = std::move(berserks)};
    int rank = 0;
    for (const auto* p : replay.arena.standings()) {
        const auto user = arena_user_of(p->id);
        const auto entry = by_user.find(user);
        view.standings.push_back(
            ArenaStanding{.rank = ++rank,
                          .user = user,
                          .name = entry != by_user.end() ? entry->second->name : std::string(),
                          .rating = p->rating,
                          .points = p->points,
                          .streak = p->streak,
                          .sheet = p->sheet,
                          .paused = p->state == lt::ArenaState::Paused || p->pause_after_game,
                          .playing = p->state == lt::ArenaState::Playing});
    }
    return view;
}

} // namespace server::tournaments
