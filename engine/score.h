#pragma once
// Search scores: hundredths of a pawn (chess) or of a man (draughts), from the side to
// move's point of view; a won or lost game scores near +-mate, nearer when it is sooner.

namespace engine {

inline constexpr int infinity = 32000;
inline constexpr int mate = 30000;
inline constexpr int max_ply = 128;
inline constexpr int mate_bound = mate - max_ply; // beyond it a score is a forced result

constexpr bool is_mate_score(int score) {
    return score >= mate_bound || score <= -mate_bound;
}

// A mate score counts from the root; the table keeps it counted from the node.
constexpr int score_to_table(int score, int ply) {
    return score >= mate_bound ? score + ply : score <= -mate_bound ? score - ply : score;
}
constexpr int score_from_table(int score, int ply) {
    return score >= mate_bound ? score - ply : score <= -mate_bound ? score + ply : score;
}

} // namespace engine
