#pragma once
// How hard a commit works to reach the disk, a setting of every backend (config key
// `db_synchronous`). Full: an acknowledged commit survives a power loss (SQLite: the WAL is
// fsynced at every commit; PostgreSQL: synchronous_commit on). Normal: survives a crash of this
// process, but the last commits may be lost if the machine or the database server goes down
// (SQLite: WAL synced at checkpoints only; PostgreSQL: synchronous_commit off).

#include <cstdint>

namespace storage {

enum class Durability : std::uint8_t { Full, Normal };

} // namespace storage
