#include "storage/open.h"

#include "storage/errors.h"
#include "storage/postgres/pg_backend.h"
#include "storage/sqlite/connection.h"
#include "storage/sqlite/database_file.h"
#include "storage/sqlite/sqlite_backend.h"

#include <string>

namespace storage {
namespace {

constexpr std::string_view sqlite_prefix = "sqlite:";

bool is_postgres_uri(std::string_view db) {
    return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

std::unique_ptr<Backend> open_sqlite(const std::string& path, const StorageOptions& options) {
    // A missing file is made only when asked; the check then names a wrong path or an
    // unwritable file in SQLite's words before the migrations run.
    if (options.create)
        sqlite::check_database_file(path);
    sqlite::OpenOptions open;
    open.durability = options.durability;
    open.create = options.create;
    return std::make_unique<sqlite::SqliteBackend>(path, open);
}

} // namespace

Location parse_location(std::string_view db) {
    if (is_postgres_uri(db))
        return Location{BackendKind::Postgres, std::string(db)};
    if (db.starts_with(sqlite_prefix))
        db.remove_prefix(sqlite_prefix.size());
    if (db.empty())
        throw StorageError("no database named (a file path, sqlite:PATH or postgresql://...)");
    return Location{BackendKind::Sqlite, std::string(db)};
}

std::string without_password(std::string_view db) {
    if (!is_postgres_uri(db))
        return std::string(db);
    // scheme://[user[:password]@]host...: the userinfo ends at the first '@' before the path.
    const auto authority = db.find("://") + 3;
    const auto path = db.find_first_of("/?#", authority);
    const auto at = db.rfind('@', path == std::string_view::npos ? db.size() : path);
    std::string shown(db);
    if (at != std::string_view::npos && at >= authority) {
        const auto colon = db.find(':', authority);
        if (colon != std::string_view::npos && colon < at)
            shown.replace(colon + 1, at - colon - 1, "***");
    }
    // A password may also come as a query parameter (?password=...).
    const auto parameter = shown.find("password=");
    if (parameter != std::string::npos) {
        const auto end = shown.find('&', parameter);
        const auto value = parameter + std::string_view("password=").size();
        shown.replace(value, (end == std::string::npos ? shown.size() : end) - value, "***");
    }
    return shown;
}

std::unique_ptr<Backend> open(std::string_view db, const StorageOptions& options) {
    const auto location = parse_location(db);
    if (location.kind == BackendKind::Sqlite)
        return open_sqlite(location.target, options);
    return std::make_unique<postgres::PgBackend>(location.target, options);
}

bool prepare_process() {
    return sqlite::configure_library();
}

} // namespace storage
