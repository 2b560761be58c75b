#include "lobby/seek_groups.h"

#include <bit>

namespace lobby {

namespace {
constexpr std::size_t bits = 64;
} // namespace

GroupSearch::GroupSearch(std::size_t seekers,
                         const std::function<bool(std::size_t, std::size_t)>& fits)
    : seekers_(seekers), words_((seekers + bits - 1) / bits), fits_(seekers * words_, 0),
      free_(words_, 0) {
    for (std::size_t i = 0; i < seekers; ++i) {
        free_[i / bits] |= Word{1} << (i % bits);
        for (std::size_t j = i + 1; j < seekers; ++j) {
            if (!fits(i, j))
                continue;
            fits_[i * words_ + j / bits] |= Word{1} << (j % bits);
            fits_[j * words_ + i / bits] |= Word{1} << (i % bits);
        }
    }
}

bool GroupSearch::taken(std::size_t seeker) const {
    return (free_[seeker / bits] >> (seeker % bits) & 1U) == 0;
}

std::vector<std::size_t> GroupSearch::take_group(std::size_t seats, std::size_t max_steps) {
    if (seats == 0)
        return {};
    candidates_.assign((seats + 1) * words_, 0);
    for (; next_oldest_ < seekers_; ++next_oldest_) {
        const std::size_t oldest = next_oldest_;
        if (taken(oldest))
            continue;
        // level 1: the free seekers after the oldest that fit it
        const Word* fits_oldest = row(oldest);
        Word* level = candidates_.data() + words_;
        for (std::size_t w = 0; w < words_; ++w)
            level[w] = fits_oldest[w] & free_[w];
        for (std::size_t w = 0; w <= oldest / bits; ++w) // only later seekers
            level[w] &= w < oldest / bits ? 0 : ~Word{0} << (oldest % bits) << 1;
        chosen_.assign(1, oldest);
        steps_ = 0;
        if (!extend(1, seats, max_steps))
            continue; // no group now (or gave up), and none after others leave with theirs
        for (const std::size_t i : chosen_)
            free_[i / bits] &= ~(Word{1} << (i % bits));
        return chosen_;
    }
    return {};
}

// chosen_ has `level` seekers; candidates_ row `level` holds the free seekers after the last
// of them that fit all of them. Adds seekers in seek order until `seats` are chosen.
bool GroupSearch::extend(std::size_t level, std::size_t seats, std::size_t max_steps) {
    if (chosen_.size() == seats)
        return true;
    const Word* candidates = candidates_.data() + level * words_;
    std::size_t left = 0;
    for (std::size_t w = 0; w < words_; ++w)
        left += static_cast<std::size_t>(std::popcount(candidates[w]));
    Word* next = candidates_.data() + (level + 1) * words_;
    for (std::size_t w = 0; w < words_; ++w) {
        for (Word word = candidates[w]; word != 0; word &= word - 1) {
            if (left < seats - chosen_.size())
                return false; // too few candidates left to fill the table
            --left;
            if (++steps_ > max_steps)
                return false;
            const std::size_t k = w * bits + static_cast<std::size_t>(std::countr_zero(word));
            const Word* fits_k = row(k);
            for (std::size_t v = 0; v < words_; ++v) // candidates after k that also fit k
                next[v] = v < w ? 0 : candidates[v] & fits_k[v];
            next[w] &= ~Word{0} << (k % bits) << 1;
            chosen_.push_back(k);
            if (extend(level + 1, seats, max_steps))
                return true;
            chosen_.pop_back();
        }
    }
    return false;
}

} // namespace lobby
