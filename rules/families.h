#pragma once
// The entry points each family implements. Only rules/ includes this header: make_game() and
// perft() dispatch here by family, so nothing above rules/ ever names a family.

#include "rules/game.h"
#include "rules/perft.h"

namespace rules::chess {
// `variant`: chess or chess960 (an empty `fen` is then its start position number 518).
Result<std::unique_ptr<Game>> make_chess_game(VariantId variant, std::string_view fen,
                                              const GameOptions& options);
Result<PerftReport> chess_perft(VariantId variant, std::string_view fen,
                                const PerftOptions& options);
void ensure_attack_tables(); // also in rules/chess/bitboard.h, for the family's own files
Result<std::string> chess960_start_fen(int number); // also in rules/chess/chess960.h
} // namespace rules::chess

namespace rules::draughts {
Result<std::unique_ptr<Game>> make_draughts_game(VariantId id, std::string_view fen,
                                                 const GameOptions& options);
Result<PerftReport> draughts_perft(VariantId id, std::string_view fen,
                                   const PerftOptions& options);
} // namespace rules::draughts

namespace rules::turkish {
Result<std::unique_ptr<Game>> make_turkish_game(std::string_view fen, const GameOptions& options);
Result<PerftReport> turkish_perft(std::string_view fen, const PerftOptions& options);
} // namespace rules::turkish

namespace rules::halma {
Result<std::unique_ptr<Game>> make_halma_game(VariantId id, std::string_view fen,
                                              const GameOptions& options);
Result<PerftReport> halma_perft(VariantId id, std::string_view fen, const PerftOptions& options);
void ensure_layouts(); // every halma variant's board and layout (rules/halma/layout.h)
} // namespace rules::halma
