// tabula perft <variant> <depth> [--fen "<FEN>"] [--divide] [--keep-duplicates]
// The last line of standard output is the node count, a bare integer.
#include "command_line/arguments.h"
#include "rules/perft.h"
#include "tools/commands.h"

#include <chrono>
#include <iostream>

namespace tools {

int run_perft(const Args& args) {
    const char* usage =
        "usage: tabula perft <variant> <depth> [--fen \"<FEN>\"] [--divide] [--keep-duplicates]\n";
    if (args.size() < 2) {
        std::cerr << usage;
        return 2;
    }
    const auto variant = rules::variant_from_name(args[0]);
    if (!variant) {
        std::cerr << "tabula perft: unknown variant '" << args[0] << "'\n";
        return 2;
    }
    rules::PerftOptions options;
    const auto depth = whole_number<int>(args[1]);
    if (!depth || *depth < 0 || *depth > 64) {
        std::cerr << "tabula perft: depth must be a whole number from 0 to 64\n";
        return 2;
    }
    options.depth = *depth;
    std::string fen;
    for (std::size_t i = 2; i < args.size(); ++i) {
        if (args[i] == "--fen" && i + 1 < args.size()) {
            fen = args[++i];
        } else if (args[i] == "--divide") {
            options.divide = true;
        } else if (args[i] == "--keep-duplicates") {
            options.keep_duplicates = true;
        } else {
            std::cerr << "tabula perft: unexpected argument '" << args[i] << "'\n" << usage;
            return 2;
        }
    }
    const auto started = std::chrono::steady_clock::now();
    const auto report = rules::perft(*variant, fen, options);
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
    if (!report.ok()) {
        std::cerr << "tabula perft: " << report.error().detail << "\n";
        return 1;
    }
    for (const auto& [move, count] : report->divide)
        std::cout << move << ": " << count << "\n";
    const double seconds = elapsed.count();
    std::cerr << "time " << seconds << " s, "
              << (seconds > 0 ? static_cast<double>(report->nodes) / seconds : 0.0) << " nodes/s\n";
    std::cout << report->nodes << "\n";
    return 0;
}

} // namespace tools
