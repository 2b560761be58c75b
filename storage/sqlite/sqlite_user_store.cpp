#include "storage/sqlite/sqlite_user_store.h"

namespace storage::sqlite {
namespace {

constexpr std::string_view user_columns = "id, name, password_hash, created_at, disabled";

UserRow read_user(const Statement& s) {
    return UserRow{.id = s.column_int(0),
                   .name = s.column_text(1),
                   .password_hash = s.column_text(2),
                   .created_at = s.column_time(3),
                   .disabled = s.column_int(4) != 0};
}

std::optional<UserRow> one_user(Statement& statement) {
    if (!statement.step())
        return std::nullopt;
    return read_user(statement);
}

} // namespace

std::optional<UserId> SqliteUserStore::create_user(std::string_view name,
                                                   std::string_view password_hash, TimePoint now) {
    // ON CONFLICT DO NOTHING: a taken name inserts no row, which is the answer, not an error.
    auto insert = db_.prepare("INSERT INTO users (name, name_key, password_hash, created_at) "
                              "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (name_key) DO NOTHING");
    insert.bind_text(1, name).bind_text(2, name_key(name)).bind_text(3, password_hash);
    insert.bind_time(4, now).run();
    if (db_.changes() == 0)
        return std::nullopt;
    return db_.last_insert_id();
}

std::optional<UserRow> SqliteUserStore::find_user(UserId id) {
    auto s = db_.prepare("SELECT " + std::string(user_columns) + " FROM users WHERE id = ?1");
    s.bind_int(1, id);
    return one_user(s);
}

std::optional<UserRow> SqliteUserStore::find_user_by_name(std::string_view name) {
    auto s = db_.prepare("SELECT " + std::string(user_columns) + " FROM users WHERE name_key = ?1");
    s.bind_text(1, name_key(name));
    return one_user(s);
}

std::vector<UserRow> SqliteUserStore::list_users() {
    auto s = db_.prepare("SELECT " + std::string(user_columns) + " FROM users ORDER BY name_key");
    std::vector<UserRow> users;
    while (s.step())
        users.push_back(read_user(s));
    return users;
}

bool SqliteUserStore::set_password_hash(UserId id, std::string_view password_hash) {
    Transaction transaction(db_);
    auto update = db_.prepare("UPDATE users SET password_hash = ?2 WHERE id = ?1");
    update.bind_int(1, id).bind_text(2, password_hash).run();
    if (db_.changes() == 0)
        return false;
    db_.prepare("DELETE FROM sessions WHERE user_id = ?1").bind_int(1, id).run();
    transaction.commit();
    return true;
}

bool SqliteUserStore::set_disabled(UserId id, bool disabled) {
    Transaction transaction(db_);
    auto update = db_.prepare("UPDATE users SET disabled = ?2 WHERE id = ?1");
    update.bind_int(1, id).bind_int(2, disabled ? 1 : 0).run();
    if (db_.changes() == 0)
        return false;
    db_.prepare("DELETE FROM sessions WHERE user_id = ?1").bind_int(1, id).run();
    transaction.commit();
    return true;
}

bool SqliteUserStore::rehash_password(UserId id, std::string_view password_hash) {
    auto update = db_.prepare("UPDATE users SET password_hash = ?2 WHERE id = ?1");
    update.bind_int(1, id).bind_text(2, password_hash).run();
    return db_.changes() > 0;
}

void SqliteUserStore::create_session(const SessionRow& session) {
    auto insert = db_.prepare("INSERT INTO sessions (token_hash, user_id, created_at, "
                              "expires_at, last_seen_at) VALUES (?1, ?2, ?3, ?4, ?5)");
    insert.bind_text(1, session.token_hash).bind_int(2, session.user_id);
    insert.bind_time(3, session.created_at).bind_time(4, session.expires_at);
    insert.bind_time(5, session.last_seen_at).run();
}

std::optional<UserId> SqliteUserStore::create_user_with_session(std::string_view name,
                                                                std::string_view password_hash,
                                                                TimePoint now, SessionRow session) {
    Transaction transaction(db_);
    const auto id = create_user(name, password_hash, now);
    if (!id)
        return std::nullopt; // rolled back: nothing was written
    session.user_id = *id;
    create_session(session);
    transaction.commit();
    return id;
}

std::optional<SessionRow> SqliteUserStore::find_session(std::string_view token_hash,
                                                        TimePoint now) {
    auto s = db_.prepare("SELECT s.token_hash, s.user_id, s.created_at, s.expires_at, "
                         "s.last_seen_at FROM sessions s JOIN users u ON u.id = s.user_id "
                         "WHERE s.token_hash = ?1 AND s.expires_at > ?2 AND u.disabled = 0");
    s.bind_text(1, token_hash).bind_time(2, now);
    if (!s.step())
        return std::nullopt;
    return SessionRow{.token_hash = s.column_text(0),
                      .user_id = s.column_int(1),
                      .created_at = s.column_time(2),
                      .expires_at = s.column_time(3),
                      .last_seen_at = s.column_time(4)};
}

void SqliteUserStore::touch_session(std::string_view token_hash, TimePoint now) {
    auto update = db_.prepare("UPDATE sessions SET last_seen_at = ?2 WHERE token_hash = ?1");
    update.bind_text(1, token_hash).bind_time(2, now).run();
}

bool SqliteUserStore::delete_session(std::string_view token_hash) {
    db_.prepare("DELETE FROM sessions WHERE token_hash = ?1").bind_text(1, token_hash).run();
    return db_.changes() > 0;
}

int SqliteUserStore::delete_expired_sessions(TimePoint now) {
    db_.prepare("DELETE FROM sessions WHERE expires_at <= ?1").bind_time(1, now).run();
    return db_.changes();
}

int SqliteUserStore::keep_newest_sessions(UserId user, int keep) {
    // sessions_by_user finds the user's rows (about `keep` + 1 of them). Within one
    // millisecond the rowid, which grows with each insert, says which is newer.
    auto trim = db_.prepare("DELETE FROM sessions WHERE user_id = ?1 AND rowid NOT IN "
                            "(SELECT rowid FROM sessions WHERE user_id = ?1 "
                            "ORDER BY created_at DESC, rowid DESC LIMIT ?2)");
    trim.bind_int(1, user).bind_int(2, keep < 0 ? 0 : keep).run();
    return db_.changes();
}

bool SqliteUserStore::add_block(UserId user, UserId blocked, TimePoint now) {
    auto insert = db_.prepare("INSERT INTO blocks (user_id, blocked_user_id, created_at) "
                              "VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING");
    insert.bind_int(1, user).bind_int(2, blocked).bind_time(3, now).run();
    return db_.changes() > 0;
}

bool SqliteUserStore::remove_block(UserId user, UserId blocked) {
    auto remove = db_.prepare("DELETE FROM blocks WHERE user_id = ?1 AND blocked_user_id = ?2");
    remove.bind_int(1, user).bind_int(2, blocked).run();
    return db_.changes() > 0;
}

std::vector<BlockRow> SqliteUserStore::list_blocks(UserId user) {
    auto s = db_.prepare("SELECT b.user_id, b.blocked_user_id, u.name, b.created_at "
                         "FROM blocks b JOIN users u ON u.id = b.blocked_user_id "
                         "WHERE b.user_id = ?1 ORDER BY u.name_key");
    s.bind_int(1, user);
    std::vector<BlockRow> blocks;
    while (s.step())
        blocks.push_back(BlockRow{.user_id = s.column_int(0),
                                  .blocked_user_id = s.column_int(1),
                                  .blocked_name = s.column_text(2),
                                  .created_at = s.column_time(3)});
    return blocks;
}

bool SqliteUserStore::is_blocked_either_way(UserId a, UserId b) {
    auto s = db_.prepare("SELECT 1 FROM blocks WHERE (user_id = ?1 AND blocked_user_id = ?2) "
                         "OR (user_id = ?2 AND blocked_user_id = ?1) LIMIT 1");
    s.bind_int(1, a).bind_int(2, b);
    return s.step();
}

} // namespace storage::sqlite
