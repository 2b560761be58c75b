#include "engine/root_choice.h"

#include <cmath>
#include <random>

namespace engine {
namespace {

// A uniform draw in [0, 1) from the top 53 bits: the same on every platform, which
// std::uniform_real_distribution does not promise.
double unit_draw(std::uint64_t seed) {
    std::mt19937_64 generator(seed);
    return static_cast<double>(generator() >> 11) * 0x1.0p-53;
}

} // namespace

RootPick pick_root_move(const std::vector<RootScore>& scores, const std::vector<std::string>& names,
                        const LevelSettings& settings, std::uint64_t seed) {
    const RootScore& best = scores.front();
    RootPick pick{best.index, best.score, {}};
    std::vector<const RootScore*> candidates;
    for (const RootScore& s : scores) {
        if (!s.exact && &s != &best)
            continue;
        const bool near = s.score >= best.score - settings.margin;
        // A mate score only ties with the same mate: the fastest win, the slowest loss.
        const bool forced = is_mate_score(best.score) || is_mate_score(s.score);
        if (forced ? s.score == best.score : near)
            candidates.push_back(&s);
    }
    std::vector<double> weights;
    double total = 0;
    pick.log = "candidates";
    for (const RootScore* c : candidates) {
        const double w = std::exp(static_cast<double>(c->score - best.score) /
                                  static_cast<double>(settings.temperature));
        weights.push_back(w);
        total += w;
        pick.log +=
            " " + names[static_cast<std::size_t>(c->index)] + " " + std::to_string(c->score);
    }
    const double draw = unit_draw(seed);
    double acc = 0;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        acc += weights[i] / total;
        if (draw < acc || i + 1 == candidates.size()) {
            pick.index = candidates[i]->index;
            pick.score = candidates[i]->score;
            break;
        }
    }
    pick.log += "; seed " + std::to_string(seed) + " drew " + std::to_string(draw) + ": " +
                names[static_cast<std::size_t>(pick.index)];
    return pick;
}

} // namespace engine
