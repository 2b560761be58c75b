#include "lobby/tournament/arena.h"

#include "lobby/game_clock.h"
#include "lobby/tournament/tournament_errors.h"

#include <algorithm>
#include <cstddef>
#include <tuple>

namespace lobby::tournament {

rules::Result<Arena> Arena::create(ArenaSettings settings) {
    if (settings.ends <= settings.starts)
        return refuse(tournament_errc::bad_settings, "an arena ends after it starts");
    if (!settings.time_control.has_total())
        return refuse(tournament_errc::bad_settings, "an arena needs a clock with a total time");
    return Arena(settings);
}

const ArenaPlayer* Arena::player(std::string_view id) const {
    for (const ArenaPlayer& p : players_)
        if (p.id == id)
            return &p;
    return nullptr;
}

ArenaPlayer* Arena::find(std::string_view id) {
    for (ArenaPlayer& p : players_)
        if (p.id == id)
            return &p;
    return nullptr;
}

const ArenaGame* Arena::game(ArenaGameId id) const {
    if (id < 1 || id > static_cast<ArenaGameId>(games_.size()))
        return nullptr;
    return &games_[static_cast<std::size_t>(id - 1)];
}

ArenaGame* Arena::find_game(ArenaGameId id) {
    if (id < 1 || id > static_cast<ArenaGameId>(games_.size()))
        return nullptr;
    return &games_[static_cast<std::size_t>(id - 1)];
}

bool Arena::final(TimePoint now) const {
    return over(now) && running_ == 0;
}

Refusal Arena::join(const PlayerId& id, int rating, TimePoint now) {
    if (over(now))
        return refuse(tournament_errc::tournament_over, "the arena is over");
    if (ArenaPlayer* p = find(id)) {
        if (p->state == ArenaState::Playing && p->pause_after_game) {
            p->pause_after_game = false;
            return std::nullopt;
        }
        if (p->state != ArenaState::Paused)
            return refuse(tournament_errc::already_entered, "already in the arena");
        p->state = ArenaState::Waiting;
        return std::nullopt;
    }
    ArenaPlayer p;
    p.id = id;
    p.rating = rating;
    p.entry = static_cast<int>(players_.size());
    players_.push_back(std::move(p));
    return std::nullopt;
}

Refusal Arena::pause(std::string_view id) {
    ArenaPlayer* p = find(id);
    if (!p)
        return refuse(tournament_errc::no_such_entrant, "not in this arena");
    if (p->state == ArenaState::Paused || p->pause_after_game)
        return refuse(tournament_errc::withdrawn, "already paused");
    if (p->state == ArenaState::Playing)
        p->pause_after_game = true;
    else
        p->state = ArenaState::Paused;
    return std::nullopt;
}

namespace {

bool ranks_above(const ArenaPlayer& a, const ArenaPlayer& b) {
    return std::make_tuple(-a.points, -a.rating, a.entry) <
           std::make_tuple(-b.points, -b.rating, b.entry);
}

// The colour rule of arena.h: true when `a` (the higher ranked) takes White.
bool arena_white_first(const ArenaPlayer& a, const ArenaPlayer& b) {
    const int da = a.whites - a.blacks;
    const int db = b.whites - b.blacks;
    if (da != db)
        return da < db;
    const bool a_black_last = a.last_was_white && !*a.last_was_white;
    const bool b_black_last = b.last_was_white && !*b.last_was_white;
    if (a_black_last != b_black_last)
        return a_black_last;
    return true;
}

} // namespace

std::vector<ArenaGame> Arena::pair_waiting(TimePoint now) {
    std::vector<ArenaGame> made;
    if (now < settings_.starts || over(now))
        return made;
    std::vector<ArenaPlayer*> waiting;
    for (ArenaPlayer& p : players_)
        if (p.state == ArenaState::Waiting)
            waiting.push_back(&p);
    std::sort(waiting.begin(), waiting.end(),
              [](const ArenaPlayer* a, const ArenaPlayer* b) { return ranks_above(*a, *b); });
    std::vector<char> taken(waiting.size(), 0);
    for (std::size_t i = 0; i < waiting.size(); ++i) {
        if (taken[i] != 0)
            continue;
        for (std::size_t j = i + 1; j < waiting.size(); ++j) {
            if (taken[j] != 0 || waiting[i]->last_opponent == waiting[j]->id ||
                waiting[j]->last_opponent == waiting[i]->id)
                continue;
            taken[i] = taken[j] = 1;
            ArenaPlayer& a = *waiting[i];
            ArenaPlayer& b = *waiting[j];
            const bool a_white = arena_white_first(a, b);
            ArenaGame g;
            g.id = static_cast<ArenaGameId>(games_.size()) + 1;
            g.white = a_white ? a.id : b.id;
            g.black = a_white ? b.id : a.id;
            a.state = b.state = ArenaState::Playing;
            games_.push_back(g);
            made.push_back(g);
            ++running_;
            break;
        }
    }
    return made;
}

rules::Result<ArenaGameId> Arena::add_game(const PlayerId& white, const PlayerId& black) {
    if (white == black)
        return refuse(tournament_errc::bad_pairing, "a player cannot meet themselves");
    ArenaPlayer* w = find(white);
    ArenaPlayer* b = find(black);
    if (!w || !b)
        return refuse(tournament_errc::no_such_entrant, "not in this arena");
    if (w->state == ArenaState::Playing || b->state == ArenaState::Playing)
        return refuse(tournament_errc::already_playing, "a player of this game is playing another");
    ArenaGame g;
    g.id = static_cast<ArenaGameId>(games_.size()) + 1;
    g.white = white;
    g.black = black;
    w->state = b->state = ArenaState::Playing;
    games_.push_back(g);
    ++running_;
    return g.id;
}

rules::Result<TimeControl> Arena::berserk(ArenaGameId id, std::string_view who,
                                          int own_moves_played) {
    ArenaGame* g = find_game(id);
    if (!g || g->finished)
        return refuse(tournament_errc::no_such_game, "no such game running");
    bool* flag = g->white == who   ? &g->white_berserk
                 : g->black == who ? &g->black_berserk
                                   : nullptr;
    if (!flag)
        return refuse(errc::not_seated, "not a player of this game");
    if (*flag)
        return refuse(errc::not_allowed, "berserk already");
    if (own_moves_played > 0)
        return refuse(tournament_errc::too_late, "berserk only before your first move");
    *flag = true;
    return berserk_time_control(settings_.time_control);
}

void Arena::settle(ArenaPlayer& p, ArenaGameOutcome outcome, bool berserk, int own_moves, int plies,
                   const PlayerId& opponent, bool white) {
    const ArenaGameScore s = score_arena_game(p.streak, outcome, berserk, own_moves, plies);
    p.points += s.points;
    p.streak = s.streak_after;
    p.sheet.push_back(s.points);
    (white ? p.whites : p.blacks) += 1;
    p.last_was_white = white;
    p.last_opponent = opponent;
    p.state = p.pause_after_game ? ArenaState::Paused : ArenaState::Waiting;
    p.pause_after_game = false;
}

Refusal Arena::finish_game(ArenaGameId id, const ArenaResult& result) {
    ArenaGame* g = find_game(id);
    if (!g || g->finished)
        return refuse(tournament_errc::no_such_game, "no such game running");
    if (result.white_moves < 0 || result.black_moves < 0)
        return refuse(tournament_errc::bad_result, "a move count is not negative");
    ArenaPlayer* white = find(g->white);
    ArenaPlayer* black = find(g->black);
    const int plies = result.white_moves + result.black_moves;
    using W = ArenaResult::Winner;
    const auto outcome_for = [&result](W own, W other) {
        return result.winner == own                                    ? ArenaGameOutcome::Win
               : result.winner == other || result.winner == W::Neither ? ArenaGameOutcome::Loss
                                                                       : ArenaGameOutcome::Draw;
    };
    const ArenaGameOutcome w = outcome_for(W::White, W::Black);
    const ArenaGameOutcome b = outcome_for(W::Black, W::White);
    settle(*white, w, g->white_berserk, result.white_moves, plies, g->black, true);
    settle(*black, b, g->black_berserk, result.black_moves, plies, g->white, false);
    g->finished = true;
    --running_;
    return std::nullopt;
}

std::vector<const ArenaPlayer*> Arena::standings() const {
    std::vector<const ArenaPlayer*> out;
    for (const ArenaPlayer& p : players_)
        out.push_back(&p);
    std::sort(out.begin(), out.end(),
              [](const ArenaPlayer* a, const ArenaPlayer* b) { return ranks_above(*a, *b); });
    return out;
}

} // namespace lobby::tournament
