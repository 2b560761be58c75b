#pragma once
// The draw rules of the diagonal variants, each a named counter with its article. Threefold
// repetition (the same position with the same side to move for the third time) holds in
// every variant but those of DrawFamily::Agreement; the counters below depend on Rules::draws.
// Every counter is kept in plies (one move of each player = 2 plies); "after N moves" means N moves
// of each player. A rule that gives the stronger side N moves to win is 2N plies from when its
// ending arose: the stronger side's Nth move falls within them, and a win on that move (the
// opponent cannot move) is found before any draw rule is looked at.
//
// FMJD (international, antidraughts): FMJD Official Rules for International
// Draughts (Annex 1, version November 2015), article 6 "The draw":
//   "threefold" (6.1): the same position for the third time, the same player to move.
//   "25-move"   (6.2): 25 successive moves of each player with kings only, no man moved and
//                      no capture.
//   "16-move"   (6.3): three kings, two kings and a man, or a king and two men against a
//                      lone king: drawn after 16 more moves of each player.
//   "5-move"    (6.4): two kings, a king and a man, or a king against a lone king: drawn
//                      after 5 more moves of each player.
//   The 16- and 5-move counts start when that ending arises (KNDB wording: "after a position
//   of ... has arisen"); a crowning that keeps the ending (king and two men -> two kings and a
//   man) does not restart them, a capture that makes a new ending does.
// Brazilian: Confederação Brasileira de Damas, "Regras Oficiais do Jogo de Damas 64 casas e
// 100 casas", item 16: "64 casas - Após 20 (vinte) lances sucessivos de Damas, sem captura ou
// deslocamento de pedra, a partida é declarada empatada" (100 squares: 25), as two copies of
// the text give it (apedamas.blogspot.com "Regulamento Oficial", and a 2010 summary on
// rodrygoruyz.blogspot.com). The FMJD's Brazilian page (brazil.fmjd.org) translates the same
// rules.
//   "20-move"   (item 16): 20 successive moves of each player with kings only, no man moved
//                          and no capture.
//   "16-move", "5-move": as FMJD 6.3 and 6.4 above. No CBD text on these endings was found,
//                          so they stay as the FMJD has them (unverified for Brazilian).
// Russian: FMJD-64 rules of the game (fmjd64.org/rules-of-the-game), article 7.2, read as
// quoted in the lidraughts source (the federation page itself was not at hand):
//   "3-kings"       (7.2.4): "three kings (or more) against a single enemy king": drawn if
//                            not won by the 15th move counted from when that balance of
//                            forces arose. Kings only: a side with three kings and a man is
//                            not in this ending (see draw_rules.cpp for the sources).
//   "15-move"       (7.2.5): 15 moves of each player with kings only, no man moved, no capture.
//   "30-move"       (7.2.6): both sides have kings, 4 or 5 pieces on the board, the balance
//                            unchanged (no capture, no man crowned) for 30 moves.
//   "60-move"       (7.2.6): the same with 6 or 7 pieces, for 60 moves.
//   "long-diagonal" (7.2.7): three kings, two kings and a man, or a king and two men against a
//                            lone king standing on the long diagonal (a1-h8): drawn if not
//                            won by the 5th move. We count from when the lone king (in that
//                            ending) last stepped onto the diagonal; the text does not say
//                            whether moves off the diagonal in between count.
//   "5-move"        (7.2.8): two kings, a king and a man, or a king against a lone king:
//                            drawn if not won by the 5th move.
// English: WCDF Rules of Draughts, section one, "the drawn game", rule 1.32.2 (the number
// two third-party copies of the rulebook give, quoting 1.32.1 for the threefold rule; one
// other cites 1.27.2; the WCDF copy we could read, docslib.org "Rules of Draughts
// (Checkers)", did not show this rule's number): drawn when neither player has advanced an
// uncrowned man towards the king row, and no piece has been removed, during their own
// previous 40 moves. The WCDF makes it a claim to the referee; we apply it automatically.
//   "40-move":       80 plies with no man moved and no capture.
// Czech: FMJD's "Brief Rules of Czech Draughts" (fmjd.org/variant.php?p=czech): drawn "if no
// jump or move by a piece [man] is done within 15 moves" (no article number given). No text
// of the Czech federation (Česká federace dámy) was found to confirm it or give its article;
// English Wikipedia ("Czech draughts") names only a draw when no capture is possible any more.
//   "15-move":       30 plies with no man moved and no capture.
// Spanish: no text of the Spanish federation (FEDA) was found. We follow the rules of the
// same game by the Portuguese federation: "Rules of Portuguese Draughts (Spanish Draughts)",
// Federação Portuguesa de Damas, in force from 1 April 2026, article 3.8, as quoted in a
// third-party implementation (the document itself was not at hand):
//   "12-move" (3.8.a, the "Forçada"): three kings holding the "River" (the long diagonal)
//             against a lone king have 12 moves to win. The count begins after the move that
//             occupies the River, which is not counted; the capturing move counts among the
//             12. Once begun, the count runs while the three kings face the lone king, even
//             if they leave the River (the text says only when it begins).
//   "20-move" (3.8.b): at most four pieces on each side, at least one king on each side:
//             drawn after 20 moves of each player without a capture or a man moved; this
//             rule does not apply to the Forçada. Three kings that have not yet taken the
//             River are not the Forçada, so this rule covers them (the quoting implementation
//             reads it otherwise: no 20-move count for three kings against one at all).
//   Conflicts: our references (issue 4) say "3 kings with the main diagonal against a king:
//   at most 12 moves", which agrees. section64port.online ("Spanish Draughts") draws after
//   "40 successive king moves (20 each side) without any capture" with no limit on the
//   material; we follow the federation's text and its material condition.
// Pool: the APCA rules (americanpoolcheckers.us, "APCA Tournament Rules of Play") were not
// readable in full; three secondary sources (Wikipedia's "American pool checkers", citing
// the APCA playing rules; windames.free.fr; torofun.com) agree on one rule:
//   "13-move": three kings against a lone king must win within 13 moves (even if the 14th
//              move would be a capture): 26 plies from when that ending arose. An older
//              text (Black and Waters, 1947, rule 31, quoted on the playstrategy.org forum)
//              has the lone king caught "before the long king counts thirteen"; when its
//              count starts was not readable, so we count from when the ending arose.
// Italian (FID): threefold only. The FID's "Brief rules of Italian draughts"
// (fid.it/corsi/10regoleita.asp?lang=en) name agreement and a position "repeated three
// consecutive times" as the only draws; the FID's full technical rules (fid.it/regolamenti,
// Capo I) were not readable past article 2, so no article number is given. We count any three
// occurrences, as every other variant does.
// Russian-giveaway: threefold only; no federation text with a counter was found.
// Breakthrough: no draw rule at all, repetition included (lidraughts' Breakthrough keeps no
// repetition history); the players may agree a draw.
// Killer: the FMJD rules above, as for international draughts.
// Frisian, Frysk!: no repetition rule (lidraughts counts none for them, and the federation's
// rules page names none). From the Frisian federation's page (friesdammen.nl/en/
// frisian-draughts, "The rules of the game"):
//   "7-move":      "If a player possesses two kings (and his opponent only one), he has seven
//                  moves to finish the match. If he doesn't succeed to win within seven moves,
//                  it is a draw": 14 plies from when the ending arose; kings only, as
//                  lidraughts reads it (two kings and a man against a king is not this rule).
//   "king-v-king": one king each: drawn at once unless a king can be taken: the official
//                  rules "state that the game is drawn immediately when both players have only
//                  one king left, unless either player can capture the other king immediately
//                  or will necessarily be able to do this next move" (as lidraughts' Frisian
//                  source quotes them; the federation's text itself was not at hand; lidraughts
//                  itself plays two more moves instead). We read it as: not drawn if the side
//                  to move can capture now, or every move it has lets the opponent capture,
//                  or it has a move after which every reply lets it capture.

#include "rules/draughts/board.h"
#include "rules/draughts/variants.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rules::draughts {

// The endings whose count starts when they arise and survives a crowning within the ending.
enum class Ending : std::uint8_t {
    None,
    ThreeAgainstKing, // FMJD 6.3: three pieces, at least one a king, against a lone king
    TwoAgainstKing,   // FMJD 6.4, FMJD-64 7.2.8: one or two pieces, a king among them, v king
    LongDiagonal,     // FMJD-64 7.2.7: the 6.3 material, the lone king on the long diagonal
    ThreeKings,       // pool, Spanish: exactly three kings (no man) against a lone king
    RiverHeld,        // Spanish 3.8.a: ThreeKings once a strong king stood on the River
    TwoKings,         // Frisian: exactly two kings (no man) against a lone king
};

struct DrawCounters {
    int kings_only_plies = 0;     // since the last capture or man move
    int balance_plies = 0;        // since the last capture or crowning (the balance of forces)
    Ending ending = Ending::None; // the ending of the current position
    int ending_plies = 0;         // since `ending` arose
};

// The ending of `position` as the variant's draw rules see it.
Ending ending_of(const Rules& rules, const Position& position);

// The counters of a game that starts in `position`.
DrawCounters start_counters(const Rules& rules, const Position& position);

// Updates the counters for a move: whether it captured, moved a man, and crowned, and the
// ending of the position it led to.
DrawCounters advance(DrawCounters counters, bool captured, bool man_moved, bool crowned,
                     Ending ending_after);

// The name of a draw rule that holds in `position`, if any. `repetitions` is how many times
// the position (with the same side to move) has occurred, this time included.
std::optional<std::string> draw_rule_holding(const Rules& rules, const Position& position,
                                             const DrawCounters& counters, int repetitions);

} // namespace rules::draughts
