// The writer's overlapped batches (storage/batch_writer.h) with a backend of the test's own:
// what may be written while a batch's COMMIT is in flight, and the order of the callbacks.

#include "storage/batch_writer.h"

#include <future>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace storage;

namespace {

std::string move_name(GameId game, int ply) {
    return std::string("m").append(std::to_string(game)).append(".").append(std::to_string(ply));
}

// Records each batch it starts and finishes, as "start:" and the batch's writes ("m3.2" a move
// of game 3 at ply 2, "new", "end7"), and "finish". The first start_batch waits for the test's
// gate, so that the test can queue what must come after it. Throws where it is told to.
class RecordingStatements final : public BatchStatements {
public:
    std::promise<void> first_started;
    std::promise<void> gate;
    int fail_start = -1;  // the start_batch (from 0) that throws
    int fail_finish = -1; // the finish_batch (from 0) that throws

    bool overlaps() const override { return true; }

    void write_batch(std::span<QueuedWrite>) override {
        throw std::logic_error("an overlapping backend is written by start and finish");
    }

    bool start_batch(std::span<QueuedWrite> batch) override {
        std::string line = "start:";
        for (const auto& request : batch)
            if (request.writes()) // not flush()'s task, which comes where it comes
                line.append(" ").append(describe(request));
        const int n = starts_++;
        log(line);
        if (n == 0) {
            first_started.set_value();
            gate.get_future().wait();
        }
        if (n == fail_start)
            throw StorageError(std::string("start ").append(std::to_string(n)).append(" failed"));
        return true;
    }

    void finish_batch(std::span<QueuedWrite>) override {
        const int n = finishes_++;
        log("finish");
        if (n == fail_finish)
            throw StorageError(std::string("finish ").append(std::to_string(n)).append(" failed"));
    }

    void log(const std::string& line) {
        std::lock_guard lock(mutex_);
        lines_.push_back(line);
    }

    std::vector<std::string> lines() {
        std::lock_guard lock(mutex_);
        return lines_;
    }

private:
    static std::string describe(const QueuedWrite& request) {
        if (const auto* move = std::get_if<MoveWrite>(&request.what))
            return move_name(move->game, move->move.ply);
        if (const auto* leave = std::get_if<LeaveWrite>(&request.what))
            return std::string("leave").append(std::to_string(leave->game));
        if (std::holds_alternative<CreateGameWrite>(request.what))
            return "new";
        if (const auto* finish = std::get_if<FinishWrite>(&request.what))
            return std::string("end").append(std::to_string(finish->finish.end.game_id));
        return "?";
    }

    std::mutex mutex_;
    std::vector<std::string> lines_;
    int starts_ = 0;
    int finishes_ = 0;
};

// The writer and what its callbacks said, in the order they ran. A test starts the writer once
// it has queued the first batch: a running writer takes whatever is queued when it wakes, so it
// took m1.1 alone, before m2.1 was queued, in 27 of 2,000 runs (54 beside two busy processes).
// The statements' gate cannot prevent that: take() makes the batch before start_batch sees it.
struct WriterUnderTest {
    RecordingStatements statements;
    BatchWriter writer{statements, 100};
    std::mutex mutex;
    std::vector<std::string> called; // "m3.2 ok", "new failed: ..."

    void called_back(const std::string& what, const WriteStatus& status) {
        std::lock_guard lock(mutex);
        called.push_back(what + (status.ok() ? std::string(" ok") : " failed: " + status.error));
    }

    void move(GameId game, int ply) {
        const std::string what = move_name(game, ply);
        MoveRow row;
        row.ply = ply;
        row.move = "x";
        writer.enqueue(QueuedWrite{
            MoveWrite{game, row, [this, what](const WriteStatus& s) { called_back(what, s); }},
            {}});
    }

    void create() {
        writer.enqueue(QueuedWrite{
            CreateGameWrite{GameRow{},
                            [this](const WriteStatus& s, GameId) { called_back("new", s); }},
            {}});
    }

    void end(GameId game) {
        FinishGame finish;
        finish.end.game_id = game;
        writer.enqueue(QueuedWrite{
            FinishWrite{finish,
                        [this, game](const WriteStatus& s, const std::vector<RatingRow>&) {
                            called_back(std::string("end").append(std::to_string(game)), s);
                        },
                        {}},
            {}});
    }
};

} // namespace

TEST_CASE("batch writer: while a batch's COMMIT is in flight, only moves of other games are "
          "written, and the callbacks run in the order of the calls") {
    WriterUnderTest f;
    f.move(1, 1);
    f.move(2, 1);
    // Started now, the writer takes m1.1 m2.1 together; their start waits for the gate.
    f.writer.start();
    f.statements.first_started.get_future().wait();
    f.move(3, 1);
    f.move(1, 2); // game 1 has a move in flight: waits for its commit
    f.move(4, 1);
    f.create(); // not a move: waits until nothing is in flight
    f.move(5, 1);
    f.end(5);
    f.statements.gate.set_value();
    f.writer.flush();

    CHECK(f.statements.lines() == std::vector<std::string>{
                                      "start: m1.1 m2.1",
                                      "start: m3.1", // overlaps m1.1 m2.1's COMMIT
                                      "finish",      // m1.1 m2.1
                                      "start: m1.2 m4.1",
                                      "finish", // m3.1
                                      "finish", // m1.2 m4.1: nothing in flight any more
                                      "start: new m5.1 end5",
                                      "finish",
                                  });
    CHECK(f.called == std::vector<std::string>{"m1.1 ok", "m2.1 ok", "m3.1 ok", "m1.2 ok",
                                               "m4.1 ok", "new ok", "m5.1 ok", "end5 ok"});
    CHECK(f.writer.stats().transactions == 4);
    CHECK(f.writer.stats().requests == 8);
}

TEST_CASE("batch writer: a batch that fails while another is in flight fails alone, and is "
          "reported after it") {
    WriterUnderTest f;
    f.statements.fail_start = 1;  // m3.1's batch fails as it is written
    f.statements.fail_finish = 1; // m1.2 m4.1's COMMIT fails
    f.move(1, 1);
    f.move(2, 1);
    f.writer.start(); // as above: m1.1 m2.1 together
    f.statements.first_started.get_future().wait();
    f.move(3, 1);
    f.move(1, 2);
    f.move(4, 1);
    f.statements.gate.set_value();
    f.writer.flush();

    CHECK(f.statements.lines() == std::vector<std::string>{
                                      "start: m1.1 m2.1",
                                      "start: m3.1", // throws: done, but reported in its turn
                                      "finish",      // m1.1 m2.1
                                      "start: m1.2 m4.1",
                                      "finish", // throws
                                  });
    CHECK(f.called == std::vector<std::string>{"m1.1 ok", "m2.1 ok", "m3.1 failed: start 1 failed",
                                               "m1.2 failed: finish 1 failed",
                                               "m4.1 failed: finish 1 failed"});
    CHECK(f.writer.stats().transactions == 1);
    CHECK(f.writer.stats().failures == 3);
}
