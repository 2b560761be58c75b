#include "server/play/computer_seat.h"

#include "engine/search_process.h"
#include "lobby/table.h"
#include "server/log.h"
#include "server/play/live_table.h"

#include <algorithm>

namespace server::play {
namespace {

// Every computer that can sit at a table, built once.
const std::vector<std::pair<engine::Level, lobby::Player>>& every_computer() {
    static const auto all = [] {
        std::vector<std::pair<engine::Level, lobby::Player>> list;
        for (const engine::Level level :
             {engine::Level::Easy, engine::Level::Medium, engine::Level::Hard})
            for (int number = 1; number <= max_computers; ++number)
                list.emplace_back(level, computer_player(level, number));
        return list;
    }();
    return all;
}

} // namespace

std::shared_ptr<engine::WorkerPool> make_computer_pool(const ComputerOptions& options) {
    if (options.threads == 0)
        return nullptr;
    engine::WorkerPoolOptions pool;
    pool.threads = options.threads;
    pool.warn = [](const std::string& text) { log::warn(text); };
    if (!options.search_process.empty()) {
        engine::SearchProcessOptions process;
        process.executable = options.search_process;
        process.threads = options.threads + (pool.quick_thread ? 1 : 0);
        process.warn = pool.warn;
        // Owned by the search function, so it goes after the pool's threads are joined.
        auto searches = std::make_shared<engine::SearchProcess>(std::move(process));
        pool.search = [searches](const rules::Game& game, const engine::Request& request,
                                 const engine::SearchControl& control) {
            return searches->search(game, request, control);
        };
    }
    return std::make_shared<engine::WorkerPool>(std::move(pool));
}

ComputerSeat::ComputerSeat(std::shared_ptr<engine::WorkerPool> pool, engine::Level level,
                           lobby::Player player, std::uint64_t seed, std::string owner,
                           const ComputerOptions& options)
    : pool_(std::move(pool)), level_(level), player_(std::move(player)),
      max_think_(options.max_think), report_(options.report), seed_(seed),
      owner_(std::move(owner)) {
}

ComputerTable::ComputerTable(std::shared_ptr<engine::WorkerPool> pool, std::uint64_t seed,
                             std::string owner, ComputerOptions options)
    : pool_(std::move(pool)), seed_(seed), owner_(std::move(owner)), options_(std::move(options)) {
}

void ComputerTable::settled(LiveTable& live_table) {
    if (!live_table.closed())
        find_seats(live_table);
    for (const auto& seat : seats_)
        seat->settled(live_table);
}

void ComputerTable::find_seats(LiveTable& live_table) {
    const lobby::Table& table = live_table.table();
    if (scanned_version_ == table.version())
        return;
    scanned_version_ = table.version();
    for (const auto& [level, player] : every_computer()) {
        if (!table.seat_of(player.id))
            continue;
        const bool known = std::any_of(seats_.begin(), seats_.end(), [&](const auto& seat) {
            return seat->player().id == player.id;
        });
        if (known)
            continue;
        // Each computer draws its own moves: the table's seed mixed with its place in the list.
        const std::uint64_t seed = seed_ + 0x9e3779b97f4a7c15ULL * (seats_.size() + 1);
        seats_.push_back(
            std::make_shared<ComputerSeat>(pool_.lock(), level, player, seed, owner_, options_));
    }
}

void ComputerSeat::settled(LiveTable& live_table) {
    if (live_table.closed())
        return cancel(live_table);
    lobby::Table& table = live_table.table();
    const auto seat = table.seat_of(player_.id);
    if (seat && table.version() != answered_version_) {
        answered_version_ = table.version();
        answer_offers(live_table, *seat);
    }
    const bool to_move = seat && table.status() == lobby::TableStatus::Playing &&
                         table.game().seat_to_move() == *seat;
    if (job_ && (!to_move || job_->game_number != table.game_number() ||
                 job_->ply != table.recorded_moves().size()))
        cancel(live_table);
    if (to_move && !job_)
        start(live_table);
}

// Posted, so that each answer is table work of its own (its events go out after it).
void ComputerSeat::answer_offers(LiveTable& live_table, int seat) {
    const auto state = live_table.table().state(live_table.now());
    const auto from_opponent = [&](const std::optional<int>& by) { return by && *by != seat; };
    const auto offered = std::count(state.rematch_offers.begin(), state.rematch_offers.end(), true);
    using Action = lobby::Refusal (lobby::Table::*)(const lobby::PlayerId&, lobby::TimePoint);
    Action action = nullptr;
    if (state.status == lobby::TableStatus::Playing && from_opponent(state.takeback_request))
        action = &lobby::Table::accept_takeback; // casual games: granted
    else if (state.status == lobby::TableStatus::Playing && from_opponent(state.draw_offer))
        action = &lobby::Table::decline_draw; // the computer plays on
    else if (state.status == lobby::TableStatus::Finished && offered > 0 &&
             !state.rematch_offers[seat])
        action = &lobby::Table::offer_rematch;
    // A restored table marks everyone away until they come back; the computer is always here.
    const auto& mine = state.seats[seat];
    if (mine && !mine->connected)
        live_table.post(
            [id = player_.id](LiveTable& h) { (void)h.table().set_connected(id, true, h.now()); });
    if (!action)
        return;
    live_table.post([id = player_.id, action](LiveTable& h) {
        if (auto refused = (h.table().*action)(id, h.now()))
            log::debug("play: the computer's answer was refused: " + refused->detail);
    });
}

engine::Request ComputerSeat::request_for(LiveTable& live_table, int seat) const {
    lobby::Table& table = live_table.table();
    engine::Request request;
    request.level = level_;
    // The engine mixes in the ply; each game of the table plays its own.
    request.seed = seed_ + static_cast<std::uint64_t>(table.game_number());
    const auto now = live_table.now();
    const auto state = table.state(now);
    auto remaining = state.clocks.remaining[seat];
    // Before both first moves the clock waits, but the first-move window does not.
    if (state.first_move_deadline)
        remaining = std::min(remaining, *state.first_move_deadline - now);
    const auto& control = table.setup().time_control;
    const engine::ClockState clock{.remaining = std::max(remaining, lobby::Millis{0}),
                                   .increment = control.increment + control.delay};
    // Days on the clock: a fixed time per move rather than a thirtieth of them.
    if (engine::budget_for(clock).soft > max_think_)
        request.movetime = max_think_;
    else
        request.clock = clock;
    return request;
}

void ComputerSeat::start(LiveTable& live_table) {
    const auto pool = pool_.lock();
    if (!pool)
        return;
    lobby::Table& table = live_table.table();
    const auto seat = *table.seat_of(player_.id);
    Job job{.serial = ++serials_,
            .game_number = table.game_number(),
            .ply = table.recorded_moves().size(),
            .ticket = nullptr};
    // The answer comes on a worker thread and goes to the table's strand; neither the live table
    // nor this seat is kept alive by a search.
    job.ticket = pool->think(
        table.game().clone(), request_for(live_table, seat),
        [weak_table = live_table.weak_from_this(), weak_self = weak_from_this(),
         serial = job.serial](rules::Result<engine::Choice> result) {
            const auto target = weak_table.lock();
            if (!target)
                return;
            target->post([weak_self, serial, result = std::move(result)](LiveTable& h) {
                if (const auto self = weak_self.lock())
                    self->answered(h, serial, result);
            });
        },
        owner_);
    job_ = std::move(job);
    tell(ComputerReport::Kind::Started, table.code(), job_->ply);
}

void ComputerSeat::cancel(LiveTable& live_table) {
    if (!job_)
        return;
    job_->ticket->cancel();
    const auto ply = job_->ply;
    job_.reset();
    tell(ComputerReport::Kind::Cancelled,
         live_table.closed() ? std::string() : live_table.table().code(), ply);
}

void ComputerSeat::answered(LiveTable& live_table, std::uint64_t serial,
                            const rules::Result<engine::Choice>& result) {
    if (live_table.closed())
        return;
    lobby::Table& table = live_table.table();
    if (!job_ || job_->serial != serial) {
        tell(ComputerReport::Kind::Dropped, table.code(), 0);
        return;
    }
    const Job job = *job_;
    job_.reset();
    if (job.ticket->cancelled()) {
        tell(ComputerReport::Kind::Cancelled, table.code(), job.ply);
        return;
    }
    if (result) {
        log::debug("play: " + player_.id + " at " + table.code() + ": " + result.value().log);
        live_table.play_move(nullptr, nullptr, player_.id, static_cast<int>(job.ply),
                             result.value().move, lobby::Millis{0});
        if (table.recorded_moves().size() > job.ply) {
            tell(ComputerReport::Kind::Played, table.code(), job.ply, result.value().move);
            return;
        }
        if (table.status() != lobby::TableStatus::Playing) {
            // The flag fell before the move arrived: the table ended the game on the clock.
            log::info("play: " + player_.id + " at " + table.code() + " moved too late");
            tell(ComputerReport::Kind::Dropped, table.code(), job.ply);
            return;
        }
    }
    // The engine found nothing to play, or the table refused its move: a bug, logged; the
    // computer resigns rather than let its clock run out.
    log::error("play: " + player_.id + " at " + table.code() + " could not move" +
               (result ? std::string(": the table refused ") + result.value().move
                       : ": " + result.error().detail));
    (void)table.resign(player_.id, live_table.now());
    tell(ComputerReport::Kind::Failed, table.code(), job.ply);
}

void ComputerSeat::tell(ComputerReport::Kind kind, std::string table, std::size_t ply,
                        std::string move) const {
    if (report_)
        report_(ComputerReport{
            .kind = kind, .table = std::move(table), .ply = ply, .move = std::move(move)});
}

} // namespace server::play
