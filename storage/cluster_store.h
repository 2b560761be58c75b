#pragma once
// Who owns what in a cluster of `tabula serve` nodes sharing one database: the node registry
// (lease and fencing epoch), the live-table directory and the clock pauses of failovers.
// Backend-neutral: memory_cluster_store.h keeps it in one process (a single node, or several
// handles of one process in tests), postgres/pg_cluster_store.h in PostgreSQL for N nodes.
//
// Safety rests on the epoch alone. A node registers and gets a Fence (its id and a fresh
// epoch); every write it makes as owner carries that fence, checked inside the write's own
// transaction (the game writer's batches, postgres/pg_game_writer.h; the directory calls
// below). Another node takes over a dead one by bumping its epoch (a compare-and-set on the
// epoch it saw): from then on every write carrying the old fence is refused `Fenced`. The lease
// only says WHEN others may take over: it is renewed by the node and expires by the store's
// clock (the database's, never a node's).
//
// A store object is one node's handle: register_node() makes its session the node's (in
// PostgreSQL the session holds an advisory lock, so a killed process is seen dead at once,
// after `session_grace`). Every other call works for any node. One thread at a time; failures
// of the database throw StorageError; refusals and fencing are return values.

#include "storage/records.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace storage {

// A node's identity as an owner: its id and the epoch of its current incarnation.
struct Fence {
    std::string node_id;
    std::int64_t epoch = 0;
};

struct NodeRegistration {
    std::string node_id; // stable across restarts (the `node` setting)
    std::string address; // how other nodes reach it
    std::string build;   // the program's version
};

struct NodeRow {
    std::string node_id;
    std::int64_t epoch = 0;
    std::string address;
    std::string state; // "alive", "dead" (taken over) or "left" (stopped cleanly)
    std::string build;
    TimePoint lease_until{}; // by the store's clock
    TimePoint renewed_at{};  // the last renewal (or the registration): the node surely ran then
};

// A row of the live-table directory: a table code in use somewhere in the cluster.
struct LiveTableRow {
    std::string code;
    std::optional<std::string> owner; // nullopt: handed back, any live node may claim it
    std::int64_t owner_epoch = 0;     // the owner's epoch when it got the table
    std::int64_t table_epoch = 1;     // +1 at every change of owner
    std::optional<GameId> game_id;    // nullopt while the table waits for players
    bool is_public = false;
    // The base of the table's event versions (Unix ms by the store's clock): a new owner's
    // versions start above every version the old one can have sent.
    std::int64_t version_base = 0;
};

// The clock of a game stopped by a failover: the side to move at `ply` is charged up to
// `charged_until` (the dead owner's last renewal) and its clock runs again from `resumed_at`.
struct GamePause {
    GameId game_id = 0;
    std::int64_t ply = 0; // moves stored when the game stopped
    TimePoint charged_until{};
    TimePoint resumed_at{};
};

// The answer of a write made as an owner.
enum class Ownership : std::uint8_t {
    Done,
    Refused, // the table is not the caller's to change (taken, another owner, no such code)
    Fenced,  // the caller's epoch is no longer its node's: it owns nothing any more
};

struct ClusterOptions {
    Millis lease{5000}; // a renewal holds the lease this long
    Millis session_grace{
        1000}; // a node whose session is gone is dead once it renewed this long ago
    // PostgreSQL: the first key of the nodes' advisory locks (pg_advisory_lock(class, lock_key)).
    // Sites sharing one database (tests) give each a class of its own.
    std::int32_t lock_class = 7;
};

// How much a claim moves a table's version base past the old one: more than any owner's
// versions can grow (an event a millisecond for 2.7 hours), so versions never go back.
inline constexpr std::int64_t version_base_step = 10'000'000;

class ClusterStore {
public:
    virtual ~ClusterStore() = default;

    // The store's clock (PostgreSQL's, for every node alike).
    virtual TimePoint now() = 0;

    // Makes this handle's session the node's and starts a new incarnation: a fresh epoch (the
    // previous incarnation of the same id, if any, is fenced), state "alive", the lease from now.
    // Throws StorageError when the registration cannot be made (a second register on one handle).
    virtual Fence register_node(const NodeRegistration& node) = 0;
    // Extends the registered node's lease. False when it is fenced (taken over or registered
    // again): it must stop owning at once.
    virtual bool renew_lease() = 0;
    // A clean stop: the node's state becomes "left", its epoch is bumped (its fence ends) and
    // renewed_at is now. Tables it still owns are taken over like a dead node's (dead_nodes),
    // their clocks stopped from now: that is how a node stopped by SIGTERM hands its tables to
    // the others. False when it was fenced already.
    virtual bool leave() = 0;
    virtual std::vector<NodeRow> nodes() = 0;
    // The nodes to take over: "alive" in the registry but not (their lease expired, or their
    // session is gone and they last renewed more than `session_grace` ago), and "left" ones
    // whose fenced incarnation still owns tables.
    virtual std::vector<NodeRow> dead_nodes() = 0;
    // Fences a dead node: its epoch +1, state "dead", if it still has epoch `seen` and is still
    // dead (as dead_nodes says). False otherwise (someone took it over first, or it came back).
    virtual bool take_over(const std::string& node_id, std::int64_t seen) = 0;

    // Reserves a table code for `owner`, unique in the cluster: Refused when it is in use.
    virtual Ownership reserve_table(const Fence& owner, const std::string& code,
                                    bool is_public) = 0;
    // Records the game a table of `owner` plays (or none, between games).
    virtual Ownership set_game(const Fence& owner, const std::string& code,
                               std::optional<GameId> game, bool is_public) = 0;
    // Hands a table of `owner` back (owner NULL): any live node may claim it.
    virtual Ownership clear_owner(const Fence& owner, const std::string& code) = 0;
    // Gives a table of `owner` to the live node `to` (its current epoch); only the current
    // owner at its epoch can. Refused: not the owner's, or `to` is not alive.
    virtual Ownership hand_off(const Fence& owner, const std::string& code,
                               const std::string& to) = 0;
    // The table is gone: its code is free again.
    virtual Ownership release_table(const Fence& owner, const std::string& code) = 0;
    // Takes for `me` the tables among `codes` (all of them when empty) that belong to the
    // fenced incarnation of `from` (a node whose epoch moved past theirs), or to nobody when
    // `from` is nullopt: each is a compare-and-set on its owner, so two nodes claiming at once
    // get each table once between them. Answers the tables claimed (table_epoch +1, a new
    // version base); an empty answer when `me` is fenced.
    virtual std::vector<LiveTableRow> claim_tables(const Fence& me,
                                                   const std::optional<std::string>& from,
                                                   const std::vector<std::string>& codes) = 0;
    virtual std::vector<LiveTableRow> directory() = 0;
    virtual std::optional<LiveTableRow> find_table(const std::string& code) = 0;

    // Stores a pause (again for the same game and ply: replaced).
    virtual void record_pause(const GamePause& pause) = 0;
    // A game's pauses by ply.
    virtual std::vector<GamePause> pauses(GameId game) = 0;
};

} // namespace storage
