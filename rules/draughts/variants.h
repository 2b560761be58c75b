#pragma once
// The diagonal draughts variants as rows of data. One generator (movegen.h) reads these
// fields; nothing else in the family branches on the variant for move rules.
//
// Sources: FMJD Official Rules for International Draughts, Annex 1, version November 2015
// (art. 3 moves, art. 4 capture; the numbers below checked against that text); the Russian Draughts
// Federation (FShR) / FMJD-64 rules; the EDA/ACF laws of checkers; the FID (Italian federation)
// rules; the FEDA (Spanish) rules; the APCA pool checkers rules; the Czech draughts federation
// (CSDS) rules. Where only the federation is named we could not check an article number.

#include "rules/variant.h"

#include <cstdint>
#include <optional>

namespace rules::draughts {

// Which capture sequences a player may choose among when capturing is compulsory.
enum class CaptureChoice : std::uint8_t {
    Free,           // any complete sequence (Russian, English, pool)
    Maximum,        // the most pieces; kings and men count the same (FMJD art. 4.13)
    ItalianOrder,   // most pieces, then with a king, then most kings, then kings taken first
    SpanishQuality, // most pieces (quantity), then most kings (quality)
    KingPriority,   // Czech: a king must capture if a king can; otherwise free choice
    FrisianValue,   // the highest value (a king more than a man, less than two), then a king
};

// How squares are numbered and which corner is playable (see notation.h for the pictures).
enum class Numbering : std::uint8_t {
    Standard, // PDN: 1 at the far left playable square, left to right, away from White
    Italian,  // board turned: dark corner at each player's right, 1 at a8
    Spanish,  // light squares, long diagonal at the player's right, 1 at h1 on White's side
};

// Which draw-by-counter rules a variant has (threefold repetition is common to all); the
// rules, their sources and article numbers are in draw_rules.h.
enum class DrawFamily : std::uint8_t {
    Fmjd,      // 25-move, 16-move, 5-move (FMJD rules, draw articles)
    Brazilian, // 20-move (CBD rules, item 16), then FMJD's 16-move and 5-move
    Russian,   // 15-move kings only, 3 kings v 1, long diagonal, 30/60-move material rules
    English,   // 40-move rule
    Czech,     // 15 moves without a man moved or a capture
    Spanish,   // 3 kings holding the long diagonal v 1 king: 12 moves; 20-move rule
    Pool,      // 3 kings v 1 king: 13 moves
    Threefold, // threefold repetition only: no federation text with a counter found
    Agreement, // no draw rule at all, not even repetition: only the players' agreement
    Frisian,   // no repetition; two kings v one king: 7 moves; king v king (draw_rules.h)
};

struct Rules {
    VariantId id = VariantId::International;
    int board_size = 8;
    bool black_moves_first = false;              // English, pool: Black (dark) starts
    bool men_capture_backward = false;           // FMJD art. 4.1
    bool flying_kings = false;                   // FMJD art. 3.9 / 4.3
    CaptureChoice capture = CaptureChoice::Free; // FMJD art. 4.13
    bool crown_mid_capture = false;              // Russian: crowned at once, goes on as king
    bool men_capture_kings = true;               // Italian: a man may not take a king
    bool giveaway = false;                       // whoever cannot move wins
    bool crowning_wins = false;                  // Breakthrough: the first king wins the game
    bool king_halts_after_king = false;          // Killer: halt behind a king taken last
    bool orthogonal_captures = false;            // Frisian: men and kings capture 8 ways
    int same_king_moves = 0;                     // Frisian: quiet moves in a row per king
    int start_rows = 0;                          // rows of men at the start; 0: N/2 - 1
    Numbering numbering = Numbering::Standard;
    DrawFamily draws = DrawFamily::Fmjd;
};

// FMJD Official Rules: 10x10 (art. 2.1), White first (art. 3.3), men capture backward
// (art. 4.1), flying kings (art. 3.9, 4.3), the most pieces must be taken (art. 4.13), a man
// crowned only if it ends its move on the far row (art. 3.5, 4.15).
inline constexpr Rules international{.id = VariantId::International,
                                     .board_size = 10,
                                     .men_capture_backward = true,
                                     .flying_kings = true,
                                     .capture = CaptureChoice::Maximum};

// Brazilian draughts (CBD rules): the FMJD rules on an 8x8 board, but 20 king moves, not 25,
// draw a game (CBD item 16; draw_rules.h).
inline constexpr Rules brazilian{.id = VariantId::Brazilian,
                                 .board_size = 8,
                                 .men_capture_backward = true,
                                 .flying_kings = true,
                                 .capture = CaptureChoice::Maximum,
                                 .draws = DrawFamily::Brazilian};

// Russian draughts (FShR / FMJD-64 rules): free choice of capture; a man that
// reaches the far row during a capture is crowned at once and goes on capturing as a king.
inline constexpr Rules russian{.id = VariantId::Russian,
                               .board_size = 8,
                               .men_capture_backward = true,
                               .flying_kings = true,
                               .crown_mid_capture = true,
                               .draws = DrawFamily::Russian};

// English draughts / checkers (EDA laws): Black moves first, men capture forward only,
// kings move one square, free choice but the chosen sequence must be completed; a man that
// reaches the king row ends its move there.
inline constexpr Rules english{.id = VariantId::English,
                               .board_size = 8,
                               .black_moves_first = true,
                               .draws = DrawFamily::English};

// Italian draughts (FID Regolamento): board turned, men forward only and may not take kings,
// short kings; precedence: most pieces, then with a king, then most kings, then kings first.
inline constexpr Rules italian{.id = VariantId::Italian,
                               .board_size = 8,
                               .capture = CaptureChoice::ItalianOrder,
                               .men_capture_kings = false,
                               .numbering = Numbering::Italian,
                               .draws = DrawFamily::Threefold};

// Spanish draughts (FEDA): light squares, long diagonal at the right, flying kings, men
// forward only; law of quantity, then law of quality.
inline constexpr Rules spanish{.id = VariantId::Spanish,
                               .board_size = 8,
                               .flying_kings = true,
                               .capture = CaptureChoice::SpanishQuality,
                               .numbering = Numbering::Spanish,
                               .draws = DrawFamily::Spanish};

// American pool checkers (APCA): Black first, men capture backward, flying kings, free
// choice; a man passing the king row during a capture goes on as a man.
inline constexpr Rules pool{.id = VariantId::Pool,
                            .board_size = 8,
                            .black_moves_first = true,
                            .men_capture_backward = true,
                            .flying_kings = true,
                            .draws = DrawFamily::Pool};

// Czech draughts (CSDS rules): men forward only, flying kings, a king must capture when a
// king can, otherwise free choice.
inline constexpr Rules czech{.id = VariantId::Czech,
                             .board_size = 8,
                             .flying_kings = true,
                             .capture = CaptureChoice::KingPriority,
                             .draws = DrawFamily::Czech};

// Antidraughts: the international rules, but whoever cannot move wins.
inline constexpr Rules antidraughts{.id = VariantId::Antidraughts,
                                    .board_size = 10,
                                    .men_capture_backward = true,
                                    .flying_kings = true,
                                    .capture = CaptureChoice::Maximum,
                                    .giveaway = true};

// Russian giveaway (poddavki): the Russian rules, but whoever cannot move wins.
inline constexpr Rules russian_giveaway{.id = VariantId::RussianGiveaway,
                                        .board_size = 8,
                                        .men_capture_backward = true,
                                        .flying_kings = true,
                                        .crown_mid_capture = true,
                                        .giveaway = true,
                                        .draws = DrawFamily::Threefold};

// Killer draughts (Christian Freeling's variant, as mindsports.nl "Killer Draughts" and the
// Zillions of Games submission describe it; no federation text exists): the international
// rules, but a king whose capture takes a king as its last piece must stop on the first
// square behind that king, a single capture included. Draws as the FMJD's (issue 39).
inline constexpr Rules killer{.id = VariantId::Killer,
                              .board_size = 10,
                              .men_capture_backward = true,
                              .flying_kings = true,
                              .capture = CaptureChoice::Maximum,
                              .king_halts_after_king = true};

// Breakthrough (lidraughts' variant "Breakthrough": "the first player who makes a king
// wins"): the international rules, and a game ends when a man is crowned, won by its side.
// No draw rules: lidraughts keeps no repetition history for it; only agreement draws.
inline constexpr Rules breakthrough{.id = VariantId::Breakthrough,
                                    .board_size = 10,
                                    .men_capture_backward = true,
                                    .flying_kings = true,
                                    .capture = CaptureChoice::Maximum,
                                    .crowning_wins = true,
                                    .draws = DrawFamily::Agreement};

// Frisian draughts (Dambûn Frysk Spul, the Frisian draughts federation; its rules page
// friesdammen.nl/en/frisian-draughts, and its rules article 11 as the dctl library cites it,
// "dam/pagefr.php?articleID=20"; the article itself was not at hand):
//   - the international board and start, men step diagonally forward, kings fly diagonally;
//   - men and kings capture in eight directions, diagonally and orthogonally; an orthogonal
//     jump goes over the next playing square of the row or column (two squares on) and a king
//     flies along the row or column as along a diagonal;
//   - the capture of the highest value must be taken: n kings are worth more than 2n - 1 men
//     and less than 2n men (article 11, as dctl encodes it; lidraughts counts a king 199 and a
//     man 100, the same order: so 2 men > 1 king, 2 kings > 3 men, 4 men > 2 kings); with
//     equal value a king must capture ("If a king and a draughtsman can strike an equal value,
//     the king must strike", the federation's page). English Wikipedia's "a king is worth a
//     man and a half" disagrees (2 kings = 3 men) and is not followed;
//   - a man is crowned only if its move ends on the far row;
//   - "A king can be moved only three times in succession; after that it must be 'set free'
//     by a strike (possibly with the same king) or a move by another draughtsman. This rule
//     does not hold if the player has only kings" (the federation's page);
//   - draws: draw_rules.h (no repetition rule).
inline constexpr Rules frisian{.id = VariantId::Frisian,
                               .board_size = 10,
                               .men_capture_backward = true,
                               .flying_kings = true,
                               .capture = CaptureChoice::FrisianValue,
                               .orthogonal_captures = true,
                               .same_king_moves = 3,
                               .draws = DrawFamily::Frisian};

// Frysk! (lidraughts' "Frysk!": "Frisian draughts starting with 5 pieces each", its start
// W:W46-50:B1-5): the Frisian rules from one row of men each.
inline constexpr Rules frysk = [] {
    Rules rules = frisian;
    rules.id = VariantId::Frysk;
    rules.start_rows = 1;
    return rules;
}();

// How many men each side starts with, and so the most it can ever have.
constexpr int pieces_per_side(const Rules& rules) {
    const int rows = rules.start_rows != 0 ? rules.start_rows : rules.board_size / 2 - 1;
    return rows * (rules.board_size / 2);
}

// The row of a diagonal variant; nullopt for chess and Turkish draughts.
std::optional<Rules> rules_of(VariantId id);

} // namespace rules::draughts
