// tabula engine <variant> --level easy|medium|hard [--fen F] [--movetime MS] [--seed S]
//               [--nodes N] [--depth D]
// Asks the computer opponent for a move. Standard error gets the search log and the speed
// ("nodes N, time T s, nodes/s X, cpu C s, nodes/cpu-s Y"); the last line of standard output
// is the move, in the variant's standard notation.
#include "command_line/arguments.h"
#include "engine/engine.h"
#include "engine/worker_pool.h"
#include "tools/commands.h"

#include <chrono>
#include <ctime>
#include <iostream>

namespace tools {
int run_engine(const Args& args) {
    const char* usage = "usage: tabula engine <variant> --level easy|medium|hard [--fen F] "
                        "[--movetime MS] [--seed S] [--nodes N] [--depth D]\n";
    const auto split =
        split_args(args, {"--level", "--fen", "--movetime", "--seed", "--nodes", "--depth"});
    if (!split || split->words.size() != 1) {
        std::cerr << usage;
        return 2;
    }
    const auto variant = rules::variant_from_name(split->words[0]);
    if (!variant) {
        std::cerr << "tabula engine: unknown variant '" << split->words[0] << "'\n";
        return 2;
    }
    engine::Request request;
    const auto value = [&](const char* flag) {
        const auto it = split->values.find(flag);
        return it == split->values.end() ? std::optional<std::string>{} : it->second;
    };
    if (const auto level = value("--level")) {
        const auto parsed = engine::level_from_name(*level);
        if (!parsed) {
            std::cerr << "tabula engine: the level is easy, medium or hard\n";
            return 2;
        }
        request.level = *parsed;
    }
    if (const auto text = value("--movetime")) {
        const auto ms = whole_number<int>(*text);
        if (!ms || *ms <= 0) {
            std::cerr << "tabula engine: --movetime takes a positive number of milliseconds\n";
            return 2;
        }
        request.movetime = std::chrono::milliseconds(*ms);
    }
    if (const auto text = value("--seed")) {
        const auto seed = whole_number<std::uint64_t>(*text);
        if (!seed) {
            std::cerr << "tabula engine: --seed takes a whole number\n";
            return 2;
        }
        request.seed = *seed;
    }
    if (const auto text = value("--nodes")) {
        const auto nodes = whole_number<std::uint64_t>(*text);
        if (!nodes || *nodes == 0) {
            std::cerr << "tabula engine: --nodes takes a positive whole number\n";
            return 2;
        }
        request.node_limit = *nodes;
    }
    if (const auto text = value("--depth")) {
        const auto depth = whole_number<int>(*text);
        if (!depth || *depth <= 0 || *depth > 100) {
            std::cerr << "tabula engine: --depth takes a whole number from 1 to 100\n";
            return 2;
        }
        request.depth_limit = *depth;
    }
    auto game = rules::make_game(*variant, value("--fen").value_or(""));
    if (!game.ok()) {
        std::cerr << "tabula engine: " << game.error().detail << "\n";
        return 1;
    }
    const engine::SteadyClock clock;
    const std::clock_t cpu_started = std::clock();
    const auto choice = engine::choose_move(**game, request, {nullptr, &clock});
    const double seconds = std::chrono::duration<double>(clock.elapsed()).count();
    // Processor time too: on a busy machine it, not the wall clock, measures the search.
    const double cpu = static_cast<double>(std::clock() - cpu_started) / CLOCKS_PER_SEC;
    if (!choice.ok()) {
        std::cerr << "tabula engine: " << choice.error().detail << "\n";
        return 1;
    }
    std::cerr << choice->log << "\n"
              << "score " << choice->score << ", depth " << choice->depth << ", nodes "
              << choice->nodes << ", time " << seconds << " s, nodes/s "
              << (seconds > 0 ? static_cast<double>(choice->nodes) / seconds : 0.0) << ", cpu "
              << cpu << " s, nodes/cpu-s "
              << (cpu > 0 ? static_cast<double>(choice->nodes) / cpu : 0.0) << "\n";
    std::cout << choice->move << "\n";
    return 0;
}

} // namespace tools
