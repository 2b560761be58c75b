#pragma once
// For the arena tests: a recording stand-in for the live tables' side of berserk
// (server/tournaments/arena_clocks.h). Thread-safe: the HTTP tests call it on the worker.

#include "server/tournaments/arena_clocks.h"

#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tournament_test {

class RecordingClocks final : public server::tournaments::ArenaClocks {
public:
    struct Asked {
        std::string code;
        storage::UserId user = 0;
        bool restoring = false;
    };
    // Records the call and answers `refusal` (none: applied) at once, or never while held
    // (a server killed before its table answered).
    void berserk(const std::string& code, storage::UserId user, bool restoring,
                 server::tournaments::BerserkApplied done) override {
        std::optional<rules::Error> answer;
        {
            const std::lock_guard lock(mutex_);
            asked_.push_back({code, user, restoring});
            if (held_)
                return;
            answer = refusal_;
        }
        done(answer);
    }
    void hold() {
        const std::lock_guard lock(mutex_);
        held_ = true;
    }
    std::vector<Asked> asked() const {
        const std::lock_guard lock(mutex_);
        return asked_;
    }
    void refuse_with(std::optional<rules::Error> refusal) {
        const std::lock_guard lock(mutex_);
        refusal_ = std::move(refusal);
    }

private:
    mutable std::mutex mutex_;
    std::vector<Asked> asked_;
    std::optional<rules::Error> refusal_;
    bool held_ = false;
};

} // namespace tournament_test
