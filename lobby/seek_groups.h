#pragma once
// The search behind SeekPools' tables of more than two seats: among one pool's seekers (in
// seek order), the first group of `seats` who all fit each other. Which pairs fit is asked
// once per search and kept as one bit row per seeker, so trying a candidate costs a few word
// operations, not a rating comparison and two block-list lookups per member already chosen.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace lobby {

class GroupSearch {
public:
    // `fits(i, j)`, asked once for each i < j, says whether seekers i and j may sit at one
    // table.
    GroupSearch(std::size_t seekers, const std::function<bool(std::size_t, std::size_t)>& fits);

    // The next table: the earliest seeker not yet taken who has a group, with the earliest
    // others in seek order (a depth-first search in that order), as indexes in seek order;
    // they are taken. Empty when no seeker has one. A seeker whose search tries more than
    // `max_steps` candidates counts as having none: a pool where many seekers block each
    // other cannot stall the lobby.
    std::vector<std::size_t> take_group(std::size_t seats, std::size_t max_steps);

    bool taken(std::size_t seeker) const;

private:
    using Word = std::uint64_t;
    std::size_t seekers_;
    std::size_t words_;            // words per bit row
    std::vector<Word> fits_;       // row i: the seekers that fit seeker i
    std::vector<Word> free_;       // the seekers not taken
    std::size_t next_oldest_ = 0;  // earlier seekers have no group, now or later in this search
    std::vector<Word> candidates_; // one row per level of the search
    std::vector<std::size_t> chosen_;
    std::size_t steps_ = 0;

    const Word* row(std::size_t i) const { return fits_.data() + i * words_; }
    bool extend(std::size_t level, std::size_t seats, std::size_t max_steps);
};

} // namespace lobby
