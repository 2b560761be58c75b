#include "server/net/message_limiter.h"

#include "lobby/errors.h"
#include "server/observability/metrics.h"
#include "server/protocol/envelope.h"

namespace server::net {

MessageLimiter::MessageLimiter(const Config& config, lobby::TimePoint now)
    : read_message_max_(config.read_message_max),
      messages_(config.burst, config.messages_per_second, now),
      strikes_(abuse_strikes, abuse_strikes_per_second, now) {
}

Admission MessageLimiter::refuse(std::string_view code, std::string message, lobby::TimePoint now) {
    Admission refusal{std::string(code), std::move(message), false};
    refusal.close = !strikes_.try_take(now);
    return refusal;
}

Admission MessageLimiter::admit(std::size_t bytes, lobby::TimePoint now) {
    if (!messages_.try_take(now)) {
        observability::metrics().rate_limit_refusals.add();
        return refuse(lobby::errc::rate_limited, "too many messages; slow down", now);
    }
    if (bytes > read_message_max_)
        return refuse(lobby::errc::message_too_large,
                      "message of " + std::to_string(bytes) + " bytes is over the limit of " +
                          std::to_string(read_message_max_),
                      now);
    return {};
}

} // namespace server::net
