#include "lobby/rating/inactivity.h"

#include <chrono>

namespace lobby::rating {

double rating_periods(Millis idle, double periods_per_day) {
    if (idle <= Millis{0})
        return 0;
    const std::chrono::duration<double, std::ratio<86400>> days = idle;
    return days.count() * periods_per_day;
}

double deviation_growth_per_day(double periods_per_day) {
    return periods_per_day * glicko2_scale * glicko2_scale;
}

Glicko rating_at(const Glicko& stored, TimePoint last_rated, TimePoint now,
                 const GlickoParameters& parameters, double periods_per_day) {
    return grow_deviation(stored, rating_periods(now - last_rated, periods_per_day), parameters);
}

} // namespace lobby::rating
