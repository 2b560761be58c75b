#pragma once
// UserStore on SQLite: accounts, sessions, blocks. Owns its connection; one thread at a time.

#include "storage/name_key.h"
#include "storage/sqlite/connection.h"
#include "storage/stores.h"

namespace storage::sqlite {

class SqliteUserStore final : public UserStore {
public:
    explicit SqliteUserStore(Connection connection) : db_(std::move(connection)) {}

    std::optional<UserId> create_user(std::string_view name, std::string_view password_hash,
                                      TimePoint now) override;
    std::optional<UserRow> find_user(UserId id) override;
    std::optional<UserRow> find_user_by_name(std::string_view name) override;
    std::vector<UserRow> list_users() override;
    bool set_password_hash(UserId id, std::string_view password_hash) override;
    bool set_disabled(UserId id, bool disabled) override;
    bool rehash_password(UserId id, std::string_view password_hash) override;

    void create_session(const SessionRow& session) override;
    std::optional<UserId> create_user_with_session(std::string_view name,
                                                   std::string_view password_hash, TimePoint now,
                                                   SessionRow session) override;
    std::optional<SessionRow> find_session(std::string_view token_hash, TimePoint now) override;
    void touch_session(std::string_view token_hash, TimePoint now) override;
    bool delete_session(std::string_view token_hash) override;
    int delete_expired_sessions(TimePoint now) override;
    int keep_newest_sessions(UserId user, int keep) override;

    bool add_block(UserId user, UserId blocked, TimePoint now) override;
    bool remove_block(UserId user, UserId blocked) override;
    std::vector<BlockRow> list_blocks(UserId user) override;
    bool is_blocked_either_way(UserId a, UserId b) override;

private:
    Connection db_;
};

} // namespace storage::sqlite
