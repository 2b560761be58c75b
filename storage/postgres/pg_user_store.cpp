#include "storage/postgres/pg_user_store.h"

#include "storage/name_key.h"

#include <string>

namespace storage::postgres {
namespace {

constexpr std::string_view user_columns = "id, name, password_hash, created_at, disabled";

std::vector<UserRow> read_users(const Result& r) {
    std::vector<UserRow> users;
    for (int i = 0; i < r.rows(); ++i)
        users.push_back(UserRow{.id = r.integer(i, 0),
                                .name = r.text(i, 1),
                                .password_hash = r.text(i, 2),
                                .created_at = r.time(i, 3),
                                .disabled = r.integer(i, 4) != 0});
    return users;
}

std::optional<UserRow> one_user(const Result& r) {
    auto users = read_users(r);
    if (users.empty())
        return std::nullopt;
    return std::move(users.front());
}

std::optional<UserId> insert_user(Connection& db, std::string_view name,
                                  std::string_view password_hash, TimePoint now) {
    // ON CONFLICT DO NOTHING: a taken name inserts no row, which is the answer, not an error.
    const auto r = db.run("INSERT INTO users (name, name_key, password_hash, created_at) "
                          "VALUES ($1, $2, $3, $4) ON CONFLICT (name_key) DO NOTHING RETURNING id",
                          Params().add(name).add(name_key(name)).add(password_hash).add(now));
    if (r.rows() == 0)
        return std::nullopt;
    return r.integer(0, 0);
}

void insert_session(Connection& db, const SessionRow& session) {
    db.run("INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at) "
           "VALUES ($1, $2, $3, $4, $5)",
           Params()
               .add(session.token_hash)
               .add(session.user_id)
               .add(session.created_at)
               .add(session.expires_at)
               .add(session.last_seen_at));
}

// Changes a user's row and ends its sessions, in one transaction. False: no such user.
bool update_and_end_sessions(Connection& db, std::string_view update, const Params& params,
                             UserId id) {
    Transaction transaction(db);
    if (db.run(update, params).affected() == 0)
        return false;
    db.run("DELETE FROM sessions WHERE user_id = $1", Params().add(id));
    transaction.commit();
    return true;
}

} // namespace

std::optional<UserId> PgUserStore::create_user(std::string_view name,
                                               std::string_view password_hash, TimePoint now) {
    auto db = pool_->lease();
    return insert_user(*db, name, password_hash, now);
}

std::optional<UserRow> PgUserStore::find_user(UserId id) {
    auto db = pool_->lease();
    return one_user(db->run("SELECT " + std::string(user_columns) + " FROM users WHERE id = $1",
                            Params().add(id)));
}

std::optional<UserRow> PgUserStore::find_user_by_name(std::string_view name) {
    auto db = pool_->lease();
    return one_user(
        db->run("SELECT " + std::string(user_columns) + " FROM users WHERE name_key = $1",
                Params().add(name_key(name))));
}

std::vector<UserRow> PgUserStore::list_users() {
    auto db = pool_->lease();
    // COLLATE "C": byte order, as SQLite's BINARY, whatever the database's locale.
    return read_users(db->run("SELECT " + std::string(user_columns) +
                              " FROM users ORDER BY name_key COLLATE \"C\""));
}

bool PgUserStore::set_password_hash(UserId id, std::string_view password_hash) {
    auto db = pool_->lease();
    return update_and_end_sessions(*db, "UPDATE users SET password_hash = $2 WHERE id = $1",
                                   Params().add(id).add(password_hash), id);
}

bool PgUserStore::set_disabled(UserId id, bool disabled) {
    auto db = pool_->lease();
    return update_and_end_sessions(*db, "UPDATE users SET disabled = $2 WHERE id = $1",
                                   Params().add(id).add(disabled ? 1 : 0), id);
}

bool PgUserStore::rehash_password(UserId id, std::string_view password_hash) {
    auto db = pool_->lease();
    return db->run("UPDATE users SET password_hash = $2 WHERE id = $1",
                   Params().add(id).add(password_hash))
               .affected() > 0;
}

void PgUserStore::create_session(const SessionRow& session) {
    auto db = pool_->lease();
    insert_session(*db, session);
}

std::optional<UserId> PgUserStore::create_user_with_session(std::string_view name,
                                                            std::string_view password_hash,
                                                            TimePoint now, SessionRow session) {
    auto db = pool_->lease();
    Transaction transaction(*db);
    const auto id = insert_user(*db, name, password_hash, now);
    if (!id)
        return std::nullopt; // rolled back: nothing was written
    session.user_id = *id;
    insert_session(*db, session);
    transaction.commit();
    return id;
}

std::optional<SessionRow> PgUserStore::find_session(std::string_view token_hash, TimePoint now) {
    auto db = pool_->lease();
    const auto r = db->run("SELECT s.token_hash, s.user_id, s.created_at, s.expires_at, "
                           "s.last_seen_at FROM sessions s JOIN users u ON u.id = s.user_id "
                           "WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.disabled = 0",
                           Params().add(token_hash).add(now));
    if (r.rows() == 0)
        return std::nullopt;
    return SessionRow{.token_hash = r.text(0, 0),
                      .user_id = r.integer(0, 1),
                      .created_at = r.time(0, 2),
                      .expires_at = r.time(0, 3),
                      .last_seen_at = r.time(0, 4)};
}

void PgUserStore::touch_session(std::string_view token_hash, TimePoint now) {
    auto db = pool_->lease();
    db->run("UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1",
            Params().add(token_hash).add(now));
}

bool PgUserStore::delete_session(std::string_view token_hash) {
    auto db = pool_->lease();
    return db->run("DELETE FROM sessions WHERE token_hash = $1", Params().add(token_hash))
               .affected() > 0;
}

int PgUserStore::delete_expired_sessions(TimePoint now) {
    auto db = pool_->lease();
    return db->run("DELETE FROM sessions WHERE expires_at <= $1", Params().add(now)).affected();
}

int PgUserStore::keep_newest_sessions(UserId user, int keep) {
    auto db = pool_->lease();
    // Within one millisecond seq, which grows with each insert, says which is newer.
    return db
        ->run("DELETE FROM sessions WHERE user_id = $1 AND seq NOT IN "
              "(SELECT seq FROM sessions WHERE user_id = $1 "
              "ORDER BY created_at DESC, seq DESC LIMIT $2)",
              Params().add(user).add(keep < 0 ? 0 : keep))
        .affected();
}

bool PgUserStore::add_block(UserId user, UserId blocked, TimePoint now) {
    auto db = pool_->lease();
    return db->run("INSERT INTO blocks (user_id, blocked_user_id, created_at) "
                   "VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                   Params().add(user).add(blocked).add(now))
               .affected() > 0;
}

bool PgUserStore::remove_block(UserId user, UserId blocked) {
    auto db = pool_->lease();
    return db->run("DELETE FROM blocks WHERE user_id = $1 AND blocked_user_id = $2",
                   Params().add(user).add(blocked))
               .affected() > 0;
}

std::vector<BlockRow> PgUserStore::list_blocks(UserId user) {
    auto db = pool_->lease();
    const auto r = db->run("SELECT b.user_id, b.blocked_user_id, u.name, b.created_at "
                           "FROM blocks b JOIN users u ON u.id = b.blocked_user_id "
                           "WHERE b.user_id = $1 ORDER BY u.name_key COLLATE \"C\"",
                           Params().add(user));
    std::vector<BlockRow> blocks;
    for (int i = 0; i < r.rows(); ++i)
        blocks.push_back(BlockRow{.user_id = r.integer(i, 0),
                                  .blocked_user_id = r.integer(i, 1),
                                  .blocked_name = r.text(i, 2),
                                  .created_at = r.time(i, 3)});
    return blocks;
}

bool PgUserStore::is_blocked_either_way(UserId a, UserId b) {
    auto db = pool_->lease();
    return db->run("SELECT 1 FROM blocks WHERE (user_id = $1 AND blocked_user_id = $2) "
                   "OR (user_id = $2 AND blocked_user_id = $1) LIMIT 1",
                   Params().add(a).add(b))
               .rows() > 0;
}

} // namespace storage::postgres
