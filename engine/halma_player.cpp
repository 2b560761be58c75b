#include "engine/halma_player.h"

#include "engine/halma_evaluation.h"
#include "engine/root_choice.h"
#include "rules/halma/fen.h"
#include "rules/halma/layout.h"
#include "rules/search.h"

#include <algorithm>

namespace engine {
namespace {

using halma::Race;
using rules::Error;
using rules::halma::Layout;
using rules::halma::Move;
using rules::halma::Position;

// What a level does in this family (engine/README.md, "Chinese checkers and Halma").
struct HalmaSettings {
    int depth = 1; // Hard: plies of the best-reply search; Medium: 2 own moves
    std::uint64_t nodes = 0;
    int margin = 0; // root moves within this many tenths of a step of the best
    int temperature = 1;
};

HalmaSettings halma_settings(Level level) {
    switch (level) {
    case Level::Easy:
        return {.depth = 1, .nodes = 0, .margin = 1000, .temperature = 15};
    case Level::Medium:
        return {.depth = 2, .nodes = 60'000, .margin = 4, .temperature = 2};
    case Level::Hard:
        return {.depth = 4, .nodes = 60'000, .margin = 0, .temperature = 1};
    }
    return {};
}

struct Scored {
    Move move;
    int order = 0; // the mover's progress: larger is searched first
};

void sort_by_order(std::vector<Scored>& moves) {
    std::stable_sort(moves.begin(), moves.end(),
                     [](const Scored& a, const Scored& b) { return a.order > b.order; });
}

// Node and time accounting shared by Medium and Hard.
class Budget {
public:
    Budget(std::uint64_t node_limit, std::optional<std::chrono::milliseconds> hard_time,
           const SearchControl& control)
        : node_limit_(node_limit), hard_time_(hard_time), control_(control) {}

    // Counts a node; false once the search must stop (and from then on).
    bool visit() {
        if (stopped_)
            return false;
        ++nodes_;
        if ((node_limit_ != 0 && nodes_ > node_limit_) ||
            (control_.stop != nullptr && control_.stop->load(std::memory_order_relaxed)))
            stopped_ = true;
        else if (hard_time_ && control_.clock != nullptr && (nodes_ & 63) == 0 &&
                 control_.clock->elapsed() >= *hard_time_)
            stopped_ = true;
        return !stopped_;
    }
    bool stopped() const { return stopped_; }
    bool cancelled() const {
        return control_.stop != nullptr && control_.stop->load(std::memory_order_relaxed);
    }
    std::uint64_t nodes() const { return nodes_; }

private:
    std::uint64_t node_limit_;
    std::optional<std::chrono::milliseconds> hard_time_;
    const SearchControl& control_;
    std::uint64_t nodes_ = 0;
    bool stopped_ = false;
};

// Positions judged from the root seat's side: the cost of its strongest rival (the lowest
// among the seats racing at the root) minus its own. With no rival left, its own cost only.
class Judge {
public:
    Judge(const Race& race, const Position& root_position, int root) : race_(race), root_(root) {
        for (int s = 0; s < race.layout().players(); ++s)
            if (s != root && root_position.playing(s))
                rivals_.push_back(s);
    }
    int own(const Position& p) const { return -race_.cost(p, root_); }
    int relative(const Position& p) const {
        if (rivals_.empty())
            return own(p);
        int strongest = race_.cost(p, rivals_.front());
        for (const int s : rivals_)
            strongest = std::min(strongest, race_.cost(p, s));
        return strongest - race_.cost(p, root_);
    }
    int root() const { return root_; }
    const std::vector<int>& rivals() const { return rivals_; }

private:
    const Race& race_;
    int root_;
    std::vector<int> rivals_;
};

bool race_over(const Layout& layout, const Position& p, int root) {
    return !p.playing(root) || p.playing_count(layout.players()) < 2 || p.ply >= layout.move_limit;
}

void moves_of(const Race& race, const Position& p, int seat, std::vector<Move>& scratch,
              std::vector<Scored>& out) {
    rules::halma::generate_moves(race.layout(), p, seat, scratch);
    for (const Move m : scratch)
        out.push_back({m, race.progress(seat, m)});
}

// Best-reply search (Schadd and Winands, "Best Reply Search for Multiplayer Games", 2011):
// the root seat's moves alternate with one layer holding every rival's moves, of which the
// one worst for the root is assumed; with two players it is plain alpha-beta minimax.
class ReplySearch {
public:
    ReplySearch(const Race& race, const Judge& judge, Budget& budget, int depth)
        : race_(race), judge_(judge), budget_(budget),
          buffers_(static_cast<std::size_t>(depth + 1)) {}

    int value(const Position& p, int depth, int alpha, int beta, bool root_turn) {
        if (!budget_.visit())
            return 0;
        const Layout& layout = race_.layout();
        if (depth == 0 || race_over(layout, p, judge_.root()))
            return judge_.relative(p);
        auto& moves = buffers_[static_cast<std::size_t>(depth)];
        moves.clear();
        if (root_turn) {
            moves_of(race_, p, judge_.root(), scratch_, moves);
        } else {
            for (const int s : judge_.rivals())
                if (p.playing(s))
                    moves_of(race_, p, s, scratch_, moves);
        }
        if (moves.empty()) // nobody on this side can move: the turn passes
            return value(p, depth - 1, alpha, beta, !root_turn);
        sort_by_order(moves);
        int best = root_turn ? -infinity : infinity;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            Position child = rules::halma::apply_move(layout, p, moves[i].move);
            const int v = value(child, depth - 1, alpha, beta, !root_turn);
            if (budget_.stopped())
                return 0;
            if (root_turn) {
                best = std::max(best, v);
                alpha = std::max(alpha, v);
            } else {
                best = std::min(best, v);
                beta = std::min(beta, v);
            }
            if (alpha >= beta)
                break;
        }
        return best;
    }

private:
    const Race& race_;
    const Judge& judge_;
    Budget& budget_;
    std::vector<std::vector<Scored>> buffers_;
    std::vector<Move> scratch_;
};

struct RootResult {
    std::vector<RootScore> scores; // best first
    int depth = 0;
};

std::vector<RootScore> ranked(std::vector<RootScore> scores) {
    std::stable_sort(scores.begin(), scores.end(), [](const RootScore& a, const RootScore& b) {
        return a.exact != b.exact ? a.exact : a.score > b.score;
    });
    return scores;
}

// Easy: every move by where it leaves its own race.
RootResult one_ply(const Layout& layout, const Judge& judge, const Position& p,
                   const std::vector<Move>& moves) {
    RootResult r{{}, 1};
    for (std::size_t i = 0; i < moves.size(); ++i)
        r.scores.push_back(
            {static_cast<int>(i), judge.own(rules::halma::apply_move(layout, p, moves[i])), true});
    r.scores = ranked(std::move(r.scores));
    return r;
}

// Medium: each move, and the root seat's best move after it as if it moved again at once
// (the ladders a move builds for itself); the two are averaged, so a move that is good now
// is preferred to one that only prepares.
RootResult own_two_plies(const Race& race, const Judge& judge, const Position& p,
                         const std::vector<Move>& moves, Budget& budget) {
    const Layout& layout = race.layout();
    RootResult r = one_ply(layout, judge, p, moves);
    std::vector<RootScore> deeper;
    std::vector<Move> follow;
    for (const RootScore& s : r.scores) {
        const Position after =
            rules::halma::apply_move(layout, p, moves[static_cast<std::size_t>(s.index)]);
        int best_next = s.score;
        if (!race_over(layout, after, judge.root())) {
            rules::halma::generate_moves(layout, after, judge.root(), follow);
            for (const Move m : follow) {
                if (!budget.visit())
                    return r;
                best_next =
                    std::max(best_next, judge.own(rules::halma::apply_move(layout, after, m)));
            }
        }
        deeper.push_back({s.index, (s.score + best_next) / 2, true});
    }
    return {ranked(std::move(deeper)), 2};
}

// Hard: best-reply search deepened one ply at a time, each iteration ordered by the last;
// a root move that cannot beat the best so far is bounded only (not exact).
RootResult reply_search(const Race& race, const Judge& judge, const Position& p,
                        const std::vector<Move>& moves, int max_depth, Budget& budget) {
    const Layout& layout = race.layout();
    RootResult done = one_ply(layout, judge, p, moves);
    for (auto& s : done.scores)
        s.score = judge.relative(
            rules::halma::apply_move(layout, p, moves[static_cast<std::size_t>(s.index)]));
    done.scores = ranked(std::move(done.scores));
    for (int depth = 2; depth <= max_depth; ++depth) {
        ReplySearch search(race, judge, budget, depth);
        std::vector<RootScore> scores;
        int alpha = -infinity;
        for (const RootScore& previous : done.scores) {
            const Position child = rules::halma::apply_move(
                layout, p, moves[static_cast<std::size_t>(previous.index)]);
            const int v = search.value(child, depth - 1, alpha, infinity, false);
            if (budget.stopped())
                return done;
            scores.push_back({previous.index, v, v > alpha || scores.empty()});
            alpha = std::max(alpha, v);
        }
        done = {ranked(std::move(scores)), depth};
    }
    return done;
}

std::optional<std::chrono::milliseconds> hard_time_of(const Request& request) {
    if (request.movetime)
        return *request.movetime;
    if (request.clock)
        return budget_for(*request.clock).hard;
    return std::nullopt;
}

} // namespace

rules::Result<Choice> choose_halma_move(const rules::Game& game, const Request& request,
                                        const SearchControl& control) {
    const std::vector<std::string> legal = game.legal_moves();
    if (legal.empty())
        return Error{"game_over", "the game is over"};
    const auto layout = rules::halma::layout_of(game.variant());
    auto parsed = rules::halma::parse_position(*layout, game.position());
    if (!parsed.ok())
        return Error{"engine_replay", parsed.error().detail};
    const Position& position = *parsed;
    const int root = position.to_move;
    const Race race(*layout);
    const Judge judge(race, position, root);

    std::vector<Move> moves;
    rules::halma::generate_moves(*layout, position, root, moves);
    std::vector<std::string> names;
    for (const Move m : moves)
        names.push_back(layout->board->name(m.from) + "-" + layout->board->name(m.to));
    if (moves.size() != legal.size())
        return Error{"engine_replay", "the engine's move list differs from the game's"};

    HalmaSettings settings = halma_settings(request.level);
    if (request.node_limit != 0)
        settings.nodes = request.node_limit;
    if (request.depth_limit != 0)
        settings.depth = request.depth_limit;
    Budget budget(settings.nodes, hard_time_of(request), control);
    RootResult result;
    switch (request.level) {
    case Level::Easy:
        result = one_ply(*layout, judge, position, moves);
        break;
    case Level::Medium:
        result = settings.depth >= 2 ? own_two_plies(race, judge, position, moves, budget)
                                     : one_ply(*layout, judge, position, moves);
        break;
    case Level::Hard:
        result = reply_search(race, judge, position, moves, settings.depth, budget);
        break;
    }

    const LevelSettings pick_settings{.max_depth = result.depth,
                                      .node_limit = settings.nodes,
                                      .margin = settings.margin,
                                      .temperature = settings.temperature,
                                      .table_megabytes = 0};
    const std::uint64_t seed = rules::search::zobrist_constant(
        request.seed ^ (static_cast<std::uint64_t>(game.ply()) << 32));
    const RootPick pick = pick_root_move(result.scores, names, pick_settings, seed);
    const std::string& chosen = names[static_cast<std::size_t>(pick.index)];
    if (std::find(legal.begin(), legal.end(), chosen) == legal.end())
        return Error{"engine_replay", "the engine chose " + chosen + ", which the game refuses"};
    Choice choice;
    choice.move = chosen;
    choice.score = pick.score;
    choice.depth = result.depth;
    choice.nodes = budget.nodes();
    choice.cancelled = budget.cancelled();
    choice.log = std::string(level_name(request.level)) + " seed " + std::to_string(request.seed) +
                 " ply " + std::to_string(game.ply()) + " depth " + std::to_string(result.depth) +
                 " nodes " + std::to_string(budget.nodes()) + ": " + pick.log;
    return choice;
}

} // namespace engine
