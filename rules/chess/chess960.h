#pragma once
// The 960 start positions of Chess960 (FIDE Laws, Guidelines II.2), by the standard numbering
// 0-959 of Reinhard Scharnagl: 518 is the standard arrangement RNBQKBNR, 0 is BBQNNRKR.
// rules/ has no randomness: the caller picks the number (rules/variant.h says how many).

#include "rules/chess/position.h"
#include "rules/result.h"
#include "rules/variant.h"

#include <string>
#include <string_view>

namespace rules::chess {

inline constexpr int chess960_start_count = 960;
// The number of the standard arrangement, also the position of a Chess960 game started with no
// position given.
inline constexpr int chess960_standard_number = 518;

// The start FEN (X-FEN, castling "KQkq") of position `number`; an Error "bad_start_number" when
// it is not from 0 to 959.
Result<std::string> chess960_start_fen(int number);

// The position a game of a chess variant (chess or chess960) starts from: `fen` read by the
// variant's castling rules (fen.h), or with `fen` empty its standard start (for Chess960, the
// standard arrangement, number 518). Errors: "bad_fen".
Result<Position> start_of(VariantId variant, std::string_view fen);

} // namespace rules::chess
