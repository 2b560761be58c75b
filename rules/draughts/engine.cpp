#include "rules/draughts/engine.h"

#include <array>

namespace rules::draughts {
namespace {

template <const Rules& R>
std::uint64_t perft_below(const Position& pos, int depth, GenerateOptions options,
                          std::vector<std::vector<Move>>& lists) {
    auto& moves = lists[static_cast<std::size_t>(depth)];
    if (depth == 1)
        return Generator<R>::count_moves(pos, moves, options);
    Generator<R>::generate(pos, moves, options);
    std::uint64_t nodes = 0;
    for (const Move& m : moves)
        nodes += perft_below<R>(Generator<R>::apply(pos, m), depth - 1, options, lists);
    return nodes;
}

template <const Rules& R>
std::uint64_t perft(const Position& pos, int depth, bool keep_duplicates) {
    if (depth <= 0)
        return 1;
    std::vector<std::vector<Move>> lists(static_cast<std::size_t>(depth) + 1);
    for (auto& l : lists)
        l.reserve(128);
    return perft_below<R>(pos, depth, GenerateOptions{keep_duplicates}, lists);
}

template <const Rules& R> constexpr Engine make_engine() {
    return Engine{&R, &Generator<R, TracedMove>::generate, &Generator<R>::apply, &perft<R>,
                  &Generator<R>::generate};
}

constexpr std::array<Engine, 14> engines{
    make_engine<international>(), make_engine<brazilian>(),
    make_engine<russian>(),       make_engine<english>(),
    make_engine<italian>(),       make_engine<spanish>(),
    make_engine<pool>(),          make_engine<czech>(),
    make_engine<antidraughts>(),  make_engine<russian_giveaway>(),
    make_engine<breakthrough>(),  make_engine<killer>(),
    make_engine<frisian>(),       make_engine<frysk>(),
};

} // namespace

const Engine* engine_of(VariantId id) {
    for (const Engine& e : engines)
        if (e.rules->id == id)
            return &e;
    return nullptr;
}

std::optional<Rules> rules_of(VariantId id) {
    if (const Engine* e = engine_of(id))
        return *e->rules;
    return std::nullopt;
}

} // namespace rules::draughts
